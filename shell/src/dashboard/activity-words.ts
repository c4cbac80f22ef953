import type { AuditEvent } from 'shared-kit';
import type { AuditAction } from 'shared-kit/contract';
import { catalogLinks, manufacturersLinks, usersLinks } from 'shared-kit/pages';

/** The record an event is about, by the name a person knows it by, with the page that shows it when there is one. */
export interface ActivityRecord {
  text: string;
  to?: string;
}

/** What a sentence is made of: who did it, the record, and the values the snapshot holds (field → value). */
interface ActivityParts {
  who: string;
  record: ActivityRecord;
  value: (field: string) => string | undefined;
}

/** One activity line: the words before the record, the record (a link when it has a page), the words after. */
export interface ActivityLine {
  before: string;
  record?: ActivityRecord;
  after: string;
}

const count = (text: string | undefined, one: string, many: string) =>
  text === undefined ? many : `${text} ${text === '1' ? one : many}`;

/**
 * A sentence for every action the server writes (shared-kit's AUDIT_ACTIONS: the type makes a missing one a build
 * error, and activity-words.test.ts checks each reads as words). `{record}` marks where the record's name goes.
 */
const SENTENCES: Record<AuditAction, (parts: ActivityParts) => string> = {
  'api_key.create': ({ who }) => `${who} created the API key {record}`,
  'api_key.revoke': ({ who }) => `${who} revoked the API key {record}`,
  'batch.create': ({ who }) => `${who} made the reseller batch {record}`,
  'batch.void': ({ who }) => `${who} voided unsold serials of the reseller batch {record}`,
  'batch_serial.redeem': ({ who }) => `${who} redeemed the serial {record}`,
  'build.confirm': ({ who }) => `${who} confirmed the upload of build {record}`,
  'build.create': ({ who }) => `${who} created build {record}`,
  'build_file.upload': ({ who }) => `${who} uploaded the build file {record}`,
  'channel_membership.add': ({ who }) => `${who} added the user {record} to a distribution channel`,
  'channel_membership.remove': ({ who }) => `${who} removed the user {record} from a distribution channel`,
  'client.download': ({ who }) => `${who} downloaded the file {record}`,
  'client.machine.deactivate': ({ who }) => `${who} released a machine of license {record}`,
  'client.seat.borrow': ({ who, value }) => `${who} borrowed a seat of license {record} for machine ${machine(value)}`,
  'client.seat.check_in': ({ who, value }) =>
    `${who} returned a seat of license {record} from machine ${machine(value)}`,
  'client.seat.check_out': ({ who, value }) => `${who} took a seat of license {record} on machine ${machine(value)}`,
  'client.trial.reissue': ({ who, value }) => `${who} renewed the trial file of machine ${machine(value)} ({record})`,
  'client.trial.start': ({ who, value }) => `${who} started a trial on machine ${machine(value)} ({record})`,
  'end_user.create': ({ who }) => `${who} created the user {record}`,
  'end_user.portal_email_change_request': ({ who }) => `${who} asked to change the portal email of the user {record}`,
  'end_user.portal_sign_in': ({ who }) => `${who} signed in to the portal as the user {record}`,
  'end_user.portal_sign_in_link_sent': ({ who }) => `${who} sent a portal sign-in link to the user {record}`,
  'end_user.update': ({ who }) => `${who} changed the user {record}`,
  'import.apply': ({ who, value }) =>
    `${who} imported ${count(value('users_created'), 'user', 'users')} and ${count(value('licenses_created'), 'license', 'licenses')} ({record})`,
  'license.activate': ({ who }) => `${who} activated license {record}`,
  'license.create': ({ who }) => `${who} created license {record}`,
  'license.disable': ({ who }) => `${who} deactivated license {record}`,
  'license.edition_change': ({ who }) => `${who} changed the edition of license {record}`,
  'license.enable': ({ who }) => `${who} reactivated license {record}`,
  'license.renew': ({ who }) => `${who} renewed license {record}`,
  'license.transfer': ({ who }) => `${who} transferred license {record}`,
  'license_lease.release': ({ who }) => `${who} released a seat of license {record}`,
  'license_machine.deactivate': ({ who }) => `${who} released a machine of license {record}`,
  'license_policy.apply': ({ who }) => `${who} applied the license policy {record}`,
  'license_policy.delete': ({ who }) => `${who} deleted the license policy {record}`,
  'license_policy.update': ({ who }) => `${who} changed the license policy {record}`,
  'mail_settings.update': ({ who }) => `${who} changed the mail settings of the manufacturer {record}`,
  'buyer_mails.update': ({ who }) => `${who} switched the buyer mails of the manufacturer {record}`,
  'manufacturer.create': ({ who }) => `${who} created the manufacturer {record}`,
  'manufacturer.portal_settings_update': ({ who }) => `${who} changed the portal settings of the manufacturer {record}`,
  'manufacturer.two_factor_requirement_update': ({ who }) =>
    `${who} changed whether the manufacturer {record} requires two-factor sign-in`,
  'manufacturer.update': ({ who }) => `${who} changed the details of the manufacturer {record}`,
  'order.create': ({ who }) => `${who} recorded the order {record}`,
  'order.refund': ({ who }) => `${who} refunded the order {record}`,
  'platform.two_factor_requirement_update': ({ who }) =>
    `${who} changed whether every system user must sign in with two factors`,
  'portal.license.browser-activate': ({ who }) => `${who} activated license {record} from the browser`,
  'portal.license.offline-activate': ({ who }) => `${who} activated license {record} offline`,
  'product.create': ({ who }) => `${who} created the product {record}`,
  'product.update': ({ who }) => `${who} changed the product {record}`,
  'product_edition.create': ({ who }) => `${who} created the edition {record}`,
  'product_edition.delete': ({ who }) => `${who} deleted the edition {record}`,
  'product_edition.update': ({ who }) => `${who} changed the edition {record}`,
  'product_feature.create': ({ who }) => `${who} created the feature {record}`,
  'product_feature.delete': ({ who }) => `${who} deleted the feature {record}`,
  'product_feature.update': ({ who }) => `${who} changed the feature {record}`,
  'release.create': ({ who }) => `${who} created the release {record}`,
  'release.distribute': ({ who }) => `${who} distributed the release {record} to a channel`,
  'release.undistribute': ({ who }) => `${who} withdrew the release {record} from a channel`,
  'release.update': ({ who }) => `${who} changed the release {record}`,
  'store.mapping_create': ({ who, value }) => `${who} added the ${storeName(value)} price mapping {record}`,
  'store.mapping_delete': ({ who, value }) => `${who} removed the ${storeName(value)} price mapping {record}`,
  'store.mapping_update': ({ who, value }) => `${who} changed the ${storeName(value)} price mapping {record}`,
  'store.secret_set': ({ who, value }) => `${who} set the ${storeName(value)} webhook signing secret`,
  'sso.settings_update': ({ who }) => `${who} changed the single sign-on settings`,
  'sso.sign_in': ({ who }) => `${who} signed in with single sign-on`,
  'system_user.create': ({ who }) => `${who} created the staff account {record}`,
  'system_user.disable': ({ who }) => `${who} disabled the staff account {record}`,
  'system_user.enable': ({ who }) => `${who} enabled the staff account {record}`,
  'system_user.sessions_end': ({ who }) => `${who} signed out every session of the staff account {record}`,
  'trial.delete': ({ who }) => `${who} deleted the trial {record}`,
  'two_factor.passkey_added': ({ who }) => `${who} added a passkey to the staff account {record}`,
  'two_factor.passkey_removed': ({ who }) => `${who} removed a passkey of the staff account {record}`,
  'two_factor.recovery_code_used': ({ who }) => `${who} signed in with a recovery code of the staff account {record}`,
  'two_factor.recovery_codes_renewed': ({ who }) => `${who} made new recovery codes for the staff account {record}`,
  'two_factor.sign_in_failed': ({ who }) => `${who} gave a wrong second-factor code for the staff account {record}`,
  'two_factor.totp_disabled': ({ who }) => `${who} turned off the authenticator app of the staff account {record}`,
  'two_factor.totp_enabled': ({ who }) => `${who} turned on an authenticator app for the staff account {record}`,
  'webhook_endpoint.create': ({ who }) => `${who} added the webhook {record}`,
  'webhook_endpoint.delete': ({ who }) => `${who} removed the webhook {record}`,
  'webhook_endpoint.update': ({ who }) => `${who} changed the webhook {record}`,
  'staff.invite': ({ who, value }) => `${who} invited {record} to the staff as ${roleWords(value('role'))}`,
  'staff.invite_accept': ({ who, value }) =>
    `${who} accepted an invite and joined the staff as ${roleWords(value('role'))}`,
  'staff.invite_withdraw': ({ who, value }) =>
    `${who} withdrew the invite of {record} to the staff as ${roleWords(value('role'))}`,
  'staff.role_change': ({ who, value }) => `${who} made the staff member {record} ${roleWords(value('role'))}`,
  'staff.disable': ({ who }) => `${who} disabled the staff member {record}`,
  'staff.enable': ({ who }) => `${who} enabled the staff member {record}`,
  'staff.remove': ({ who }) => `${who} removed the staff member {record}`,
  'staff.sessions_end': ({ who }) => `${who} signed out every session of the staff member {record}`,
  'staff.two_factor_reset': ({ who }) => `${who} reset the two-factor sign-in of the staff member {record}`,
};

const ROLE_WORDS: Record<string, string> = {
  owner: 'an owner',
  admin: 'an admin',
  release_manager: 'a release manager',
  support: 'support',
  viewer: 'a viewer',
};
const roleWords = (role: string | undefined) => ROLE_WORDS[role ?? ''] ?? 'a member';

const STORE_NAMES: Record<string, string> = { stripe: 'Stripe', paddle: 'Paddle' };
const storeName = (value: ActivityParts['value']) => STORE_NAMES[value('store') ?? ''] ?? 'store';

const machine = (value: ActivityParts['value']) => {
  const fingerprint = value('hardware_fingerprint');
  return fingerprint ? `${fingerprint.slice(0, 12)}${fingerprint.length > 12 ? '…' : ''}` : 'unknown';
};

/** Who: staff and customers by email, a key by its name, and without a console user a plugin (client.*) or ProductHub. */
export function actorWords(event: AuditEvent): string {
  const { actor } = event;
  if (actor.type === 'user') return actor.email;
  if (actor.type === 'customer') return `${actor.email} (customer)`;
  if (actor.type === 'api_key') return `API key ${actor.name} (${actor.prefix}…)`;
  return event.action.startsWith('client.') ? 'A plugin' : 'ProductHub';
}

/** The snapshot's values (the newer one when a field changed), as text. */
function valuesOf(event: AuditEvent): ActivityParts['value'] {
  const values = new Map<string, string>();
  for (const change of event.changes) {
    const value = change.after ?? change.before;
    if (value !== null && value !== undefined && typeof value !== 'object') values.set(change.field, String(value));
  }
  return (field) => values.get(field);
}

/** The fields that name a record, first found wins: a person knows a licence by its serial, a user by their email. */
const NAME_FIELDS = ['name', 'serial', 'email', 'url', 'description', 'identifier'];

const numericId = (id: string | undefined) => (id && /^[0-9]+$/.test(id) ? Number(id) : undefined);

/** The record's name and page: licences and users lead to the user, products to the product, manufacturers to theirs. */
export function activityRecord(event: AuditEvent, value: ActivityParts['value'] = valuesOf(event)): ActivityRecord {
  const { type, id } = event.object;
  const name = NAME_FIELDS.map(value).find((text) => text !== undefined && text !== '');
  // Each sentence says what kind of record it is ("the user …"): without a name, its number.
  const text = name ?? (type === 'user_import' ? `import ${id}` : `#${id}`);
  const userId = type === 'end_user' ? numericId(id) : numericId(value('user_id'));
  if (type === 'product' && numericId(id)) return { text, to: catalogLinks.updateProduct({ id: Number(id) }) };
  if (type === 'manufacturer' && numericId(id)) return { text, to: manufacturersLinks.manufacturerDetails(Number(id)) };
  if ((type === 'end_user' || type === 'license') && userId !== undefined)
    return { text, to: usersLinks.userDetails(userId) };
  if (type === 'trial' && numericId(value('product_id')) !== undefined)
    return {
      text: `product ${value('product_id')}`,
      to: catalogLinks.updateProduct({ id: Number(value('product_id')) }),
    };
  return { text };
}

const isKnownAction = (action: string): action is AuditAction => Object.hasOwn(SENTENCES, action);

/** "Ada imported 5 users and 2 licenses", "A plugin started a trial on machine 3f9a…": who did what to which record. */
export function activityLine(event: AuditEvent): ActivityLine {
  const value = valuesOf(event);
  const record = activityRecord(event, value);
  const who = actorWords(event);
  const sentence = isKnownAction(event.action)
    ? SENTENCES[event.action]({ who, record, value })
    : // An action newer than this console: still a sentence, the action's words as its verb.
      `${who} did “${event.action.replace(/[._]/g, ' ')}” to {record}`;
  const [before, after = ''] = sentence.split('{record}');
  return { before, record, after };
}

/** The line as plain text (tests, screen reader checks). */
export const activitySentence = (event: AuditEvent) => {
  const { before, record, after } = activityLine(event);
  return `${before}${record?.text ?? ''}${after}`;
};

/**
 * Fields a person reads in an event; the rest is bookkeeping (who called from where, ids the sentence already
 * names, expiry stamps): "Actor: none → client" is noise on a dashboard.
 */
const BOOKKEEPING = new Set([
  'actor',
  'address',
  'product_id',
  'user_id',
  'expires_at',
  'hardware_fingerprint_version',
]);

/** The changes field by field, in the words History uses (the server's summaries), bookkeeping left out; creations say none. */
export const activityChanges = (event: AuditEvent) =>
  /\.(create|apply|start|reissue|upload|download)$/.test(event.action)
    ? ''
    : event.changes
        .filter((change) => !BOOKKEEPING.has(change.field))
        .map((change) => change.summary)
        .join('; ');
