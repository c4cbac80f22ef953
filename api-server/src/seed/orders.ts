import type { Db } from '../db/database';
import { newKeySecret } from '../api-keys/api-key-rules';
import { insertApiKey } from '../api-keys/queries/api-keys';
import { createOrder } from '../orders/create-order';
import { refundOrder } from '../orders/refund-order';

/**
 * A few orders of the first demo manufacturer, as its web shop's key would post them (the key's secret is made and
 * thrown away: nobody can use it); the last one refunded.
 */
export async function seedOrdersDemo(db: Db, manufacturers: { id: number }[], publicUrl: string): Promise<void> {
  const manufacturer = manufacturers[0];
  if (!manufacturer) return;
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('manufacturer_id', '=', manufacturer.id)
    .where('type', '=', 'Full')
    .orderBy('id')
    .executeTakeFirst();
  if (!product) return;
  const key = newKeySecret();
  const shop = {
    apiKeyId: await insertApiKey(db, {
      manufacturerId: manufacturer.id,
      name: 'Web shop',
      prefix: key.prefix,
      hash: key.hash,
      scopes: ['orders:write'],
      expiresAt: null,
      createdBy: null,
    }),
  };
  // The buyers are the demo's newest end users: a shop sells to customers the vendor already has, and the demo's
  // user count stays what the console's walkthroughs know.
  const buyers = await db
    .selectFrom('end_users')
    .select('email')
    .where('manufacturer_id', '=', manufacturer.id)
    .orderBy('id', 'desc')
    .limit(3)
    .execute();
  if (buyers.length < 3) return;
  const sales = [
    { email: buyers[0].email, name: 'Mira Okafor', quantity: 1, amount: 14900, currency: 'EUR' },
    { email: buyers[1].email, name: 'Studio North', quantity: 3, amount: 38700, currency: 'EUR' },
    { email: buyers[2].email, name: 'Jules Tan', quantity: 1, amount: 15900, currency: 'USD' },
  ];
  let last = 0;
  for (const [n, sale] of sales.entries()) {
    const { order } = await createOrder(
      db,
      manufacturer,
      {
        buyer: { email: sale.email, name: sale.name },
        lines: [{ product_id: product.id, license_type: 'Standard', quantity: sale.quantity }],
        store: 'api',
        external_order_id: `WEB-${1001 + n}`,
        amount: sale.amount,
        currency: sale.currency,
      },
      { actor: shop, idempotencyKey: `demo-web-${1001 + n}`, publicUrl },
    );
    last = order.id;
  }
  await refundOrder(db, manufacturer.id, last, shop, 'CancelledOrder', publicUrl);
}
