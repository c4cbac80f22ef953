// Each API test file creates its database and logs in through scrypt: seconds, not milliseconds, on a busy machine.
jest.setTimeout(30_000);
