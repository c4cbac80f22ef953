/** @jest-environment node */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ContentMismatchError, createLocalFileStorage } from './file-storage';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const chunks = (data: Buffer, size = 7) =>
  Readable.from(
    Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size)),
  );

describe('local file storage: verified streamed writes', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'storage-test-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const good = Buffer.from('the exact bytes that were declared');

  it('stores a stream that matches the declared size and SHA-256', async () => {
    const storage = createLocalFileStorage(root);
    await storage.writeVerified('builds/1/a.pkg', chunks(good), {
      size: good.length,
      sha256: sha256(good).toUpperCase(),
    });
    expect(readFileSync(join(root, 'builds/1/a.pkg')).equals(good)).toBe(true);
    expect(await storage.size('builds/1/a.pkg')).toBe(good.length);
    expect(await storage.size('builds/1/missing.pkg')).toBeUndefined();
  });

  it.each([
    ['too-large', Buffer.concat([good, Buffer.from('!')])],
    ['size', good.subarray(1)],
    ['sha256', Buffer.from(good.toString().replace('exact', 'EXACT'))],
  ])('refuses content that is %s and keeps what was stored before, with no partial file left', async (reason, data) => {
    const storage = createLocalFileStorage(root);
    await storage.write('builds/1/a.pkg', Buffer.from('previous'));
    const error = await storage
      .writeVerified('builds/1/a.pkg', chunks(data), { size: good.length, sha256: sha256(good) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentMismatchError);
    expect((error as ContentMismatchError).reason).toBe(reason);
    expect(readFileSync(join(root, 'builds/1/a.pkg'), 'utf8')).toBe('previous');
    expect(readdirSync(join(root, 'builds/1'))).toEqual(['a.pkg']);
  });

  it('never reaches outside its folder', async () => {
    const storage = createLocalFileStorage(root);
    await expect(
      storage.writeVerified('../escape', chunks(good), { size: good.length, sha256: sha256(good) }),
    ).rejects.toThrow('escapes the storage folder');
    expect(() => storage.exists('../../etc/passwd')).toThrow('escapes the storage folder');
  });
});
