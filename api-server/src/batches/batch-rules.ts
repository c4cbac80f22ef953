import type { Batch, CreateBatchBody } from 'shared-kit/contract';
import type { AuditActor } from '../auth/actor';
import type { Db } from '../db/database';
import { badRequest, notFound } from '../lib/http-error';
import { recordAudit } from '../audit/queries/audit-log';
import { lockProduct } from '../catalog/queries/products';
import { PRODUCT } from '../catalog/lookups';
import { drawBatchSerials, normalizeSerial } from './batch-serials';
import { batchShape } from './batch-shape';
import { BATCH, NOT_A_SERIAL, RESELLER_BLANK, serialsNotInBatch } from './batch-words';
import {
  addToBatchCounts,
  findBatch,
  insertBatch,
  insertBatchSerials,
  serialsOutsideBatch,
  voidUnsoldSerials,
} from './queries/batches';

/** Draws of 100 random bits collide with about 2^-100 odds each: a second round is already beyond belief. */
const DRAW_ROUNDS = 5;

export interface BatchOwner {
  manufacturerId: number;
  productId: number;
}

/**
 * Makes a batch and its serials: one insert of every serial, then, only if some drawn serial was taken (by a licence or
 * another batch serial), one more insert of as many new ones. The batch holds exactly `count` serials or nothing.
 */
export async function createBatch(
  db: Db,
  actor: AuditActor,
  owner: BatchOwner,
  body: CreateBatchBody,
  draw: (count: number) => string[] = drawBatchSerials,
): Promise<Batch> {
  const reseller = body.reseller.trim();
  if (!reseller) throw badRequest(RESELLER_BLANK);
  return db.transaction().execute(async (trx) => {
    if (!(await lockProduct(trx, owner.manufacturerId, owner.productId))) throw notFound(PRODUCT);
    const row = await insertBatch(trx, {
      ...owner,
      licenseType: body.license_type,
      reseller,
      note: body.note?.trim() || null,
      count: body.count,
    });
    let inserted = 0;
    for (let round = 0; round < DRAW_ROUNDS && inserted < body.count; round++)
      inserted += await insertBatchSerials(
        trx,
        { manufacturerId: owner.manufacturerId, batchId: row.id },
        draw(body.count - inserted),
      );
    if (inserted < body.count) throw new Error(`Only ${inserted} of ${body.count} unique serials could be drawn`);
    const batch = batchShape(row);
    await recordAudit(trx, actor, {
      manufacturerId: owner.manufacturerId,
      action: 'batch.create',
      entityType: 'batch',
      entityId: row.id,
      after: batch,
    });
    return batch;
  });
}

export async function requireBatch(db: Db, owner: BatchOwner, batchId: number) {
  const row = await findBatch(db, owner.manufacturerId, owner.productId, batchId);
  if (!row) throw notFound(BATCH);
  return row;
}

/** The listed serials in their stored form; 400 naming the first that cannot be a serial. */
function storedSerials(typed: string[]): string[] {
  const serials = new Set<string>();
  for (const one of typed) {
    const serial = normalizeSerial(one);
    if (!serial) throw badRequest(NOT_A_SERIAL(one));
    serials.add(serial);
  }
  return [...serials];
}

/** Voids a batch's unsold serials, all or the listed ones; redeemed serials stay. */
export async function voidBatchSerials(
  db: Db,
  actor: AuditActor,
  owner: BatchOwner,
  batchId: number,
  typed: string[] | undefined,
) {
  const serials = typed && storedSerials(typed);
  return db.transaction().execute(async (trx) => {
    const before = batchShape(await requireBatch(trx, owner, batchId));
    if (serials) {
      const outside = await serialsOutsideBatch(trx, batchId, serials);
      if (outside.length) throw badRequest(serialsNotInBatch(outside));
    }
    const voided = await voidUnsoldSerials(trx, batchId, serials);
    const batch = batchShape(await addToBatchCounts(trx, batchId, { voided }));
    if (voided > 0)
      await recordAudit(trx, actor, {
        manufacturerId: owner.manufacturerId,
        action: 'batch.void',
        entityType: 'batch',
        entityId: batchId,
        before,
        after: { ...batch, voided, ...(serials ? { serials } : {}) },
      });
    return { voided, batch };
  });
}
