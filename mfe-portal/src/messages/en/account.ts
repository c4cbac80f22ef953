// My account (change my email) in English. Loaded with the page.
export const account = {
  'account.title': 'My account',
  'account.current': 'You are signed in as {email}.',
  'account.changeEmail': 'Change my email',
  'account.newEmail': 'New email address',
  'account.sendCode': 'Send a code to the new address',
  'account.requestFailed': 'The code could not be sent. Please try again.',
  'account.checkInbox': 'Check your new inbox',
  'account.confirm': 'Confirm the new address',
  'account.confirmFailed': 'The address could not be changed. Please try again.',
  'account.otherEmail': 'Use another address',
  'account.changed': 'Your email is now {email}. We told your old address.',
};
