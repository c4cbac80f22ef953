// Owned by the users area (issue: mfe-users): schemas and types of the end-user API. The licensing area reads
// EndUser (transfer target picker); extend, do not rename.
import { Type, type Static } from '@sinclair/typebox';
import { DistributionChannel } from './channels';
import { Id, ListQuery, Paged, Text, Timestamp, Timestamps } from './common';

export const END_USER_EMAIL_MAX_LENGTH = 320;
import { END_USER_EXTERNAL_ID_MAX_LENGTH } from './end-user-words';

export { END_USER_EXTERNAL_ID_MAX_LENGTH, EXTERNAL_ID_TOO_LONG } from './end-user-words';

/** An end user of a manufacturer, as lists show it. */
export const EndUser = Type.Object({
  id: Id,
  email: Text(),
  external_id: Type.Union([Text(), Type.Null()]),
  manufacturer_id: Id,
  ...Timestamps,
});
export type EndUser = Static<typeof EndUser>;

export const EndUserList = Paged(EndUser);

/** `email` finds users whose email contains the text, case-insensitively. */
export const EndUserListQuery = ListQuery({ email: Type.Optional(Text({ maxLength: END_USER_EMAIL_MAX_LENGTH })) });
export type EndUserListQuery = Static<typeof EndUserListQuery>;

/** POST /users and PATCH /users/{id}: the console sends both fields; an empty external ID means none. */
export const EndUserBody = Type.Object(
  {
    email: Text({ format: 'email', maxLength: END_USER_EMAIL_MAX_LENGTH }),
    external_id: Type.Optional(Type.Union([Text({ maxLength: END_USER_EXTERNAL_ID_MAX_LENGTH }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type EndUserBody = Static<typeof EndUserBody>;

/** A user's membership of a distribution channel (Release is everybody's). */
export const ChannelMembership = Type.Object({ created_at: Timestamp, channel: DistributionChannel });
export type ChannelMembership = Static<typeof ChannelMembership>;

export const UserFingerprint = Type.Object({ id: Id, hardware_fingerprint: Text(), created_at: Timestamp });
export type UserFingerprint = Static<typeof UserFingerprint>;

const TransferredLicense = Type.Object({ id: Id, serial: Text(), product: Type.Object({ id: Id, name: Text() }) });
const TransferParty = Type.Object({ id: Id, email: Text() });

/** A licence transfer as one side's list shows it: the other side's user under `otherSide`. */
const LicenseTransfer = <OtherSide extends 'to_user' | 'from_user'>(otherSide: OtherSide) =>
  Type.Object({
    id: Id,
    created_at: Timestamp,
    ...({ [otherSide]: TransferParty } as Record<OtherSide, typeof TransferParty>),
    license: TransferredLicense,
  });

export const SentLicenseTransfer = LicenseTransfer('to_user');
export type SentLicenseTransfer = Static<typeof SentLicenseTransfer>;
export const ReceivedLicenseTransfer = LicenseTransfer('from_user');
export type ReceivedLicenseTransfer = Static<typeof ReceivedLicenseTransfer>;

/**
 * GET /users/{id}: the user with everything the details page shows (docs/console.md, Records). An end user has no console
 * access level (that belongs to system users), so the field is not part of this shape.
 */
export const EndUserDetails = Type.Composite([
  EndUser,
  Type.Object({
    manufacturer: Type.Object({ id: Id }),
    fingerprints: Type.Array(UserFingerprint),
    channel_memberships: Type.Array(ChannelMembership),
    license_transfers_sent: Type.Array(SentLicenseTransfer),
    license_transfers_received: Type.Array(ReceivedLicenseTransfer),
  }),
]);
export type EndUserDetails = Static<typeof EndUserDetails>;

/** POST /manufacturers/{id}/channels/{channelId}/users */
export const ChannelMembershipBody = Type.Object({ user_id: Id }, { additionalProperties: false });
export type ChannelMembershipBody = Static<typeof ChannelMembershipBody>;

export const ChannelMemberParams = Type.Object({ id: Id, channelId: Id, userId: Id });
export type ChannelMemberParams = Static<typeof ChannelMemberParams>;
