import type { ColumnType, Generated } from 'kysely';
import type { StaffRole } from 'shared-kit/contract';
import type { Db } from '../../db/database';

/** An invite to join a manufacturer's staff (migration 0230); only the token's SHA-256 is kept. */
export interface StaffInvitesTable {
  id: Generated<number>;
  manufacturer_id: number;
  email: string;
  staff_role: StaffRole;
  token_hash: string;
  invited_by: number | null;
  created_at: ColumnType<Date, never, never>;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: number | null;
}

export type StaffTables = {
  staff_invites: StaffInvitesTable;
  /** A removed member keeps their row (the audit log points at it), marked and out of the list. */
  system_users: { removed_at: Date | null };
};

export const staffDb = (db: Db) => db.withTables<StaffTables>();
export type StaffDb = ReturnType<typeof staffDb>;
