import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { AURORA_STAFF, E2E_BASE_URL } from './stack';

const CLI = resolve(__dirname, '../../api-server/dist/admin/cli.js');

export interface BuildToPublish {
  os: 'macOS' | 'Windows' | 'any';
  version: string;
  buildNumber: number;
}

/** Publishes a build as Aurora's staff with the real CLI, as a release pipeline does; answers the new build's id. */
export async function publishBuild(
  productId: number,
  { os, version, buildNumber }: BuildToPublish,
  files: string[],
): Promise<number> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      CLI,
      'upload-build',
      '--url',
      E2E_BASE_URL,
      '--email',
      AURORA_STAFF.email,
      '--product',
      String(productId),
      '--os',
      os,
      '--version',
      version,
      '--build-number',
      String(buildNumber),
      ...files,
    ],
    { env: { ...process.env, PRODUCTHUB_PASSWORD: AURORA_STAFF.password } },
  );
  expect(stdout).toMatch(/^\d+\n$/);
  return Number(stdout);
}
