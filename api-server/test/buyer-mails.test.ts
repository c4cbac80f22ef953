import { BUYER_MAIL_KINDS } from 'shared-kit/contract';
import { newKeySecret } from '../src/api-keys/api-key-rules';
import { insertApiKey } from '../src/api-keys/queries/api-keys';
import { emailDb } from '../src/email/tables';
import { createCustomerSession } from '../src/portal/customer-sessions';
import { createTestApp, type TestApp } from './support/test-app';
import { auth } from './support/fixtures';
import { createLicensingWorld, type LicensingWorld } from './licensing-fixtures';
import { clientPost } from './client-fixtures';
import { customerAuth } from './portal-fixtures';
import { startMailDelivery, type MailDelivery } from './email/mail-delivery';

jest.setTimeout(120_000);

const PUBLIC_URL = 'https://licences.example.com';
const PORTAL = `${PUBLIC_URL}/portal/alpha-audio`;

describe('the mails a buyer expects', () => {
  let t: TestApp;
  let world: LicensingWorld;
  let mail: MailDelivery;
  let shopSecret: string;
  let orderNumber = 0;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL });
    world = await createLicensingWorld(t);
    mail = await startMailDelivery();
    await t.db
      .insertInto('distribution_channels')
      .values({ manufacturer_id: world.manufacturerA.id, type: 'Release', name: 'Release' })
      .onConflict((oc) => oc.columns(['manufacturer_id', 'type']).doNothing())
      .execute();
    const key = newKeySecret();
    await insertApiKey(t.db, {
      manufacturerId: world.manufacturerA.id,
      name: 'Web shop',
      prefix: key.prefix,
      hash: key.hash,
      scopes: ['orders:write'],
      expiresAt: null,
      createdBy: null,
    });
    shopSecret = key.secret;
  });
  afterAll(async () => {
    await mail.close();
    await t.close();
  });
  beforeEach(async () => {
    await mail.reset(t.db);
    await t.db
      .withTables<{ buyer_mail_switches: { manufacturer_id: number } }>()
      .deleteFrom('buyer_mail_switches')
      .execute();
    await t.db.updateTable('manufacturers').set({ portal_enabled: true }).execute();
  });

  const outbox = () =>
    emailDb(t.db).selectFrom('email_outbox').select(['kind', 'to_address', 'subject']).orderBy('id').execute();
  /** Sends the outbox through the SMTP test server; answers what arrived. */
  const deliver = async () => {
    await mail.deliver(t.db);
    return mail.smtp.arrived.map(({ envelope, parsed }) => ({
      to: envelope.to,
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
      from: parsed.from?.value[0]?.name,
    }));
  };
  const order = (email: string, quantity = 1, productId = world.synth.id) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { authorization: `Bearer ${shopSecret}`, 'idempotency-key': `mails-${++orderNumber}` },
      payload: {
        buyer: { email, name: 'Buyer' },
        lines: [{ product_id: productId, license_type: 'Standard', quantity }],
        store: 'api',
        external_order_id: `M-${orderNumber}`,
      },
    });
  const switchOff = async (mail: string) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/manufacturers/${world.manufacturerA.id}/buyer-mails`,
      headers: auth(world.staffAToken),
      payload: { [mail]: false },
    });
    expect(response.statusCode).toBe(200);
  };

  describe('licence issued', () => {
    it('mails an order’s buyer every serial, how to activate and the link into the portal', async () => {
      const response = await order('new.buyer@example.com', 2);
      expect(response.statusCode).toBe(201);
      const serials: string[] = response.json().licenses.map((license: { serial: string }) => license.serial);
      expect(serials).toHaveLength(2);

      expect(await outbox()).toEqual([
        {
          kind: BUYER_MAIL_KINDS.license_issued,
          to_address: 'new.buyer@example.com',
          subject: 'Your 2 licences from Alpha Audio',
        },
      ]);
      const [mail, ...more] = await deliver();
      expect(more).toEqual([]);
      expect(mail.to).toEqual(['new.buyer@example.com']);
      expect(mail.from).toBe('Alpha Audio');
      for (const serial of serials) {
        expect(mail.text).toContain(serial);
        expect(mail.html).toContain(serial);
      }
      expect(mail.text).toContain('Alpha Synth');
      expect(mail.text).toContain('choose Activate');
      expect(mail.text).toContain(`${PORTAL}/downloads`);
      expect(mail.html).toContain(`href="${PORTAL}/downloads"`);
    });

    it('writes no mail for an order refused, nor twice for a retried one', async () => {
      const refused = await order('nobody@example.com', 1, 999_999);
      expect(refused.statusCode).toBe(400);
      expect(await outbox()).toEqual([]);

      const key = `mails-retry-${++orderNumber}`;
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/orders',
          headers: { authorization: `Bearer ${shopSecret}`, 'idempotency-key': key },
          payload: {
            buyer: { email: 'retry@example.com', name: 'Retry' },
            lines: [{ product_id: world.synth.id, license_type: 'Standard', quantity: 1 }],
            store: 'api',
            external_order_id: key,
          },
        });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      expect((await outbox()).map((row) => row.to_address)).toEqual(['retry@example.com']);
    });

    it('says nothing of a portal that is switched off', async () => {
      await t.db.updateTable('manufacturers').set({ portal_enabled: false }).execute();
      expect((await order('no.portal@example.com')).statusCode).toBe(201);
      const [mail] = await deliver();
      expect(mail.subject).toBe('Your Alpha Synth licence from Alpha Audio');
      expect(mail.text).not.toContain('/portal/');
      expect(mail.text).toContain('Install the plugin.');
    });

    it('mails the customer who redeems a batch serial in the portal', async () => {
      const batch = await t.app.inject({
        method: 'POST',
        url: `/api/v1/products/${world.synth.id}/batches`,
        headers: auth(world.staffAToken),
        payload: { license_type: 'Standard', count: 1, reseller: 'Boxed' },
      });
      expect(batch.statusCode).toBe(201);
      const { serial } = await t.db
        .selectFrom('batch_serials')
        .select('serial')
        .where('batch_id', '=', batch.json().id)
        .executeTakeFirstOrThrow();
      const { token } = await createCustomerSession(t.db, world.manufacturerA.id, world.bob.id);
      const redeemed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/portal/redeem',
        headers: customerAuth(token),
        payload: { serial },
      });
      expect(redeemed.statusCode).toBe(201);
      const [mail, ...more] = await deliver();
      expect(more).toEqual([]);
      expect(mail.to).toEqual([world.bob.email]);
      expect(mail.text).toContain(serial);
      expect(mail.text).toContain(`${PORTAL}/downloads`);
    });

    it('mails a licence staff create, unless that mail is switched off', async () => {
      const create = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/users/${world.cy.id}/licenses`,
          headers: auth(world.staffAToken),
          payload: { product_id: world.drums.id, license_type: 'NFR' },
        });
      const created = await create();
      expect(created.statusCode).toBe(201);
      expect(await outbox()).toEqual([
        {
          kind: BUYER_MAIL_KINDS.license_issued_by_staff,
          to_address: world.cy.email,
          subject: 'Your Alpha Drums licence from Alpha Audio',
        },
      ]);
      expect((await deliver())[0].text).toContain(created.json().serial);

      await emailDb(t.db).deleteFrom('email_outbox').execute();
      await switchOff('license_issued_by_staff');
      expect((await create()).statusCode).toBe(201);
      expect(await outbox()).toEqual([]);
      // The shop's mail has its own switch, still on.
      expect((await order('still.on@example.com')).statusCode).toBe(201);
      expect((await outbox()).map((row) => row.kind)).toEqual([BUYER_MAIL_KINDS.license_issued]);
    });

    it('writes nothing to the outbox when the manufacturer switched it off', async () => {
      await switchOff('license_issued');
      expect((await order('quiet@example.com', 3)).statusCode).toBe(201);
      expect(await outbox()).toEqual([]);
      expect(await deliver()).toEqual([]);
    });
  });

  describe('licence disabled after a refund', () => {
    it('tells the buyer which licence, why and what it means for the plugin', async () => {
      const made = await order('refunded@example.com', 1);
      const { id, licenses } = made.json() as { id: number; licenses: { serial: string }[] };
      await emailDb(t.db).deleteFrom('email_outbox').execute();
      const refund = await t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${id}/refund`,
        headers: { authorization: `Bearer ${shopSecret}` },
        payload: { reason: 'CancelledOrder' },
      });
      expect(refund.statusCode).toBe(200);
      const [mail, ...more] = await deliver();
      expect(more).toEqual([]);
      expect(mail.to).toEqual(['refunded@example.com']);
      expect(mail.subject).toBe('Your Alpha Audio licence was disabled');
      expect(mail.text).toContain(licenses[0].serial);
      expect(mail.text).toContain('because your order was refunded or cancelled');
      expect(mail.text).toContain('the plugin stops working with this serial the next time it checks its licence');
      expect(mail.text).toContain(`${PORTAL}/licenses`);
    });

    it('is not written when switched off', async () => {
      const { id } = (await order('refunded.quietly@example.com', 1)).json() as { id: number };
      await emailDb(t.db).deleteFrom('email_outbox').execute();
      await switchOff('license_disabled');
      const refund = await t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${id}/refund`,
        headers: { authorization: `Bearer ${shopSecret}` },
        payload: { reason: 'FraudulentUse' },
      });
      expect(refund.statusCode).toBe(200);
      expect(await outbox()).toEqual([]);
    });
  });

  describe('machine freed', () => {
    const activate = async (serial: string, fingerprint: string, name: string) => {
      const response = await clientPost(t, '/activations', {
        product_id: world.synth.id,
        serial,
        hardware_fingerprint: fingerprint,
        hardware_fingerprint_version: 2,
        signature_seed_version: 5,
        machine_name: name,
      });
      expect(response.statusCode).toBe(200);
      return t.db
        .selectFrom('license_machines')
        .select('id')
        .where('hardware_fingerprint', '=', fingerprint)
        .executeTakeFirstOrThrow();
    };

    it('names the machine, when, and that staff freed it', async () => {
      const machine = await activate(world.annSynth.serial, 'FREED-BY-STAFF-1', 'Studio iMac');
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/licenses/${world.annSynth.id}/machines/${machine.id}/deactivate`,
        headers: auth(world.staffAToken),
      });
      expect(response.statusCode).toBe(200);
      const [mail, ...more] = await deliver();
      expect(more).toEqual([]);
      expect(mail.to).toEqual([world.ann.email]);
      expect(mail.subject).toBe('Studio iMac was freed from your Alpha Synth licence');
      expect(mail.text).toContain('Alpha Audio support freed a machine of your licence.');
      expect(mail.text).toContain(world.annSynth.serial);
      expect(mail.text).toMatch(/When: \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC/);
    });

    it('mails nobody when a plugin frees its own machine', async () => {
      await activate(world.annSynth.serial, 'FREED-BY-PLUGIN-1', 'Tour laptop');
      const freed = await clientPost(t, '/deactivations', {
        product_id: world.synth.id,
        serial: world.annSynth.serial,
        hardware_fingerprint: 'FREED-BY-PLUGIN-1',
      });
      expect(freed.statusCode).toBe(200);
      expect(await outbox()).toEqual([]);
    });

    it('says the customer freed it themselves in the portal, and nothing when switched off', async () => {
      const { token } = await createCustomerSession(t.db, world.manufacturerA.id, world.bob.id);
      const free = (machineId: number) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/portal/licenses/${world.bobSynth.id}/machines/${machineId}/deactivate`,
          headers: customerAuth(token),
        });
      const first = await activate(world.bobSynth.serial, 'FREED-BY-CUSTOMER-1', 'Old laptop');
      expect((await free(first.id)).statusCode).toBe(200);
      const [mail] = await deliver();
      expect(mail.to).toEqual([world.bob.email]);
      expect(mail.text).toContain('You freed a machine of your licence in the customer portal.');
      expect(mail.text).toContain('Machine: Old laptop');

      await emailDb(t.db).deleteFrom('email_outbox').execute();
      await switchOff('machine_freed');
      const second = await activate(world.bobSynth.serial, 'FREED-BY-CUSTOMER-2', 'Other laptop');
      expect((await free(second.id)).statusCode).toBe(200);
      expect(await outbox()).toEqual([]);
    });
  });
});
