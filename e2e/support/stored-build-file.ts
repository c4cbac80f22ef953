import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { Client } from 'pg';
import { E2E_DATABASE_URL, e2eDataDir } from './stack';

/**
 * Clicks an installer's download link (a signed link of the client API) and proves the browser saved the very bytes
 * stored for that build file: its name, size, SHA-256 and content. The build file id is read from the link.
 */
export async function expectDownloadOfStoredBuildFile(page: Page, installer: Locator): Promise<Download> {
  const href = (await installer.getAttribute('href'))!;
  const fileId = Number(/\/clients\/app\/downloads\/(\d+)\?/.exec(href)?.[1]);
  expect(fileId, href).toBeGreaterThan(0);
  const downloading = page.waitForEvent('download');
  await installer.click();
  const download = await downloading;
  const saved = join(tmpdir(), `producthub-e2e-download-${randomUUID()}`);
  const client = new Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    await download.saveAs(saved);
    const bytes = readFileSync(saved);
    const { rows } = await client.query<{ name: string; storage_key: string; sha256: string; size: string }>(
      'SELECT name, storage_key, sha256, size::text FROM build_files WHERE id = $1',
      [fileId],
    );
    const [stored] = rows;
    expect(download.suggestedFilename()).toBe(stored.name);
    const original = readFileSync(join(e2eDataDir(), 'files', stored.storage_key));
    expect(bytes.length).toBe(Number(stored.size));
    expect(bytes.equals(original)).toBe(true);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(stored.sha256);
    return download;
  } finally {
    await client.end();
    rmSync(saved, { force: true });
  }
}
