import {
  MANUFACTURER_FIELD_MAX_LENGTHS,
  MANUFACTURER_NAME_MAX_LENGTH,
  manufacturerFieldProblems,
} from 'shared-kit/contract';
import type { Db } from '../db/database';
import { insertManufacturer } from '../manufacturers/queries/manufacturers';
import { normalizeManufacturerFields } from '../manufacturers/manufacturer-rules';
import { recordAudit } from '../audit/queries/audit-log';
import { AdminCommandError } from './create-user';

export interface CreateManufacturerInput {
  name: string;
  email?: string;
  countryCode?: string;
  address?: string;
  phone?: string;
  vatId?: string;
  poolId?: string;
}

/**
 * Creates a manufacturer (the console's New Manufacturer button is disabled: docs/console.md, Manufacturer list): the same rules as an
 * edit in the console, audited with no actor. Returns the new id, for `create-user --manufacturer ID`.
 */
export async function createManufacturerCommand(db: Db, input: CreateManufacturerInput): Promise<number> {
  const fields = {
    name: input.name,
    email: input.email,
    country_code: input.countryCode,
    address: input.address,
    phone: input.phone,
    vat_id: input.vatId,
  };
  const problem = Object.values(manufacturerFieldProblems(fields))[0];
  if (problem) throw new AdminCommandError(problem);
  const limits = { name: MANUFACTURER_NAME_MAX_LENGTH, ...MANUFACTURER_FIELD_MAX_LENGTHS };
  for (const [field, limit] of Object.entries(limits)) {
    const value = fields[field as keyof typeof limits];
    if (value && value.trim().length > limit)
      throw new AdminCommandError(`${field} may be at most ${limit} characters long.`);
  }
  const normalized = normalizeManufacturerFields(fields);
  const poolId = input.poolId?.trim() || null;
  return db.transaction().execute(async (trx) => {
    const created = await insertManufacturer(trx, {
      ...normalized,
      name: normalized.name ?? '',
      manufacturer_pool_id: poolId,
    });
    await recordAudit(trx, null, {
      manufacturerId: created.id,
      action: 'manufacturer.create',
      entityType: 'manufacturer',
      entityId: created.id,
      after: created,
    });
    return created.id;
  });
}
