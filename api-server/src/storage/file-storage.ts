import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Files being written; no build file name can start with a dot (BuildFileName), so none collides with one. */
const PARTIAL_PREFIX = '.partial-';

/** What a stored file must be: its exact size in bytes and its SHA-256 (lower-case hex). */
export interface ExpectedContent {
  size: number;
  sha256: string;
}

/** A streamed write whose bytes were not the ones declared; nothing was stored. */
export class ContentMismatchError extends Error {
  constructor(
    readonly reason: 'too-large' | 'size' | 'sha256',
    readonly receivedSize: number,
    readonly receivedSha256: string | null,
  ) {
    super(`Stored content mismatch: ${reason}`);
    this.name = 'ContentMismatchError';
  }
}

/** Where build files live: the local disk by default (an S3-compatible store can implement the same shape). */
export interface FileStorage {
  write(key: string, data: Buffer): Promise<void>;
  read(key: string): NodeJS.ReadableStream;
  exists(key: string): boolean;
  /** The stored size in bytes, or undefined when there is no such file. */
  size(key: string): Promise<number | undefined>;
  /**
   * Streams `source` into `key` and keeps it only when it is exactly `expected`: otherwise it throws
   * ContentMismatchError and whatever was at `key` before stays as it was. Reading stops as soon as more
   * bytes than expected arrive.
   */
  writeVerified(key: string, source: Readable, expected: ExpectedContent): Promise<void>;
}

export function createLocalFileStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error(`Storage key escapes the storage folder: ${key}`);
    return path;
  };
  return {
    async write(key, data) {
      await replaceAtomically(pathOf(key), (partial) => writeFile(partial, data));
    },
    read: (key) => createReadStream(pathOf(key)),
    exists: (key) => existsSync(pathOf(key)),
    async size(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? info.size : undefined;
      } catch {
        return undefined;
      }
    },
    async writeVerified(key, source, expected) {
      const hash = createHash('sha256');
      let received = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length;
          if (received > expected.size) return done(new ContentMismatchError('too-large', received, null));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await replaceAtomically(pathOf(key), async (partial) => {
        await pipeline(source, measure, createWriteStream(partial));
        const sha256 = hash.digest('hex');
        if (received !== expected.size) throw new ContentMismatchError('size', received, sha256);
        if (sha256 !== expected.sha256.toLowerCase()) throw new ContentMismatchError('sha256', received, sha256);
      });
    },
  };
}

/**
 * Writes into a temporary file of its own in the same folder, then renames it over `path`. Several instances
 * (or requests) writing one key at once on a shared folder each fill their own file; a rename is atomic, so a
 * reader sees the whole old or the whole new file, never a mix, and a write that fails leaves `path` as it was.
 */
async function replaceAtomically(path: string, fill: (partial: string) => Promise<void>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const partial = join(dirname(path), `${PARTIAL_PREFIX}${randomUUID()}`);
  try {
    await fill(partial);
    await rename(partial, path);
  } finally {
    await rm(partial, { force: true });
  }
}
