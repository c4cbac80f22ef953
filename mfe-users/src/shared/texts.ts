/** What a page of one user says when its address names no user (a bad or hand-edited id). */
export const NOT_A_USER_ADDRESS = 'This address does not name a user. Open the user from the Users list.';
