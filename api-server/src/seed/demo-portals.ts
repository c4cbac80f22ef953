import type { Db } from '../db/database';
import { portalUrl } from '../portal/portals';
import { DEMO_PORTAL_CUSTOMERS } from './demo-logins';

/**
 * What `npm start` prints about the demo manufacturers' customer portals: each one's address (its slug as it is
 * now: staff may have changed it) and the demo customer to sign in as. Manufacturers no longer there are left out.
 */
export async function demoPortalLines(db: Db, publicUrl: string, mailsKept: boolean): Promise<string[]> {
  const portals = await db
    .selectFrom('manufacturers')
    .select(['name', 'portal_slug', 'portal_enabled'])
    .where(
      'name',
      'in',
      DEMO_PORTAL_CUSTOMERS.map((customer) => customer.manufacturer),
    )
    .execute();
  const lines = DEMO_PORTAL_CUSTOMERS.flatMap((customer) => {
    const portal = portals.find((row) => row.name === customer.manufacturer);
    if (!portal) return [];
    const off = portal.portal_enabled ? '' : ' (switched off)';
    return [
      `    Customer portal (${portal.name}): ${portalUrl(publicUrl, portal.portal_slug)}${off}  customer ${customer.email}`,
    ];
  });
  if (lines.length === 0) return [];
  const where = mailsKept
    ? 'its sign-in code is in the Emails log (Manufacturer Details → Emails)'
    : 'its sign-in code is mailed to that address';
  return [`  customer portals: sign in with the customer's email; ${where}`, ...lines];
}
