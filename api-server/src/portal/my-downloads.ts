import { sql } from 'kysely';
import { RELEASE_CHANNEL_TYPE, type PortalDownload } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { apiTimestamp } from '../db/api-timestamps';
import { signDownloadUrl } from '../clients/download-url';
import type { Customer } from './customer-authentication';

/** The API prefix the client API's download route lives under: the portal's links are that route's links. */
const CLIENT_API_PREFIX = '/api/v1';
const OS_ORDER = ['Windows', 'macOS', 'any'];

interface DownloadRow {
  product_id: number;
  product_name: string;
  release_id: number;
  released_at: Date;
  channel: string;
  os: string;
  version: string;
  file_id: number;
  name: string;
  size: string;
  sha256: string;
  license_id: number;
}

/**
 * The installers the customer may download: the uploaded files of the confirmed builds of every release of a
 * product they hold an enabled licence for, when the release is distributed to the Release channel or to a
 * channel they are a member of (the client API's rule for a licence holder: Beta only for its members). Grouped by
 * OS, newest build version first; each link signed as the client API signs its links, bound to the customer's
 * licence of the product, so a licence deactivated or expired after the page was shown stops its links at once.
 */
export async function listMyDownloads(db: Db, customer: Customer, downloadKey: Buffer): Promise<PortalDownload[]> {
  const { rows } = await sql<DownloadRow>`
    SELECT p.id AS product_id, p.name AS product_name, r.id AS release_id, r.created_at AS released_at, ch.name AS channel,
      b.os, concat_ws('.', b.major, b.minor, b.revision, b.build_number) AS version,
      f.id AS file_id, f.name, f.size, f.sha256, held.license_id
    FROM products p
    JOIN LATERAL (
      SELECT min(l.id) AS license_id FROM licenses l
      WHERE l.product_id = p.id AND l.user_id = ${customer.endUserId} AND l.manufacturer_id = ${customer.manufacturerId} AND NOT l.disabled
    ) held ON held.license_id IS NOT NULL
    JOIN releases r ON r.product_id = p.id
    JOIN LATERAL (
      SELECT c.name FROM release_distributions d JOIN distribution_channels c ON c.id = d.channel_id
      WHERE d.release_id = r.id AND (c.type = ${RELEASE_CHANNEL_TYPE}
        OR EXISTS (SELECT 1 FROM channel_memberships cm WHERE cm.channel_id = c.id AND cm.user_id = ${customer.endUserId}))
      ORDER BY c.type = ${RELEASE_CHANNEL_TYPE} DESC, c.id
      LIMIT 1
    ) ch ON true
    JOIN release_builds rb ON rb.release_id = r.id
    JOIN builds b ON b.id = rb.build_id AND b.upload_confirmed
    JOIN build_files f ON f.build_id = b.id AND f.uploaded_at IS NOT NULL
    WHERE p.manufacturer_id = ${customer.manufacturerId}
    ORDER BY b.major DESC, b.minor DESC, b.revision DESC, b.build_number DESC, r.id DESC, p.name, f.id`.execute(db);
  const nowSeconds = Math.floor(Date.now() / 1000);
  const osRank = (os: string) => OS_ORDER.indexOf(os);
  return [...rows]
    .sort((a, b) => osRank(a.os) - osRank(b.os))
    .map((row) => {
      const link = signDownloadUrl(
        downloadKey,
        CLIENT_API_PREFIX,
        { id: row.file_id, sha256: row.sha256 },
        nowSeconds,
        row.license_id,
      );
      return {
        product: { id: row.product_id, name: row.product_name },
        release_id: row.release_id,
        version: row.version,
        channel: row.channel,
        released_at: apiTimestamp(row.released_at),
        os: row.os,
        name: row.name,
        size: Number(row.size),
        sha256: row.sha256,
        url: link.url,
        url_expires_at: apiTimestamp(new Date(link.expires * 1000)),
      };
    });
}
