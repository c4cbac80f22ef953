import { killLeftoverServers } from './server-process';

// Each test starts real servers with an embedded PostgreSQL: minutes, not seconds, on a loaded machine.
jest.setTimeout(240_000);
afterAll(killLeftoverServers);
