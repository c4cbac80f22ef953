// Floating seats (docs/client-api.md, docs/licensing.md): the client calls that check a seat of a floating licence
// out, keep it, return it and borrow it, the signed lease they answer, and the seats in use as staff see them.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Text, Timestamp } from './common';
import { ClientFingerprint, ClientMachineName, ClientSerial, MachineNaming } from './clients';

/** The longest a policy may let a seat be borrowed, in days (the schema's bound; the policy's own is lower or equal). */
export const BORROW_DAYS_MAX = 366;
/** A lease id as the server makes them (a UUID). */
export const LEASE_ID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const LeaseId = Text({ pattern: LEASE_ID_PATTERN });

export const SeatCheckoutBody = Type.Object(
  {
    product_id: Id,
    serial: ClientSerial,
    hardware_fingerprint: ClientFingerprint,
    machine_name: Type.Optional(ClientMachineName),
  },
  { additionalProperties: false },
);
export type SeatCheckoutBody = Static<typeof SeatCheckoutBody>;

export const SeatBorrowBody = Type.Object(
  {
    product_id: Id,
    serial: ClientSerial,
    hardware_fingerprint: ClientFingerprint,
    machine_name: Type.Optional(ClientMachineName),
    days: Type.Integer({ minimum: 1, maximum: BORROW_DAYS_MAX }),
  },
  { additionalProperties: false },
);
export type SeatBorrowBody = Static<typeof SeatBorrowBody>;

/** A heart-beat or a check-in: the caller's own lease. */
export const SeatLeaseBody = Type.Object(
  { product_id: Id, serial: ClientSerial, hardware_fingerprint: ClientFingerprint, lease_id: LeaseId },
  { additionalProperties: false },
);
export type SeatLeaseBody = Static<typeof SeatLeaseBody>;

/** The signed lease (format `producthub-lease`). */
export const LeaseDocument = Type.Object({
  format: Text(),
  format_version: Type.Integer(),
  signature: Text(),
  product_id: Id,
  serial: Text(),
  hardware_fingerprint: Text(),
  lease_id: Text(),
  borrowed: Type.Boolean(),
  expires_at: Text(),
  edition: Text(),
  features: Type.Array(Type.Object({ key: Text() })),
  issued_at: Text(),
});
export type LeaseDocument = Static<typeof LeaseDocument>;

/** 409 when every seat is taken: the message names the seats and when the first frees, and so does `frees_at`. */
export const SeatsInUseAnswer = Type.Object({ message: Type.Array(Text()), frees_at: Text() });
export type SeatsInUseAnswer = Static<typeof SeatsInUseAnswer>;

export const SeatCheckinResult = Type.Object({
  lease_id: Text(),
  serial: Text(),
  hardware_fingerprint: Text(),
  checked_in_at: Text(),
});
export type SeatCheckinResult = Static<typeof SeatCheckinResult>;

/** A seat in use on a floating licence, as staff see it. */
export const LicenseLease = Type.Object({
  id: Text(),
  ...MachineNaming,
  borrowed: Type.Boolean(),
  checked_out_at: Timestamp,
  expires_at: Timestamp,
});
export type LicenseLease = Static<typeof LicenseLease>;
export const LicenseLeaseList = Type.Object({
  seats: Type.Union([Type.Integer(), Type.Null()]),
  leases: Type.Array(LicenseLease),
});
export type LicenseLeaseList = Static<typeof LicenseLeaseList>;
export const LicenseLeaseParams = Type.Object({ id: Id, leaseId: LeaseId });
