import type { Db } from '../db/database';
import { newKeySecret } from '../api-keys/api-key-rules';
import { insertApiKey } from '../api-keys/queries/api-keys';
import { apiKeyDb } from '../auth/api-key-tables';

const DAY_MS = 86_400_000;

/**
 * One key per demo manufacturer, as a build pipeline would hold it: its rows only. The secret is made and thrown
 * away here (printed nowhere), so nobody can use a demo key; staff create their own in the console.
 */
export async function seedApiKeysDemo(db: Db, manufacturers: { id: number; prefix: string }[]): Promise<void> {
  for (const manufacturer of manufacturers) {
    const staff = await db
      .selectFrom('system_users')
      .select('id')
      .where('manufacturer_id', '=', manufacturer.id)
      .orderBy('id')
      .executeTakeFirst();
    if (!staff) continue;
    const key = newKeySecret();
    const id = await insertApiKey(db, {
      manufacturerId: manufacturer.id,
      name: 'Release pipeline',
      prefix: key.prefix,
      hash: key.hash,
      scopes: ['builds:upload', 'read'],
      expiresAt: new Date(Date.now() + 365 * DAY_MS),
      createdBy: staff.id,
    });
    await apiKeyDb(db)
      .insertInto('api_key_uses')
      .values({ api_key_id: id, last_used_at: new Date(Date.now() - 2 * DAY_MS), last_used_address: '203.0.113.24' })
      .execute();
  }
}
