import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { UpdateFile } from 'signed-formats';
import { DownloadIntegrityError, ProductHubApiError } from './errors';

export interface DownloadedFile {
  path: string;
  size: number;
  sha256: string;
}

/**
 * Streams a build file to `destination` through `destination.part`, counting and hashing on the way; only a file
 * of the signed size and SHA-256 is renamed into place, anything else is deleted and throws.
 */
export async function downloadFile(
  serverUrl: string,
  file: UpdateFile,
  destination: string,
  timeoutMs: number,
): Promise<DownloadedFile> {
  const response = await fetch(new URL(file.url, serverUrl), { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new ProductHubApiError(response.status, [
      `The download of "${file.name}" was refused (${response.status}): its link may have expired; check for updates again.`,
    ]);
  }
  const partial = `${destination}.part`;
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > file.size)
        return done(
          new DownloadIntegrityError(`"${file.name}" is larger than the ${file.size} bytes the update answer signed.`),
        );
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      measure,
      createWriteStream(partial),
    );
    const sha256 = hash.digest('hex');
    if (size !== file.size)
      throw new DownloadIntegrityError(
        `"${file.name}" arrived with ${size} bytes, but the update answer signed ${file.size}.`,
      );
    if (sha256 !== file.sha256.toLowerCase())
      throw new DownloadIntegrityError(
        `"${file.name}" arrived with SHA-256 ${sha256}, but the update answer signed ${file.sha256}.`,
      );
    await rename(partial, destination);
    return { path: destination, size, sha256 };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
