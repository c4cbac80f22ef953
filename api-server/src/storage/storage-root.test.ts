/** @jest-environment node */
import { join, resolve } from 'node:path';
import { readConfig } from '../config';

describe('the storage root of build files', () => {
  it("is the data folder's files/ by default, as before", () => {
    expect(readConfig({ PRODUCTHUB_DATA_DIR: '/srv/producthub' }).storageDir).toBe(
      join(resolve('/srv/producthub'), 'files'),
    );
  });

  it('is PRODUCTHUB_STORAGE_DIR when set, so every instance can share one folder', () => {
    const config = readConfig({
      PRODUCTHUB_DATA_DIR: '/srv/instance-2',
      PRODUCTHUB_STORAGE_DIR: '/mnt/shared/producthub-files',
    });
    expect(config.storageDir).toBe(resolve('/mnt/shared/producthub-files'));
    expect(config.dataDir).toBe(resolve('/srv/instance-2'));
  });
});
