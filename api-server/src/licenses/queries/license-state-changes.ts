import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { LicenseState } from '../license-shape';
import type { AuditActor } from '../../auth/actor';
import { apiTimestampSql } from '../../db/api-timestamps';
import { tenantRowsById } from '../../db/tenant-rows-by-id';

/** The audit log's three actor columns of `actor` (at most one of them set). */
const actorColumns = (actor: AuditActor) => ({
  systemUserId: actor && 'systemUserId' in actor ? actor.systemUserId : null,
  endUserId: actor && 'endUserId' in actor ? actor.endUserId : null,
  apiKeyId: actor && 'apiKeyId' in actor ? actor.apiKeyId : null,
});

/**
 * Puts the manufacturer's licences of `ids` that are not in `state` yet into it and audits each change
 * (`license.disable` or `license.enable`, the row before and after, as `recordAudit` writes a row read by the
 * driver: every column, contract timestamps) in one statement, so a thousand licences cost one round trip, not a
 * thousand; the audit rows' trigger queues one webhook event per licence. The caller has locked the licences.
 * `prior`, a second scan of the table, still sees each row as it was before the update. The row after differs from
 * it only in the three columns set, so it is the row before patched with them (built once): building each row's
 * JSON a second time cost more than the rest of the audit insert.
 */
export async function changeLicenseStates(
  trx: Db,
  actor: AuditActor,
  manufacturerId: number,
  ids: number[],
  state: LicenseState,
): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    WITH changed AS (
      UPDATE licenses AS l
      SET disabled = ${state.disabled}::boolean, disabled_reason = ${state.disabled_reason}::text, updated_at = now()
      FROM licenses AS prior
      WHERE prior.id = l.id AND prior.id = any(${ids}::int[]) AND ${tenantRowsById('l', ids, manufacturerId)}
        AND (l.disabled, l.disabled_reason) IS DISTINCT FROM (${state.disabled}::boolean, ${state.disabled_reason}::text)
      RETURNING l.id, to_jsonb(prior.*) || jsonb_build_object(
        'created_at', ${apiTimestampSql(sql.ref('prior.created_at'))}, 'updated_at', ${apiTimestampSql(sql.ref('prior.updated_at'))}) AS before
    ), patch AS (
      SELECT jsonb_build_object(
        'disabled', ${state.disabled}::boolean, 'disabled_reason', ${state.disabled_reason}::text, 'updated_at', ${apiTimestampSql(sql`now()`)}) AS after
    )
    INSERT INTO audit_log (manufacturer_id, actor_system_user_id, actor_end_user_id, actor_api_key_id, action, entity_type, entity_id, before, after)
    SELECT ${manufacturerId}::int, ${actorColumns(actor).systemUserId}::int, ${actorColumns(actor).endUserId}::int, ${actorColumns(actor).apiKeyId}::int, ${state.disabled ? 'license.disable' : 'license.enable'}::text, 'license', changed.id::text,
      changed.before, changed.before || patch.after
    FROM changed CROSS JOIN patch ORDER BY changed.id`.execute(trx);
}
