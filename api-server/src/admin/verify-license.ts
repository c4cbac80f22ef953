import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PublicKeyFormatError, productPublicKey, verifyLicenseFile } from 'signed-formats';

export const VERIFY_LICENSE_USAGE =
  'verify-license FILE.ops --public-key KEY [--fingerprint FP] [--product IDENTIFIER]\n' +
  "      KEY: the product's public key as the console shows it (base64), or a file holding it.\n" +
  "      --fingerprint and --product: also require the machine's hardware fingerprint and the product identifier.";

/** Exit codes: 0 valid, 1 invalid licence file, 2 the command itself was used wrongly. */
export const VERIFY_EXIT = { valid: 0, invalid: 1, usage: 2 } as const;

export interface CommandOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** `npm run` starts the command in the api-server folder: relative paths are meant from where it was typed. */
const callerPath = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

function readPublicKey(value: string): string {
  const path = callerPath(value);
  // A base64 key contains '/' too, so only an existing file is read as one.
  if (existsSync(path) && statSync(path).isFile()) return readFileSync(path, 'utf8');
  return value;
}

/** `verify-license`: checks a licence file offline, with the product's public key only. */
export function verifyLicenseCommand(args: string[], output: CommandOutput): number {
  let parsed: ReturnType<typeof parseVerifyArgs>;
  try {
    parsed = parseVerifyArgs(args);
  } catch (error) {
    output.err(`${(error as Error).message}\n\nUsage: npm run admin -- ${VERIFY_LICENSE_USAGE}`);
    return VERIFY_EXIT.usage;
  }
  const { file, values } = parsed;

  let publicKey;
  try {
    publicKey = productPublicKey(readPublicKey(values['public-key']));
  } catch (error) {
    if (!(error instanceof PublicKeyFormatError)) throw error;
    output.err(`Error: ${error.message}`);
    return VERIFY_EXIT.usage;
  }

  let text: string;
  try {
    text = readFileSync(callerPath(file), 'utf8');
  } catch {
    output.err(`Error: cannot read the license file ${file}.`);
    return VERIFY_EXIT.usage;
  }

  const result = verifyLicenseFile(text, publicKey, {
    hardwareFingerprint: values.fingerprint,
    productIdentifier: values.product,
  });
  if (!result.valid) {
    output.err(`INVALID: ${result.message}`);
    return VERIFY_EXIT.invalid;
  }
  const license = result.document;
  output.out(
    [
      `VALID: ${file} is signed by the product's key.`,
      `  serial:               ${license.serial}`,
      `  license type:         ${license.license_type}`,
      `  product identifier:   ${license.product_identifier}`,
      `  user:                 ${license.user_email} (id ${license.user_id})`,
      `  hardware fingerprint: ${license.hardware_fingerprint} (version ${license.hardware_fingerprint_version})`,
      `  signature seed:       version ${license.signature_seed_version}`,
      `  issued at:            ${license.issued_at}`,
    ].join('\n'),
  );
  return VERIFY_EXIT.valid;
}

function parseVerifyArgs(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    options: { 'public-key': { type: 'string' }, fingerprint: { type: 'string' }, product: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1)
    throw new Error(
      positionals.length === 0
        ? 'verify-license needs the license file.'
        : 'verify-license checks one license file at a time.',
    );
  if (!values['public-key']) throw new Error('verify-license needs --public-key.');
  return { file: positionals[0], values: values as typeof values & { 'public-key': string } };
}
