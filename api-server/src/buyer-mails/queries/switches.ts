import { sql, type Generated } from 'kysely';
import {
  BUYER_MAILS,
  type BuyerMail,
  type BuyerMailSwitches,
  type UpdateBuyerMailSwitchesBody,
} from 'shared-kit/contract';
import type { Db } from '../../db/database';

/** Migration 0140's switches: one row per mail a manufacturer set; no row means on. */
type SwitchTables = {
  buyer_mail_switches: { manufacturer_id: number; mail: string; enabled: boolean; updated_at: Generated<Date> };
};
const switchDb = (db: Db) => db.withTables<SwitchTables>();

/** The manufacturer's switches, every mail named (on unless set off); undefined when there is no such manufacturer. */
export async function readBuyerMailSwitches(db: Db, manufacturerId: number): Promise<BuyerMailSwitches | undefined> {
  const manufacturer = await db
    .selectFrom('manufacturers')
    .select('id')
    .where('id', '=', manufacturerId)
    .executeTakeFirst();
  if (!manufacturer) return undefined;
  const rows = await switchDb(db)
    .selectFrom('buyer_mail_switches')
    .select(['mail', 'enabled', 'updated_at'])
    .where('manufacturer_id', '=', manufacturerId)
    .execute();
  const set = new Map(rows.map((row) => [row.mail, row.enabled]));
  const updated = rows.reduce<Date | null>(
    (last, row) => (!last || row.updated_at > last ? row.updated_at : last),
    null,
  );
  return {
    manufacturer_id: manufacturerId,
    ...(Object.fromEntries(BUYER_MAILS.map((mail) => [mail, set.get(mail) ?? true])) as Record<BuyerMail, boolean>),
    updated_at: updated?.toISOString() ?? null,
  };
}

/** Whether the manufacturer sends this mail: read in the transaction that would write it. */
export async function buyerMailOn(db: Db, manufacturerId: number, mail: BuyerMail): Promise<boolean> {
  const row = await switchDb(db)
    .selectFrom('buyer_mail_switches')
    .select('enabled')
    .where('manufacturer_id', '=', manufacturerId)
    .where('mail', '=', mail)
    .executeTakeFirst();
  return row?.enabled ?? true;
}

export async function saveBuyerMailSwitches(
  db: Db,
  manufacturerId: number,
  changes: UpdateBuyerMailSwitchesBody,
): Promise<void> {
  const rows = BUYER_MAILS.flatMap((mail) =>
    changes[mail] === undefined ? [] : [{ manufacturer_id: manufacturerId, mail, enabled: changes[mail]! }],
  );
  if (rows.length === 0) return;
  await switchDb(db)
    .insertInto('buyer_mail_switches')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .columns(['manufacturer_id', 'mail'])
        .doUpdateSet({ enabled: sql`excluded.enabled`, updated_at: sql`now()` }),
    )
    .execute();
}
