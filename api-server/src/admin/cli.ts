import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { createDatabase, type Db } from '../db/database';
import { Client } from 'pg';
import { embeddedConnectionString, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres';
import { migrateToLatest } from '../db/migrate';
import { AdminCommandError, createSystemUserCommand } from './create-user';
import { createManufacturerCommand } from './create-manufacturer';
import { setSystemUserDisabled } from './set-user-disabled';
import { UPLOAD_BUILD_USAGE, parseUploadBuildArgs, uploadBuild } from './upload-build';
import { VERIFY_LICENSE_USAGE, verifyLicenseCommand } from './verify-license';
import { PASSWORD_IN_ARGUMENTS, readPassword } from './read-password';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-user --email E --role superuser
  create-user --email E --role manufacturer --manufacturer ID
                                  (the password: PRODUCTHUB_PASSWORD, standard input, or typed when asked)
  disable-user --email E          (ends all of the user's sessions at once)
  enable-user --email E
  create-manufacturer --name N [--email E] [--country CC] [--address A] [--phone P] [--vat V] [--pool ID]
${UPLOAD_BUILD_USAGE}
  ${VERIFY_LICENSE_USAGE}

create-user, disable-user, enable-user and create-manufacturer use DATABASE_URL, or the embedded PostgreSQL under PRODUCTHUB_DATA_DIR (default ./data).
While 'npm start' runs, its embedded database is used; otherwise the CLI starts it for the command.`;

async function isReachable(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const config = readConfig();
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url && (await isReachable(embeddedConnectionString(config.embeddedPostgresPort)))) {
    url = embeddedConnectionString(config.embeddedPostgresPort);
  }
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPostgresPort, () => undefined);
    url = embedded.connectionString;
  }
  const db = createDatabase(url, 2);
  try {
    await migrateToLatest(db);
    return await work(db);
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}

const terminal = () => ({ env: process.env, input: process.stdin, output: process.stderr });

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (rest.some((arg) => arg === '--password' || arg.startsWith('--password='))) {
    console.error(PASSWORD_IN_ARGUMENTS);
    return 2;
  }
  if (command === 'create-manufacturer') return createManufacturer(rest);
  if (command === 'disable-user' || command === 'enable-user') {
    const { values } = parseArgs({ args: rest, options: { email: { type: 'string' } }, strict: true });
    if (!values.email) {
      console.error(`${command} needs --email.\n\n${USAGE}`);
      return 2;
    }
    const id = await withDatabase((db) => setSystemUserDisabled(db, values.email!, command === 'disable-user'));
    process.stdout.write(`${id}\n`);
    return 0;
  }
  if (command === 'upload-build') {
    const options = parseUploadBuildArgs(rest, { ...process.env, PRODUCTHUB_PASSWORD: await readPassword(terminal()) });
    const build = await uploadBuild(options, (line) => console.error(line));
    // Plain text, never coloured (console.log colours numbers under FORCE_COLOR): pipelines read this line.
    process.stdout.write(`${build.id}\n`);
    return 0;
  }
  if (command === 'verify-license') return verifyLicenseCommand(rest, { out: console.log, err: console.error });
  if (command !== 'create-user') {
    console.error(`Unknown command '${command}'.\n\n${USAGE}`);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, role: { type: 'string' }, manufacturer: { type: 'string' } },
    strict: true,
  });
  if (!values.email || !values.role) {
    console.error(`create-user needs --email and --role.\n\n${USAGE}`);
    return 2;
  }
  let manufacturerId: number | undefined;
  if (values.manufacturer !== undefined) {
    manufacturerId = Number(values.manufacturer);
    if (!Number.isInteger(manufacturerId) || manufacturerId < 1) {
      console.error(
        `--manufacturer must be a manufacturer id (a positive whole number), not '${values.manufacturer}'.`,
      );
      return 2;
    }
  }
  const password = await readPassword(terminal(), { confirm: true });
  const id = await withDatabase((db) =>
    createSystemUserCommand(db, { email: values.email!, password, role: values.role!, manufacturerId }),
  );
  console.log(id);
  return 0;
}

async function createManufacturer(args: string[]): Promise<number> {
  const text = { type: 'string' } as const;
  const { values } = parseArgs({
    args,
    options: { name: text, email: text, country: text, address: text, phone: text, vat: text, pool: text },
    strict: true,
  });
  if (!values.name) {
    console.error(`create-manufacturer needs --name.\n\n${USAGE}`);
    return 2;
  }
  const input = {
    name: values.name,
    email: values.email,
    countryCode: values.country,
    address: values.address,
    phone: values.phone,
    vatId: values.vat,
    poolId: values.pool,
  };
  console.log(await withDatabase((db) => createManufacturerCommand(db, input)));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AdminCommandError || (error instanceof TypeError && 'code' in error)) {
      console.error(`Error: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
