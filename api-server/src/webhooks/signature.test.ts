/** @jest-environment node */
import { Webhook } from 'standardwebhooks';
import { generateSecret, signatureHeader } from './signature';

describe('Standard Webhooks signature', () => {
  it('is what the reference library verifies, and only with the right secret, id, timestamp and body', () => {
    const secret = generateSecret();
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ type: 'license.created', timestamp: new Date().toISOString(), data: { id: '7' } });
    const headers = {
      'webhook-id': 'msg_7',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secret, 'msg_7', timestamp, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace('7', '8'), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_8' })).toThrow();
  });

  it('matches the reference library byte for byte', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const signed = new Webhook(secret).sign(
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      new Date(1614265330 * 1000),
      '{"test": 2432232314}',
    );
    expect(signatureHeader(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(signed);
  });

  it('generates whsec_ secrets of 24 random bytes', () => {
    const secrets = new Set(Array.from({ length: 20 }, generateSecret));
    expect(secrets.size).toBe(20);
    for (const secret of secrets) expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
  });
});
