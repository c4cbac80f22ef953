const PAST_TENSE: Record<string, string> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  disable: 'deactivated',
  enable: 'activated',
  activate: 'activated',
  deactivate: 'deactivated',
  transfer: 'transferred',
  distribute: 'distributed',
  undistribute: 'withdrawn',
  add: 'added',
  remove: 'removed',
  confirm: 'confirmed',
  upload: 'uploaded',
  validate: 'validated',
  download: 'downloaded',
  check: 'checked',
};

/** Actions whose words do not follow "subject verb". */
const WHOLE_ACTIONS: Record<string, string> = {
  'end_user.portal_sign_in': 'Signed in to the portal',
  'end_user.portal_sign_in_link_sent': 'Portal sign-in link sent',
  'manufacturer.portal_settings_update': 'Portal settings updated',
};

/** An audit action in words: `license.transfer` → "License transferred", `channel_membership.add` → "Channel membership added". */
export function actionInWords(action: string): string {
  if (WHOLE_ACTIONS[action]) return WHOLE_ACTIONS[action];
  const parts = action.split('.');
  const verb = parts.length > 1 ? parts.pop()! : '';
  const subject = parts.join(' ').replace(/_/g, ' ');
  const words = [subject, PAST_TENSE[verb] ?? verb].filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
