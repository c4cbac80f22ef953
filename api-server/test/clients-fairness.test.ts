import { insertEndpoint } from '../src/webhooks/endpoints';
import {
  CLIENT_CALLS_PER_ADDRESS,
  CLIENT_CALLS_PER_SUBJECT,
  TRIAL_STARTS_PER_ADDRESS,
} from '../src/clients/routes/client-guard';
import { tableDigest } from './support/fixtures';
import { CLIENT, clientApiSuite } from './client-fixtures';

describe('client API fairness: trials from nowhere, a serial known to a stranger', () => {
  const suite = clientApiSuite({ trial_days: 14, machine_limit: 2 });

  const post = (path: string, payload: object, remoteAddress = '127.0.0.1') =>
    suite.t.app.inject({ method: 'POST', url: `${CLIENT}${path}`, payload, remoteAddress });
  const trial = (fingerprint: string, remoteAddress?: string, productId = suite.world.synth.id) =>
    post('/trials', { product_id: productId, hardware_fingerprint: fingerprint }, remoteAddress);
  const written = async () =>
    (
      await Promise.all(
        ['trials', 'audit_log', 'webhook_events', 'webhook_deliveries'].map((table) => tableDigest(suite.t.db, table)),
      )
    ).join();

  describe(`new trials: ${TRIAL_STARTS_PER_ADDRESS} an hour per product and address`, () => {
    beforeAll(async () => {
      // A subscriber to trial.started: a trial that was written would leave a webhook delivery too.
      await insertEndpoint(suite.t.db, suite.t.masterKey, {
        manufacturer_id: suite.world.manufacturerA.id,
        url: 'https://hooks.example.com/trials',
        secret: 'whsec_test',
        event_types: ['trial.started'],
        enabled: true,
      });
      await suite.t.db.updateTable('products').set({ trial_days: 7 }).where('id', '=', suite.world.drums.id).execute();
    });

    it('refuses the next new trial with 429 and Retry-After, writing no trial, audit row or delivery', async () => {
      for (let n = 0; n < TRIAL_STARTS_PER_ADDRESS; n++) expect((await trial(`NOWHERE-${n}`)).statusCode).toBe(201);
      const delivered = await suite.t.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(delivered.n)).toBe(TRIAL_STARTS_PER_ADDRESS);
      const before = await written();
      const refused = await trial('NOWHERE-EXTRA');
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(60);
      expect(wait).toBeLessThanOrEqual(3600);
      expect(refused.json()).toEqual({
        message: [`Too many trials were started from this network address. Please wait ${wait} seconds and try again.`],
      });
      expect(await written()).toBe(before);
      // A machine that has its trial still gets it again (it starts nothing).
      expect((await trial('NOWHERE-0')).statusCode).toBe(200);
      // Another address, and another product from this address, start trials as before.
      expect((await trial('ELSEWHERE-1', '198.51.100.20')).statusCode).toBe(201);
      expect((await trial('NOWHERE-DRUMS', undefined, suite.world.drums.id)).statusCode).toBe(201);
    });

    it('counts an IPv6 address by its /64', async () => {
      for (let n = 0; n < TRIAL_STARTS_PER_ADDRESS; n++)
        expect((await trial(`V6-${n}`, `2001:db8:7:7::${n + 1}`)).statusCode).toBe(201);
      expect((await trial('V6-EXTRA', '2001:db8:7:7:ffff::1')).statusCode).toBe(429);
      expect((await trial('V6-OTHER', '2001:db8:7:8::1')).statusCode).toBe(201);
    });
  });

  describe('a serial is limited per machine', () => {
    const validate = (fingerprint: string, remoteAddress: string) =>
      post(
        '/validations',
        {
          product_id: suite.world.synth.id,
          serial: suite.world.annSynth.serial,
          hardware_fingerprint: fingerprint,
          nonce: 'nonce-0123456789abcdef',
        },
        remoteAddress,
      );

    it("a stranger who knows the serial uses up their own budget, not the owner's machine's", async () => {
      // The stranger asks as often as their address allows, from two machines.
      let strangerRefused = 0;
      for (let n = 0; n < CLIENT_CALLS_PER_ADDRESS; n++) {
        const answer = await validate(n % 2 ? 'STRANGER-A' : 'STRANGER-B', '203.0.113.66');
        if (answer.statusCode === 429) strangerRefused++;
        else expect(answer.statusCode).toBe(200);
      }
      expect(strangerRefused).toBe(CLIENT_CALLS_PER_ADDRESS - 2 * CLIENT_CALLS_PER_SUBJECT);
      // The owner's plugin, on its machine and network, is still answered, its full 20 a minute.
      for (let n = 0; n < CLIENT_CALLS_PER_SUBJECT; n++)
        expect((await validate('OWNER-MACHINE', '198.51.100.7')).statusCode).toBe(200);
      const over = await validate('OWNER-MACHINE', '198.51.100.7');
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});
