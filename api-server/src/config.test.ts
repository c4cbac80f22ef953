/** @jest-environment node */
import { ConfigError, readConfig } from './config';

describe('request time limits', () => {
  it('have sane defaults', () => {
    expect(readConfig({}).timeouts).toEqual({
      headersMs: 10_000,
      requestMs: 600_000,
      idleMs: 30_000,
      keepAliveMs: 72_000,
    });
  });
  it('are read from the environment', () => {
    const env = {
      PRODUCTHUB_HEADERS_TIMEOUT_MS: '2000',
      PRODUCTHUB_REQUEST_TIMEOUT_MS: '0',
      PRODUCTHUB_IDLE_TIMEOUT_MS: '3000',
      PRODUCTHUB_KEEP_ALIVE_TIMEOUT_MS: '4000',
    };
    expect(readConfig(env).timeouts).toEqual({ headersMs: 2000, requestMs: 0, idleMs: 3000, keepAliveMs: 4000 });
  });
  it('refuse values Node would reject or that would leave headers unlimited', () => {
    expect(() => readConfig({ PRODUCTHUB_HEADERS_TIMEOUT_MS: '0' })).toThrow(ConfigError);
    expect(() => readConfig({ PRODUCTHUB_HEADERS_TIMEOUT_MS: '5000', PRODUCTHUB_REQUEST_TIMEOUT_MS: '1000' })).toThrow(
      ConfigError,
    );
    expect(() => readConfig({ PRODUCTHUB_IDLE_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
  });

  it('reads the public URL, by default this server on loopback, without a trailing slash', () => {
    expect(readConfig({ PORT: '9000' }).publicUrl).toBe('http://127.0.0.1:9000');
    expect(readConfig({ PRODUCTHUB_PUBLIC_URL: 'https://licences.example.com/hub/' }).publicUrl).toBe(
      'https://licences.example.com/hub',
    );
    expect(() => readConfig({ PRODUCTHUB_PUBLIC_URL: 'ftp://example.com' })).toThrow(ConfigError);
    expect(() => readConfig({ PRODUCTHUB_PUBLIC_URL: 'not a url' })).toThrow(ConfigError);
  });
});

describe('the customer portal limits', () => {
  it('default to what README.md and docs/portal.md say', () => {
    const config = readConfig({});
    expect(config.portal).toEqual({
      codesPerEmailPerHour: 5,
      codesPerAddressPerHour: 30,
      signInsPerAddressPerMinute: 30,
      offlineActivationsPerSessionPerHour: 10,
      offlineActivationsPerAddressPerHour: 30,
    });
    expect(config.browserActivationCodeTries).toEqual({ perSession: 20, perAddress: 60 });
    expect(config.serialRedeemTries).toEqual({ perCustomer: 10, perAddress: 30 });
    expect(config.sessionIdleMinutes).toBe(30);
  });

  it('are read from the variables README.md names', () => {
    const config = readConfig({
      PRODUCTHUB_PORTAL_CODE_RATE_LIMIT: '2',
      PRODUCTHUB_PORTAL_CODE_ADDRESS_RATE_LIMIT: '3',
      PRODUCTHUB_PORTAL_SIGN_IN_ADDRESS_RATE_LIMIT: '4',
      PRODUCTHUB_PORTAL_OFFLINE_RATE_LIMIT: '5',
      PRODUCTHUB_PORTAL_OFFLINE_ADDRESS_RATE_LIMIT: '6',
      PRODUCTHUB_PORTAL_ACTIVATION_CODE_RATE_LIMIT: '7',
      PRODUCTHUB_PORTAL_ACTIVATION_CODE_ADDRESS_RATE_LIMIT: '8',
      PRODUCTHUB_PORTAL_REDEEM_RATE_LIMIT: '9',
      PRODUCTHUB_PORTAL_REDEEM_ADDRESS_RATE_LIMIT: '10',
    });
    expect(config.portal).toEqual({
      codesPerEmailPerHour: 2,
      codesPerAddressPerHour: 3,
      signInsPerAddressPerMinute: 4,
      offlineActivationsPerSessionPerHour: 5,
      offlineActivationsPerAddressPerHour: 6,
    });
    expect(config.browserActivationCodeTries).toEqual({ perSession: 7, perAddress: 8 });
    expect(config.serialRedeemTries).toEqual({ perCustomer: 9, perAddress: 10 });
  });
});
