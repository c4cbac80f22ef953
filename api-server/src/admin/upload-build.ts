import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { basename } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { AUTH_SCHEME, BUILD_OSES, type BuildWithFiles } from 'shared-kit/contract';
import { AdminCommandError } from './create-user';
import { PASSWORD_IN_ARGUMENTS } from './read-password';
import type { BuildVersion } from '../catalog/queries/builds';

export const UPLOAD_BUILD_USAGE = `  upload-build --url URL --email E --product ID --os OS --version X.Y.Z --build-number N FILE...
      Publishes a build through the API: declares it with each file's size and SHA-256, uploads the files,
      then confirms the upload. OS is one of ${BUILD_OSES.join(', ')}. The password comes from
      PRODUCTHUB_PASSWORD, standard input, or is typed when asked; the URL from PRODUCTHUB_URL
      (default http://127.0.0.1:8080).`;

/** Where to publish, as whom, which build and its files. */
export interface UploadBuildOptions extends BuildVersion {
  url: string;
  email: string;
  password: string;
  files: string[];
}

export interface LocalFile {
  path: string;
  name: string;
  size: number;
  sha256: string;
}

const UPLOAD_ATTEMPTS = 3;
const RETRY_DELAY_MS = 1000;

/** Reads the command line of `upload-build` into options, with a clear message for anything wrong. */
export function parseUploadBuildArgs(args: string[], env: NodeJS.ProcessEnv = process.env): UploadBuildOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        url: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        product: { type: 'string' },
        os: { type: 'string' },
        version: { type: 'string' },
        'build-number': { type: 'string' },
      },
    });
  } catch (error) {
    throw new AdminCommandError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.password !== undefined) throw new AdminCommandError(PASSWORD_IN_ARGUMENTS);
  const password = env.PRODUCTHUB_PASSWORD;
  const missing = [
    !values.email && '--email',
    !password && 'a password (PRODUCTHUB_PASSWORD or standard input)',
    !values.product && '--product',
    !values.os && '--os',
    !values.version && '--version',
    !values['build-number'] && '--build-number',
  ].filter(Boolean);
  if (missing.length > 0) throw new AdminCommandError(`upload-build needs ${missing.join(', ')}.`);
  if (positionals.length === 0) throw new AdminCommandError('upload-build needs at least one FILE to upload.');

  const os = BUILD_OSES.find((known) => known.toLowerCase() === values.os!.toLowerCase());
  if (!os) throw new AdminCommandError(`--os must be one of ${BUILD_OSES.join(', ')}, not '${values.os}'.`);
  const version = /^(\d{1,9})\.(\d{1,9})\.(\d{1,9})$/.exec(values.version!.trim());
  if (!version)
    throw new AdminCommandError(`--version must be major.minor.revision (e.g. 1.2.3), not '${values.version}'.`);
  const url = (values.url ?? env.PRODUCTHUB_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(url))
    throw new AdminCommandError(`--url must be the server's http:// or https:// address, not '${url}'.`);

  return {
    url,
    email: values.email!,
    password: password!,
    productId: wholeNumber(values.product!, '--product', 1),
    os,
    major: Number(version[1]),
    minor: Number(version[2]),
    revision: Number(version[3]),
    buildNumber: wholeNumber(values['build-number']!, '--build-number', 0),
    files: positionals,
  };
}

function wholeNumber(text: string, option: string, minimum: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < minimum || value > 2147483647) {
    throw new AdminCommandError(`${option} must be a whole number${minimum > 0 ? ' from 1' : ''}, not '${text}'.`);
  }
  return value;
}

/** Size and SHA-256 of each file, read as a stream (build files can be large). */
export async function describeFiles(paths: string[]): Promise<LocalFile[]> {
  const files: LocalFile[] = [];
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) throw new AdminCommandError(`'${path}' is not a file.`);
    const hash = createHash('sha256');
    await pipeline(createReadStream(path), hash);
    files.push({ path, name: basename(path), size: info.size, sha256: hash.digest('hex') });
  }
  const names = files.map((file) => file.name);
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0)
    throw new AdminCommandError(`Each file of a build needs its own name: '${repeated[0]}' is given twice.`);
  return files;
}

interface ApiAnswer {
  status: number;
  body: unknown;
}

/** A failure the server explained (its message[0]), or a transport failure worth retrying. */
class ApiCallError extends AdminCommandError {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

function messageOf(answer: ApiAnswer, what: string): string {
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  const first =
    Array.isArray(message) && typeof message[0] === 'string' ? message[0] : `the server answered ${answer.status}`;
  return `${what} failed: ${first}`;
}

/** One HTTP call; `body` is JSON, or a file streamed as application/octet-stream. */
function call(
  url: string,
  method: string,
  token: string | null,
  body?: { json: unknown } | { file: LocalFile },
): Promise<ApiAnswer> {
  const target = new URL(url);
  const headers: Record<string, string | number> = { Accept: 'application/json' };
  if (token) headers.Authorization = `${AUTH_SCHEME} ${token}`;
  let payload: Buffer | undefined;
  if (body && 'json' in body) {
    payload = Buffer.from(JSON.stringify(body.json));
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = payload.length;
  } else if (body) {
    headers['Content-Type'] = 'application/octet-stream';
    headers['Content-Length'] = body.file.size;
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(target, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = undefined;
        }
        resolve({ status: response.statusCode ?? 0, body: parsed });
      });
    });
    request.on('error', (error) =>
      reject(new ApiCallError(`Could not reach ${target.origin}: ${error.message}`, true)),
    );
    if (body && 'file' in body) {
      createReadStream(body.file.path)
        .on('error', (error) => request.destroy(error))
        .pipe(request);
    } else {
      request.end(payload);
    }
  });
}

async function expectOk(answerPromise: Promise<ApiAnswer>, what: string): Promise<unknown> {
  const answer = await answerPromise;
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  throw new ApiCallError(messageOf(answer, what), answer.status >= 500 || answer.status === 429);
}

async function withRetries<T>(work: () => Promise<T>, log: (line: string) => void, delayMs: number): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ApiCallError) || !error.retryable || attempt >= UPLOAD_ATTEMPTS) throw error;
      log(`  ${error.message}; trying again (${attempt + 1}/${UPLOAD_ATTEMPTS})...`);
      await new Promise((resolve) => setTimeout(resolve, delayMs * attempt));
    }
  }
}

/**
 * Publishes a build the way a release pipeline does: sign in, declare the build and its files, upload each
 * file (retrying transport failures), confirm, sign out. Answers the confirmed build.
 */
export async function uploadBuild(
  options: UploadBuildOptions,
  log: (line: string) => void = () => undefined,
  retryDelayMs = RETRY_DELAY_MS,
): Promise<BuildWithFiles> {
  const files = await describeFiles(options.files);
  const api = `${options.url}/api/v1`;
  const login = (await expectOk(
    call(`${api}/systemusers/login`, 'POST', null, { json: { email: options.email, password: options.password } }),
    'Signing in',
  )) as {
    token: string;
  };
  const token = login.token;
  try {
    const declared = (await expectOk(
      call(`${api}/products/${options.productId}/builds`, 'POST', token, {
        json: {
          os: options.os,
          major: options.major,
          minor: options.minor,
          revision: options.revision,
          build_number: options.buildNumber,
          files: files.map(({ name, size, sha256 }) => ({ name, size, sha256 })),
        },
      }),
      'Creating the build',
    )) as BuildWithFiles;
    log(
      `Build ${declared.id} created (${options.os} ${options.major}.${options.minor}.${options.revision}, build number ${options.buildNumber}).`,
    );
    for (const file of files) {
      const url = `${api}/products/${options.productId}/builds/${declared.id}/files/${encodeURIComponent(file.name)}`;
      await withRetries(
        () => expectOk(call(url, 'PUT', token, { file }), `Uploading '${file.name}'`),
        log,
        retryDelayMs,
      );
      log(`  uploaded ${file.name} (${file.size} bytes, SHA-256 ${file.sha256})`);
    }
    const confirmed = (await withRetries(
      () =>
        expectOk(
          call(`${api}/products/${options.productId}/builds/${declared.id}/confirm`, 'POST', token),
          'Confirming the upload',
        ),
      log,
      retryDelayMs,
    )) as BuildWithFiles;
    log(`Build ${confirmed.id}: upload confirmed.`);
    return confirmed;
  } finally {
    await call(`${api}/systemusers/logout`, 'POST', token).catch(() => undefined);
  }
}
