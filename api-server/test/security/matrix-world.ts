import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TestApp } from '../support/test-app';
import { login } from '../support/fixtures';
import { newLicenseSerial } from '../../src/licenses/serial';
import { seedDemoData } from '../../src/seed/demo-data';
import { DEMO_LOGINS, DEMO_STAFF_ROLE_LOGINS } from '../../src/seed/demo-logins';
import { downloadUrlKey, signDownloadUrl } from '../../src/clients/download-url';
import { enqueueDelivery, insertEndpoint, insertEvent } from '../../src/webhooks/endpoints';
import { generateSecret } from '../../src/webhooks/signature';
import { previewUserImport } from '../../src/people/user-import/preview';
import { sendTemplatedEmail } from '../../src/email/send-templated-email';
import { testEmail } from '../../src/email/templates/test-email';
import { AUTH_SCHEME, PORTAL_AUTH_SCHEME } from 'shared-kit/contract';
import { createCustomerSession } from '../../src/portal/customer-sessions';
import { hashSessionToken } from '../../src/auth/session-token';
import { insertSystemUser } from '../../src/people/queries/system-users';
import { emailKeyOf, issueSignInCode, signInCodeKey } from '../../src/portal/sign-in-codes';
import { API_KEY_SCOPES, type ApiKeyScope, type StaffRole } from 'shared-kit/contract';
import { createApiKey } from '../support/api-key-fixtures';
import { startBrowserActivation } from '../../src/browser-activation/start';
import { approveRequest } from '../../src/browser-activation/portal-decisions';
import { createProductKeyCache } from '../../src/crypto/product-key-cache';
import { createOrder } from '../../src/orders/create-order';
import { createBatch } from '../../src/batches/batch-rules';
import { encrypt } from '../../src/crypto/product-keys';
import { saveStoreSecret } from '../../src/stores/queries/store-secrets';
import { insertStoreMapping } from '../../src/stores/queries/store-mappings';
import { DEMO_TWO_FACTOR_LOGIN } from '../../src/seed/two-factor-demo';
import { createPendingSignIn, replaceRecoveryCodes } from '../../src/two-factor/queries';
import { hashRecoveryCode, newRecoveryCodes } from '../../src/two-factor/recovery-codes';
import { insertInvite } from '../../src/staff/queries/invites';

export type Role = 'anonymous' | 'superuser' | 'staffA' | 'staffB' | 'customerA' | 'customerB';
export const ROLES: Role[] = ['anonymous', 'superuser', 'staffA', 'staffB', 'customerA', 'customerB'];
/** Customers (portal sessions) of manufacturer A: A owns licence A, B is another customer of the same manufacturer. */
export const CUSTOMER_ROLES = ['customerA', 'customerB'] as const;
export type CustomerRole = (typeof CUSTOMER_ROLES)[number];
export const isCustomerRole = (role: Role): role is CustomerRole =>
  (CUSTOMER_ROLES as readonly string[]).includes(role);

/** The demo world (Aurora Audio = A, Nimbus Instruments = B) plus objects of A that each route acts on. */
export interface World {
  manufacturerA: number;
  manufacturerB: number;
  productA: number;
  productAIdentifier: string;
  confirmedBuildA: number;
  confirmedBuildFileA: string;
  /** An unconfirmed build of A with one declared file not uploaded yet (for the upload route). */
  pendingBuildA: number;
  pendingFile: { name: string; bytes: Buffer };
  /** An unconfirmed build of A whose files have all arrived (for the confirm route). */
  completeBuildA: number;
  releaseA: number;
  releaseChannelA: number;
  betaChannelA: number;
  /** A release of A in the Beta channel (to remove) and one that is not (to add). */
  betaReleaseA: number;
  nonBetaReleaseA: number;
  endUserA: number;
  endUserBetaMemberA: number;
  endUserNotInBetaA: number;
  licenseA: number;
  trialA: number;
  /** Client API: licence A's serial, machines of it (one the customer frees, one staff free, one checking for updates), a signed download link. */
  licenseSerialA: string;
  /** Another licence of A's product, activated on the update-checking machine: validations and update checks use it. */
  checkedSerialA: string;
  clientFingerprints: { deactivate: string; update: string };
  machineA: number;
  /** A machine of licence A that customer A frees in the portal. */
  portalMachineA: number;
  downloadUrlA: string;
  webhookEndpointA: number;
  /** One endpoint of A per role: each role's DELETE aims at an endpoint that still exists. */
  webhookEndpointsToDeleteA: number[];
  webhookDeliveryA: number;
  /** A mail in A's Emails log. */
  emailA: number;
  /** A previewed CSV import of A, ready to apply. */
  userImportA: number;
  /** A's portal slug, customer A's email, and unused magic-link tokens of end users of A (one per sign-in call). */
  portalSlugA: string;
  customerEmailA: string;
  signInLinkTokensA: string[];
  /** The end users behind the customer roles. */
  portalCustomers: { manufacturerId: number; customerA: number; customerB: number };
  /** Licence policies: a feature and an edition of product A, one of each per role to delete (each role's DELETE aims at one that still exists). */
  featureA: number;
  featuresToDeleteA: number[];
  editionA: number;
  editionsToDeleteA: number[];
  /** Staff tokens (MSession) for staff roles, customer tokens (PortalSession) for customer roles. */
  tokens: Record<Exclude<Role, 'anonymous'>, string>;
  /** Another session of staff A (to end from "My sessions"), and a staff user of A whose sessions the Super User ends. */
  staffSessions: { otherSessionOfStaffA: number; staffUserA: number };
  /** One live key of A per role for the revoke route, and a key of A with each scope alone (its secret). */
  apiKeysToRevokeA: number[];
  apiKeysA: Record<ApiKeyScope, string>;
  /** Browser activation of product A: pending user codes (one per call), and a request approved by customer A. */
  browserActivation: { userCodes: string[]; approved: { deviceCode: string; fingerprint: string } };
  /** A floating licence of A (the demo's floating product) with live leases to renew, check in and release. */
  floating: {
    productId: number;
    licenseId: number;
    serial: string;
    leases: { heartbeat: string; checkin: string; release: string };
  };
  /** Orders of A (its shop's): one to read, and one per refund call (each aims at one not refunded yet). */
  orderA: number;
  ordersToRefundA: number[];
  /** Serial batches of product A: one to read, export and redeem from (one unsold serial per call), one to void. */
  batches: { batchA: number; batchToVoidA: number; unsoldSerialsA: string[] };
  /** The demo's staff member of A with TOTP on: pending sign-ins and unused recovery codes, one of each per call. */
  twoFactor: { pendingTokens: string[]; recoveryCodes: string[] };
  /** A's Stripe and Paddle signing secrets (set), one mapping of A per role to delete, and one to edit. */
  stores: { stripeSecret: string; paddleSecret: string; mappingsToDeleteA: number[]; mappingToEditA: number };
  /** That member's passkey (a stored key no authenticator holds), and pending sign-ins for its calls, one per call. */
  passkeys: { passkeyOfOtherUser: number; pendingTokens: string[] };
  /** Staff of A an owner manages (staff A and B, like all demo staff, are owners): one member for the changes that
   * can repeat, one per role to remove, invite links to accept (one live, the rest unknown) and open invites to
   * withdraw, one per call. */
  staffTeam: { memberA: number; membersToRemoveA: number[]; inviteTokensA: string[]; invitesToWithdrawA: number[] };
  /** Enrolment sign-ins (a member of A without a factor where two-factor is required), one per call. */
  enrolment: { pendingTokens: string[] };
  /** A staff member of A of each role, signed in (the owner is staff A; the others are the demo's role logins). */
  staffRoleTokens: Record<StaffRole, string>;
}

const staffOf = (manufacturer: string) =>
  DEMO_LOGINS.find((login) => 'manufacturer' in login && login.manufacturer === manufacturer)!;

export async function buildWorld(t: TestApp): Promise<World> {
  await seedDemoData(t.db, t.masterKey, t.storage);
  const db = t.db;
  const manufacturerA = (
    await db.selectFrom('manufacturers').select('id').where('name', '=', 'Aurora Audio').executeTakeFirstOrThrow()
  ).id;
  const manufacturerB = (
    await db.selectFrom('manufacturers').select('id').where('name', '=', 'Nimbus Instruments').executeTakeFirstOrThrow()
  ).id;
  const product = await db
    .selectFrom('products')
    .select(['id', 'identifier'])
    .where('manufacturer_id', '=', manufacturerA)
    .where('type', '=', 'Full')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const confirmedBuild = await db
    .selectFrom('builds')
    .select('id')
    .where('product_id', '=', product.id)
    .where('upload_confirmed', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const confirmedFile = await db
    .selectFrom('build_files')
    .select('name')
    .where('build_id', '=', confirmedBuild.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();

  const pendingFile = { name: 'matrix-upload.bin', bytes: Buffer.from('bytes uploaded by the authorization matrix\n') };
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const newBuild = async (buildNumber: number) =>
    (
      await db
        .insertInto('builds')
        .values({
          manufacturer_id: manufacturerA,
          product_id: product.id,
          os: 'any',
          major: 9,
          minor: 9,
          revision: 9,
          build_number: buildNumber,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const pendingBuildA = await newBuild(9001);
  await db
    .insertInto('build_files')
    .values({
      manufacturer_id: manufacturerA,
      build_id: pendingBuildA,
      name: pendingFile.name,
      size: pendingFile.bytes.length,
      sha256: sha256(pendingFile.bytes),
    })
    .execute();
  const completeBuildA = await newBuild(9002);
  const completeBytes = Buffer.from('already uploaded\n');
  await t.storage.write(`builds/${completeBuildA}/complete.bin`, completeBytes);
  await db
    .insertInto('build_files')
    .values({
      manufacturer_id: manufacturerA,
      build_id: completeBuildA,
      name: 'complete.bin',
      size: completeBytes.length,
      sha256: sha256(completeBytes),
      storage_key: `builds/${completeBuildA}/complete.bin`,
      uploaded_at: new Date(),
    })
    .execute();

  const channels = await db
    .selectFrom('distribution_channels')
    .select(['id', 'type'])
    .where('manufacturer_id', '=', manufacturerA)
    .execute();
  const releaseChannelA = channels.find((channel) => channel.type === 'Release')!.id;
  const betaChannelA = channels.find((channel) => channel.type === 'Beta')!.id;
  const releases = await db
    .selectFrom('releases')
    .leftJoin('release_distributions', (join) =>
      join
        .onRef('release_distributions.release_id', '=', 'releases.id')
        .on('release_distributions.channel_id', '=', betaChannelA),
    )
    .select(['releases.id', 'release_distributions.id as beta'])
    .where('releases.product_id', '=', product.id)
    .orderBy('releases.id')
    .execute();
  const betaReleaseA = releases.find((release) => release.beta !== null)!.id;
  const nonBetaReleaseA = releases.find((release) => release.beta === null)!.id;

  const members = await db
    .selectFrom('channel_memberships')
    .select('user_id')
    .where('channel_id', '=', betaChannelA)
    .execute();
  const memberIds = new Set(members.map((member) => member.user_id));
  const users = await db
    .selectFrom('end_users')
    .select('id')
    .where('manufacturer_id', '=', manufacturerA)
    .orderBy('id')
    .execute();
  const license = await db
    .selectFrom('licenses')
    .select(['id', 'user_id'])
    .where('manufacturer_id', '=', manufacturerA)
    .where('product_id', '=', product.id)
    .where('disabled', '=', false)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const trial = await db
    .selectFrom('trials')
    .select('id')
    .where('product_id', '=', product.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const client = await clientApiWorld(t, manufacturerA, product.id, license.id, confirmedBuild.id);
  const floating = await floatingWorld(t, manufacturerA, license.user_id);
  const portalCustomers = await findPortalCustomers(t, manufacturerA, license.user_id);

  return {
    floating,
    manufacturerA,
    manufacturerB,
    productA: product.id,
    productAIdentifier: product.identifier ?? '',
    confirmedBuildA: confirmedBuild.id,
    confirmedBuildFileA: confirmedFile.name,
    pendingBuildA,
    pendingFile,
    completeBuildA,
    releaseA: releases[0].id,
    releaseChannelA,
    betaChannelA,
    betaReleaseA,
    nonBetaReleaseA,
    endUserA: license.user_id,
    endUserBetaMemberA: users.find((user) => memberIds.has(user.id))!.id,
    endUserNotInBetaA: users.find((user) => !memberIds.has(user.id))!.id,
    licenseA: license.id,
    trialA: trial.id,
    ...client,
    ...(await webhookObjects(db, t.masterKey, manufacturerA)),
    emailA: Number(
      (await sendTemplatedEmail(db, testEmail(manufacturerA, 'matrix.mail@example.com', 'Aurora Audio'))).id,
    ),
    userImportA: (await previewUserImport(db, manufacturerA, null, 'email\nmatrix.import@example.com\n')).id,
    ...(await portalObjects(t, manufacturerA, license.user_id)),
    ...(await policyObjects(db, manufacturerA, product.id)),
    portalCustomers,
    tokens: await signInEveryone(t, portalCustomers),
    staffSessions: await staffSessionObjects(t, manufacturerA),
    ...(await apiKeyObjects(t, manufacturerA)),
    browserActivation: await browserActivationObjects(t, product.id, license.id, portalCustomers),
    ...(await orderObjects(t, manufacturerA, product.id)),
    batches: await batchObjects(t, manufacturerA, product.id),
    twoFactor: await twoFactorObjects(t),
    stores: await storeObjects(t, manufacturerA, product.id),
    passkeys: await passkeyObjects(t),
    staffTeam: await staffTeamObjects(t, manufacturerA),
    enrolment: await enrolmentObjects(t, manufacturerA),
    staffRoleTokens: await staffRoleTokens(t),
  };
}

async function staffTeamObjects(t: TestApp, manufacturerId: number): Promise<World['staffTeam']> {
  const member = async (name: string) => {
    const id = await insertSystemUser(t.db, {
      email: `matrix.${name}@aurora-audio.example`,
      passwordHash: 'not-a-usable-hash',
      accessLevel: 'manufacturer',
      manufacturerId,
      staffRole: 'support',
    });
    return id;
  };
  const membersToRemoveA = [];
  for (let n = 0; n < ROLES.length; n++) membersToRemoveA.push(await member(`leaving.${n}`));
  const token = randomBytes(32).toString('base64url');
  await insertInvite(t.db, {
    manufacturerId,
    email: 'matrix.invited@aurora-audio.example',
    role: 'viewer',
    tokenHash: hashSessionToken(token),
    invitedBy: null,
    days: 7,
  });
  // Popped from the end: links that open nothing first, the live one last.
  const inviteTokensA = [token];
  for (let n = 1; n < ROLES.length; n++) inviteTokensA.push(randomBytes(32).toString('base64url'));
  const invitesToWithdrawA = [];
  for (let n = 0; n < ROLES.length; n++)
    invitesToWithdrawA.push(
      (
        await insertInvite(t.db, {
          manufacturerId,
          email: `matrix.withdrawn.${n}@aurora-audio.example`,
          role: 'viewer',
          tokenHash: hashSessionToken(randomBytes(32).toString('base64url')),
          invitedBy: null,
          days: 7,
        })
      ).id,
    );
  return { memberA: await member('support'), membersToRemoveA, inviteTokensA, invitesToWithdrawA };
}

async function staffRoleTokens(t: TestApp): Promise<World['staffRoleTokens']> {
  const owner = staffOf('Aurora Audio');
  const tokens: Partial<World['staffRoleTokens']> = { owner: await login(t.app, owner.email, owner.password) };
  for (const { role, email, password } of DEMO_STAFF_ROLE_LOGINS) tokens[role] = await login(t.app, email, password);
  return tokens as World['staffRoleTokens'];
}

/** Orders of A made through the order core, as a shop's key would make them. */
async function orderObjects(t: TestApp, manufacturerId: number, productId: number) {
  const order = async (n: number) =>
    (
      await createOrder(
        t.db,
        { id: manufacturerId },
        {
          buyer: { email: `matrix.buyer.${n}@example.com`, name: `Matrix Buyer ${n}` },
          lines: [{ product_id: productId, license_type: 'Standard', quantity: 1 }],
          store: 'api',
          external_order_id: `matrix-${n}`,
          amount: 1000,
          currency: 'EUR',
        },
        { actor: null, idempotencyKey: `matrix-${n}`, publicUrl: 'http://127.0.0.1:1' },
      )
    ).order.id;
  const orderA = await order(0);
  const ordersToRefundA = [];
  for (let n = 1; n <= 2 * ROLES.length; n++) ordersToRefundA.push(await order(n));
  return { orderA, ordersToRefundA };
}

async function batchObjects(t: TestApp, manufacturerId: number, productId: number): Promise<World['batches']> {
  const owner = { manufacturerId, productId };
  const batch = { license_type: 'Standard' as const, reseller: 'Matrix Reseller' };
  const batchA = (await createBatch(t.db, null, owner, { ...batch, count: ROLES.length })).id;
  const batchToVoidA = (await createBatch(t.db, null, owner, { ...batch, count: 3 })).id;
  const serials = await t.db.selectFrom('batch_serials').select('serial').where('batch_id', '=', batchA).execute();
  return { batchA, batchToVoidA, unsoldSerialsA: serials.map((row) => row.serial) };
}

async function passkeyObjects(t: TestApp): Promise<World['passkeys']> {
  const { id } = await t.db
    .selectFrom('system_users')
    .select('id')
    .where('email', '=', DEMO_TWO_FACTOR_LOGIN.email)
    .executeTakeFirstOrThrow();
  const passkey = await t.db
    .insertInto('passkeys')
    .values({ system_user_id: id, credential_id: 'bWF0cml4LXBhc3NrZXk', public_key: randomBytes(77), name: 'Matrix' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pendingTokens = [];
  for (let n = 0; n < 2 * ROLES.length; n++) pendingTokens.push((await createPendingSignIn(t.db, id)).token);
  return { passkeyOfOtherUser: passkey.id, pendingTokens };
}

async function twoFactorObjects(t: TestApp): Promise<World['twoFactor']> {
  const { id } = await t.db
    .selectFrom('system_users')
    .select('id')
    .where('email', '=', DEMO_TWO_FACTOR_LOGIN.email)
    .executeTakeFirstOrThrow();
  const recoveryCodes = newRecoveryCodes();
  await replaceRecoveryCodes(t.db, id, recoveryCodes.map(hashRecoveryCode));
  const pendingTokens = [];
  for (let n = 0; n < ROLES.length; n++) pendingTokens.push((await createPendingSignIn(t.db, id)).token);
  return { pendingTokens, recoveryCodes };
}

async function staffSessionObjects(t: TestApp, manufacturerId: number) {
  const staffA = staffOf('Aurora Audio');
  const otherToken = await login(t.app, staffA.email, staffA.password);
  const otherSessionOfStaffA = (
    await t.db
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', hashSessionToken(otherToken))
      .executeTakeFirstOrThrow()
  ).id;
  const staffUserA = await insertSystemUser(t.db, {
    email: 'matrix.leaver@aurora-audio.example',
    passwordHash: 'not-a-usable-hash',
    accessLevel: 'manufacturer',
    manufacturerId,
  });
  return { otherSessionOfStaffA, staffUserA };
}

async function apiKeyObjects(t: TestApp, manufacturerId: number) {
  const newKey = (scopes: ApiKeyScope[]) => createApiKey(t.db, manufacturerId, scopes, `Matrix ${scopes.join(' ')}`);
  const apiKeysToRevokeA = [];
  for (let n = 0; n < ROLES.length; n++) apiKeysToRevokeA.push((await newKey(['read'])).id);
  const apiKeysA = {} as Record<ApiKeyScope, string>;
  for (const scope of API_KEY_SCOPES) apiKeysA[scope] = (await newKey([scope])).secret;
  return { apiKeysToRevokeA, apiKeysA };
}

/** Pending requests of product A, one per matrix call that takes a code, and one approved by customer A with licence A. */
async function browserActivationObjects(
  t: TestApp,
  productId: number,
  licenseId: number,
  customers: World['portalCustomers'],
): Promise<World['browserActivation']> {
  const request = (fingerprint: string) =>
    startBrowserActivation(t.db, 'http://127.0.0.1', {
      product_id: productId,
      hardware_fingerprint: fingerprint,
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
    });
  const userCodes: string[] = [];
  for (let n = 0; n < 3 * ROLES.length; n++) userCodes.push((await request(`MATRIX-BROWSER-${n}`)).user_code);
  const fingerprint = 'MATRIX-BROWSER-APPROVED';
  const approved = await request(fingerprint);
  const customerA = {
    sessionId: 0,
    endUserId: customers.customerA,
    email: '',
    manufacturerId: customers.manufacturerId,
    manufacturerName: '',
    slug: '',
  };
  await approveRequest(t.db, createProductKeyCache(t.masterKey), customerA, '127.0.0.1', approved.user_code, licenseId);
  return { userCodes, approved: { deviceCode: approved.device_code, fingerprint } };
}

/**
 * A's portal, customer A's address, and one sign-in link per role for the sign-in route, each of another end user
 * of A (a newer code replaces an address's earlier ones, so each link has an address of its own).
 */
async function portalObjects(t: TestApp, manufacturerId: number, endUserId: number) {
  const manufacturer = await t.db
    .selectFrom('manufacturers')
    .select('portal_slug')
    .where('id', '=', manufacturerId)
    .executeTakeFirstOrThrow();
  const user = await t.db.selectFrom('end_users').select('email').where('id', '=', endUserId).executeTakeFirstOrThrow();
  const others = await t.db
    .selectFrom('end_users')
    .select(['id', 'email'])
    .where('manufacturer_id', '=', manufacturerId)
    .where('id', '<>', endUserId)
    .orderBy('id', 'desc')
    .limit(ROLES.length)
    .execute();
  const signInLinkTokensA: string[] = [];
  for (const other of others) {
    const issued = await issueSignInCode(t.db, signInCodeKey(t.masterKey), {
      manufacturerId,
      emailKey: emailKeyOf(other.email),
      endUserId: other.id,
      requestedBy: 'staff',
    });
    signInLinkTokensA.push(issued.linkToken);
  }
  return { portalSlugA: manufacturer.portal_slug, customerEmailA: user.email, signInLinkTokensA };
}

/** Customer A owns licence A; customer B is another end user of A's manufacturer. */
async function findPortalCustomers(
  t: TestApp,
  manufacturerId: number,
  customerA: number,
): Promise<World['portalCustomers']> {
  const other = await t.db
    .selectFrom('end_users')
    .select('id')
    .where('manufacturer_id', '=', manufacturerId)
    .where('id', '<>', customerA)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { manufacturerId, customerA, customerB: other.id };
}

/** Licence A activated on three machines (a limit that leaves room for the matrix's own) and a download link. */
async function clientApiWorld(
  t: TestApp,
  manufacturerId: number,
  productId: number,
  licenseId: number,
  buildId: number,
) {
  const db = t.db;
  await db.updateTable('products').set({ machine_limit: 1000 }).where('id', '=', productId).execute();
  const clientFingerprints = { deactivate: 'MATRIX-CLIENT-DEACTIVATE', update: 'MATRIX-CLIENT-UPDATE' };
  for (const fingerprint of [
    clientFingerprints.deactivate,
    clientFingerprints.update,
    'MATRIX-STAFF-DEACTIVATE',
    'MATRIX-PORTAL-FREE',
  ]) {
    await db
      .insertInto('license_activations')
      .values({
        manufacturer_id: manufacturerId,
        license_id: licenseId,
        hardware_fingerprint: fingerprint,
        hardware_fingerprint_version: 2,
        signature_seed_version: 5,
      })
      .execute();
  }
  const machine = await db
    .selectFrom('license_machines')
    .select('id')
    .where('license_id', '=', licenseId)
    .where('hardware_fingerprint', '=', 'MATRIX-STAFF-DEACTIVATE')
    .executeTakeFirstOrThrow();
  const portalMachine = await db
    .selectFrom('license_machines')
    .select('id')
    .where('license_id', '=', licenseId)
    .where('hardware_fingerprint', '=', 'MATRIX-PORTAL-FREE')
    .executeTakeFirstOrThrow();
  const license = await db
    .selectFrom('licenses')
    .select('serial')
    .where('id', '=', licenseId)
    .executeTakeFirstOrThrow();
  // Validations and update checks use a second licence: every role's call counts against a serial's per-minute limit.
  const second = await db
    .selectFrom('licenses')
    .select(['id', 'serial'])
    .where('product_id', '=', productId)
    .where('id', '<>', licenseId)
    .where('disabled', '=', false)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('license_activations')
    .values({
      manufacturer_id: manufacturerId,
      license_id: second.id,
      hardware_fingerprint: clientFingerprints.update,
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
    })
    .execute();
  const file = await db
    .selectFrom('build_files')
    .select(['id', 'sha256'])
    .where('build_id', '=', buildId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const link = signDownloadUrl(downloadUrlKey(t.masterKey), '/api/v1', file, Math.floor(Date.now() / 1000));
  return {
    licenseSerialA: license.serial,
    checkedSerialA: second.serial,
    clientFingerprints,
    machineA: machine.id,
    portalMachineA: portalMachine.id,
    downloadUrlA: link.url,
  };
}

/** A feature and an edition of A's product (and one more of each per role to delete), and its NFR and Standard policies (the demo's, if it has them). */
async function policyObjects(db: TestApp['db'], manufacturerId: number, productId: number) {
  const feature = async (key: string) =>
    (
      await db
        .insertInto('product_features')
        .values({ manufacturer_id: manufacturerId, product_id: productId, key, label: key })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const edition = async (name: string) =>
    (
      await db
        .insertInto('product_editions')
        .values({ manufacturer_id: manufacturerId, product_id: productId, name })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const featureA = await feature('matrix_feature');
  const editionA = await edition('Matrix Pro');
  await db.insertInto('product_edition_features').values({ edition_id: editionA, feature_id: featureA }).execute();
  const featuresToDeleteA = [];
  const editionsToDeleteA = [];
  for (let n = 0; n < ROLES.length; n++) {
    featuresToDeleteA.push(await feature(`matrix_gone_${n}`));
    editionsToDeleteA.push(await edition(`Matrix Gone ${n}`));
  }
  for (const licenseType of ['NFR', 'Standard'] as const)
    await db
      .insertInto('license_policies')
      .values({
        manufacturer_id: manufacturerId,
        product_id: productId,
        license_type: licenseType,
        model: 'node-locked',
        term: 'perpetual',
      })
      .onConflict((oc) => oc.columns(['product_id', 'license_type']).doNothing())
      .execute();
  return { featureA, featuresToDeleteA, editionA, editionsToDeleteA };
}

async function webhookObjects(db: TestApp['db'], masterKey: Buffer, manufacturerId: number) {
  const endpoint = () =>
    insertEndpoint(db, masterKey, {
      manufacturer_id: manufacturerId,
      url: 'https://93.184.215.14/hook',
      secret: generateSecret(),
      event_types: ['license.created'],
      enabled: true,
    });
  const webhookEndpointA = (await endpoint()).id;
  const webhookEndpointsToDeleteA = [];
  for (let n = 0; n < ROLES.length; n++) webhookEndpointsToDeleteA.push((await endpoint()).id);
  const event = await insertEvent(db, manufacturerId, 'webhook.test', {
    type: 'webhook.test',
    timestamp: new Date().toISOString(),
    data: {},
  });
  return {
    webhookEndpointA,
    webhookEndpointsToDeleteA,
    webhookDeliveryA: Number(await enqueueDelivery(db, event, webhookEndpointA)),
  };
}

export async function signInEveryone(t: TestApp, customers: World['portalCustomers']): Promise<World['tokens']> {
  const superuser = DEMO_LOGINS[0];
  return {
    superuser: await login(t.app, superuser.email, superuser.password),
    staffA: await login(t.app, staffOf('Aurora Audio').email, staffOf('Aurora Audio').password),
    staffB: await login(t.app, staffOf('Nimbus Instruments').email, staffOf('Nimbus Instruments').password),
    customerA: (await createCustomerSession(t.db, customers.manufacturerId, customers.customerA)).token,
    customerB: (await createCustomerSession(t.db, customers.manufacturerId, customers.customerB)).token,
  };
}

/** The Authorization header of a role: staff sign in with MSession, customers with PortalSession. */
export const authorizationOf = (role: Exclude<Role, 'anonymous'>, tokens: World['tokens']) =>
  `${isCustomerRole(role) ? PORTAL_AUTH_SCHEME : AUTH_SCHEME} ${tokens[role]}`;

/**
 * One digest over every table but the ones a read or a refused sign-in legitimately writes (sessions and their use,
 * an API key's last use, rate_limits, and the tries of a portal sign-in code or email change code).
 */
export async function databaseDigest(t: TestApp): Promise<string> {
  const tables = await sql<{
    name: string;
  }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('sessions', 'portal_sessions', 'portal_sign_in_codes', 'portal_email_changes', 'rate_limits', 'api_key_uses', 'kysely_migration', 'kysely_migration_lock') ORDER BY 1`.execute(
    t.db,
  );
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const row = await sql<{
      digest: string | null;
    }>`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${sql.table(name)} t`.execute(t.db);
    parts.push(`${name}:${row.rows[0]?.digest ?? ''}`);
  }
  return parts.join(',');
}

/** A licence of A's floating product (the demo's floating policy) of its own, with one live lease per lease route. */
async function floatingWorld(t: TestApp, manufacturerId: number, userId: number): Promise<World['floating']> {
  const { db } = t;
  const policy = await db
    .selectFrom('license_policies')
    .select(['product_id', 'license_type'])
    .where('manufacturer_id', '=', manufacturerId)
    .where('model', '=', 'floating')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const license = await db
    .insertInto('licenses')
    .values({
      manufacturer_id: manufacturerId,
      product_id: policy.product_id,
      user_id: userId,
      serial: newLicenseSerial(),
      license_type: policy.license_type,
    })
    .returning(['id', 'serial'])
    .executeTakeFirstOrThrow();
  const lease = async (fingerprint: string) =>
    (
      await db
        .insertInto('license_leases')
        .values({
          manufacturer_id: manufacturerId,
          license_id: license.id,
          hardware_fingerprint: fingerprint,
          expires_at: new Date(Date.now() + 86_400_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return {
    productId: policy.product_id,
    licenseId: license.id,
    serial: license.serial,
    leases: {
      heartbeat: await lease('MATRIX-SEAT-HEARTBEAT'),
      checkin: await lease('MATRIX-SEAT-CHECKIN'),
      release: await lease('MATRIX-SEAT-RELEASE'),
    },
  };
}

/** A's store secrets set as the console sets them, mappings to delete (one per role) and one to edit. */
async function storeObjects(t: TestApp, manufacturerId: number, productId: number): Promise<World['stores']> {
  const stripeSecret = 'whsec_matrix_0123456789abcdef';
  const paddleSecret = 'pdl_ntfset_matrix_0123456789';
  await saveStoreSecret(t.db, manufacturerId, 'stripe', encrypt(Buffer.from(stripeSecret), t.masterKey), '0def');
  await saveStoreSecret(t.db, manufacturerId, 'paddle', encrypt(Buffer.from(paddleSecret), t.masterKey), '6789');
  const mappingsToDeleteA = [];
  for (const role of ROLES) {
    const id = await insertStoreMapping(t.db, manufacturerId, 'stripe', {
      store_price_id: `price_matrix_delete_${role}`,
      product_id: productId,
      license_type: 'Standard',
    });
    mappingsToDeleteA.push(id!);
  }
  const mappingToEditA = await insertStoreMapping(t.db, manufacturerId, 'stripe', {
    store_price_id: 'price_matrix_edit',
    product_id: productId,
    license_type: 'Standard',
  });
  return { stripeSecret, paddleSecret, mappingsToDeleteA, mappingToEditA: mappingToEditA! };
}

async function enrolmentObjects(t: TestApp, manufacturerId: number): Promise<World['enrolment']> {
  const id = await insertSystemUser(t.db, {
    email: 'matrix.enrolment@aurora-audio.example',
    passwordHash: 'not-a-usable-hash',
    accessLevel: 'manufacturer',
    manufacturerId,
  });
  const pendingTokens = [];
  for (let n = 0; n < 4 * ROLES.length; n++)
    pendingTokens.push((await createPendingSignIn(t.db, id, 'enrolment')).token);
  // The matrix runs for many minutes on a busy machine: these must not expire before their entries run.
  await t.db
    .updateTable('pending_sign_ins')
    .set({ expires_at: sql<Date>`now() + interval '1 day'` })
    .where('system_user_id', '=', id)
    .execute();
  return { pendingTokens };
}
