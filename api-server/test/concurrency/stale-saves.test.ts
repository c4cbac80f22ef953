import { appForSuite } from '../support/test-app';
import { auth, tableDigest } from '../support/fixtures';
import { buildWorld } from '../security/matrix-world';

/** Two people edit the same object: the second save, based on what they opened, must not erase the first. */
describe('stale saves answer 409 and change nothing', () => {
  const suite = appForSuite(buildWorld);

  const get = (url: string) => suite.t.app.inject({ url, headers: auth(suite.world.tokens.staffA) });
  const patch = (url: string, payload: object) =>
    suite.t.app.inject({ method: 'PATCH', url, headers: auth(suite.world.tokens.staffA), payload });

  it.each([
    [
      'product',
      () => `/api/v1/products/${suite.world.productA}`,
      'products',
      { tagline: 'first' },
      { tagline: 'second' },
    ],
    [
      'release',
      () => `/api/v1/products/${suite.world.productA}/releases/${suite.world.releaseA}`,
      'releases',
      { description: 'first' },
      { description: 'second' },
    ],
  ] as const)('%s', async (what, url, table, firstChange, secondChange) => {
    const opened = (await get(url())).json();
    const body = (change: object) => ({
      ...opened,
      ...change,
      builds: opened.builds?.map((build: { id: number }) => build.id),
    });
    const first = await patch(url(), body(firstChange));
    expect(first.statusCode).toBe(200);

    const before = await tableDigest(suite.t.db, table);
    const stale = await patch(url(), body(secondChange));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: [
        `Someone else changed this ${what} after you opened it. Reload the page to see their changes, then edit again.`,
      ],
    });
    expect(await tableDigest(suite.t.db, table)).toBe(before);

    // Saving on top of the fresh version works, and a client that sends no version is not checked.
    const reopened = (await get(url())).json();
    expect(
      (
        await patch(url(), {
          ...reopened,
          ...secondChange,
          builds: reopened.builds?.map((build: { id: number }) => build.id),
        })
      ).statusCode,
    ).toBe(200);
    const { updated_at: _ignored, ...versionless } = reopened;
    expect(
      (
        await patch(url(), {
          ...versionless,
          ...firstChange,
          builds: reopened.builds?.map((build: { id: number }) => build.id),
        })
      ).statusCode,
    ).toBe(200);
  });
});
