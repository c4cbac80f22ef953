import type { Db } from '../db/database';

/** When the manufacturer began requiring two-factor sign-in of its staff, or null when it does not. */
export async function manufacturerRequiredSince(db: Db, manufacturerId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('manufacturer_two_factor_requirements')
    .select('required_since')
    .where('manufacturer_id', '=', manufacturerId)
    .executeTakeFirst();
  return row?.required_since ?? null;
}

/** Turns the manufacturer's requirement on or off: true when that changed something. */
export async function setManufacturerRequirement(db: Db, manufacturerId: number, required: boolean): Promise<boolean> {
  const row = required
    ? await db
        .insertInto('manufacturer_two_factor_requirements')
        .values({ manufacturer_id: manufacturerId })
        .onConflict((oc) => oc.column('manufacturer_id').doNothing())
        .returning('manufacturer_id')
        .executeTakeFirst()
    : await db
        .deleteFrom('manufacturer_two_factor_requirements')
        .where('manufacturer_id', '=', manufacturerId)
        .returning('manufacturer_id')
        .executeTakeFirst();
  return row !== undefined;
}

/** When the platform began requiring two-factor sign-in of every system user, or null when it does not. */
export async function platformRequiredSince(db: Db): Promise<Date | null> {
  const row = await db.selectFrom('platform_two_factor_requirement').select('required_since').executeTakeFirst();
  return row?.required_since ?? null;
}

/** Turns the platform's requirement on or off: true when that changed something. */
export async function setPlatformRequirement(db: Db, required: boolean): Promise<boolean> {
  const row = required
    ? await db
        .insertInto('platform_two_factor_requirement')
        .values({ singleton: true })
        .onConflict((oc) => oc.column('singleton').doNothing())
        .returning('singleton')
        .executeTakeFirst()
    : await db.deleteFrom('platform_two_factor_requirement').returning('singleton').executeTakeFirst();
  return row !== undefined;
}

/** Whether the user must sign in with a second factor: the platform requires it, or their manufacturer does. */
export async function isTwoFactorRequiredFor(db: Db, user: { manufacturer_id: number | null }): Promise<boolean> {
  if ((await platformRequiredSince(db)) !== null) return true;
  return user.manufacturer_id !== null && (await manufacturerRequiredSince(db, user.manufacturer_id)) !== null;
}
