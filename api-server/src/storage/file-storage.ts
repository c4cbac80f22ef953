import { createReadStream, existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/** Where build files live: the local disk by default (an S3-compatible store can implement the same shape). */
export interface FileStorage {
  write(key: string, data: Buffer): Promise<void>;
  read(key: string): NodeJS.ReadableStream;
  exists(key: string): boolean;
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
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
    },
    read: (key) => createReadStream(pathOf(key)),
    exists: (key) => existsSync(pathOf(key)),
  };
}
