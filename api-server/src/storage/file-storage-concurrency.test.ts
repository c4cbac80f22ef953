/** @jest-environment node */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLocalFileStorage } from './file-storage';

const CHUNK = 16 * 1024;
const content = randomBytes(32 * CHUNK);
const declared = { size: content.length, sha256: createHash('sha256').update(content).digest('hex') };

/** An upload arriving slowly, chunk by chunk; `failAt` cuts it off there as a dropped connection would. */
function slowUpload(data: Buffer, failAt?: number): Readable {
  return Readable.from(
    (async function* () {
      for (let offset = 0; offset < data.length; offset += CHUNK) {
        if (failAt !== undefined && offset >= failAt) throw new Error('connection reset by the client');
        await sleep(2);
        yield data.subarray(offset, offset + CHUNK);
      }
    })(),
  );
}

/** Reads the stored file until `done`, recording every size it was ever seen with (0 = absent). */
async function watch(path: string, done: () => boolean): Promise<{ sizes: Set<number>; mismatches: number }> {
  const sizes = new Set<number>();
  let mismatches = 0;
  while (!done()) {
    const seen = await readFile(path).catch(() => Buffer.alloc(0));
    sizes.add(seen.length);
    if (seen.length > 0 && !seen.equals(content)) mismatches++;
    await sleep(1);
  }
  return { sizes, mismatches };
}

describe('local file storage shared by two instances: the same file uploaded to both at once', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'storage-shared-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('readers only ever see no file or the whole file, failed uploads change nothing, no temporary file stays', async () => {
    const instanceA = createLocalFileStorage(root);
    const instanceB = createLocalFileStorage(root);
    const key = 'builds/7/Plugin Installer.pkg';
    let finished = false;
    const watching = watch(join(root, key), () => finished);

    const corrupt = Buffer.from(content);
    corrupt[corrupt.length - 1] ^= 0xff;
    const uploads = [
      instanceA.writeVerified(key, slowUpload(content), declared),
      instanceB.writeVerified(key, slowUpload(content), declared),
      instanceA.writeVerified(key, slowUpload(content, content.length / 2), declared),
      instanceB.writeVerified(key, slowUpload(corrupt), declared),
      instanceA.writeVerified(key, slowUpload(content), declared),
      instanceB.writeVerified(key, slowUpload(content, CHUNK * 3), declared),
    ];
    const outcomes = await Promise.allSettled(uploads);
    finished = true;
    const { sizes, mismatches } = await watching;

    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
      'rejected',
    ]);
    expect((await readFile(join(root, key))).equals(content)).toBe(true);
    expect([...sizes].filter((size) => size !== 0 && size !== content.length)).toEqual([]);
    expect(sizes.has(content.length)).toBe(true);
    expect(mismatches).toBe(0);
    expect(readdirSync(join(root, 'builds/7'))).toEqual(['Plugin Installer.pkg']);
  });

  it('a plain write (demo data) replaces a file whole as well', async () => {
    const instanceA = createLocalFileStorage(root);
    const instanceB = createLocalFileStorage(root);
    await Promise.all([
      instanceA.write('builds/1/a.bin', content),
      instanceB.write('builds/1/a.bin', content),
      instanceA.write('builds/1/a.bin', content),
    ]);
    expect((await readFile(join(root, 'builds/1/a.bin'))).equals(content)).toBe(true);
    expect(readdirSync(join(root, 'builds/1'))).toEqual(['a.bin']);
  });
});
