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
  revoke: 'revoked',
  refund: 'refunded',
  renew: 'renewed',
  check_out: 'checked out',
  check_in: 'checked in',
  borrow: 'borrowed',
  release: 'released',
  apply: 'applied',
};

/** Actions whose words do not follow "subject verb". */
const WHOLE_ACTIONS: Record<string, string> = {
  'end_user.portal_sign_in': 'Signed in to the portal',
  'end_user.portal_sign_in_link_sent': 'Portal sign-in link sent',
  'manufacturer.portal_settings_update': 'Portal settings updated',
  'api_key.create': 'API key created',
  'api_key.revoke': 'API key revoked',
};

/**
 * Events that record something done rather than fields changed: one sentence from what they recorded, instead of
 * "Method: none → code" under the action.
 */
const EVENT_SENTENCES: Record<string, (recorded: Record<string, unknown>) => string> = {
  'end_user.portal_sign_in': ({ method }) =>
    method === 'link'
      ? 'Signed in to the portal with the link in a sign-in mail'
      : method === 'code'
        ? 'Signed in to the portal with the code from a sign-in mail'
        : 'Signed in to the portal',
  'end_user.portal_sign_in_link_sent': ({ sent_to }) =>
    typeof sent_to === 'string' ? `Portal sign-in link sent to ${sent_to}` : 'Portal sign-in link sent',
  'license.edition_change': ({ previous_edition, edition }) =>
    `Edition changed from ${typeof previous_edition === 'string' ? previous_edition : 'none'} to ${String(edition)}`,
};

export interface EventInWords {
  action: string;
  /** One line per changed field; none for an event told in one sentence. */
  changes: string[];
}

/** What an audit event did, as History shows it: the action in words and the changed fields, or one sentence. */
export function eventInWords(event: {
  action: string;
  changes: { field: string; after: unknown; summary: string }[];
}): EventInWords {
  const sentence = EVENT_SENTENCES[event.action];
  if (sentence)
    return {
      action: sentence(Object.fromEntries(event.changes.map((change) => [change.field, change.after]))),
      changes: [],
    };
  return { action: actionInWords(event.action), changes: event.changes.map((change) => change.summary) };
}

/** An audit action in words: `license.transfer` → "License transferred", `channel_membership.add` → "Channel membership added". */
export function actionInWords(action: string): string {
  if (WHOLE_ACTIONS[action]) return WHOLE_ACTIONS[action];
  const parts = action.split('.');
  const verb = parts.length > 1 ? parts.pop()! : '';
  const subject = parts.join(' ').replace(/_/g, ' ');
  const words = [subject, PAST_TENSE[verb] ?? verb].filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
