import Fastify from 'fastify';
import { REFERENCE_CHANGED } from '../src/lib/http-error';
import { registerErrorHandling } from '../src/plugins/error-handler';

describe('registerErrorHandling', () => {
  it('answers a write that lost a race over a reference with 409, not 500', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    for (const code of ['23503', '23001'])
      app.get(`/${code}`, async () => {
        throw Object.assign(new Error('violates foreign key constraint'), { code });
      });
    app.get('/other', async () => {
      throw new Error('something else');
    });
    for (const code of ['23503', '23001']) {
      const answer = await app.inject({ url: `/${code}` });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ message: [REFERENCE_CHANGED] });
    }
    expect((await app.inject({ url: '/other' })).statusCode).toBe(500);
    await app.close();
  });
});
