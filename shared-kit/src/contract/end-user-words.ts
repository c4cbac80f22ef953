// No TypeBox here: the user form's first load reads these texts.
export const END_USER_EXTERNAL_ID_MAX_LENGTH = 200;
/** The user form and each row of an import say the same of an over-long external ID. */
export const EXTERNAL_ID_TOO_LONG = `External ID must be at most ${END_USER_EXTERNAL_ID_MAX_LENGTH} characters.`;
