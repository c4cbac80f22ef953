import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiError, useApiResource, usePagedList } from 'shared-kit';
import { TestProviders, createTestServices, type RecordedApiCall } from 'shared-kit/testing';
import { productKeys, releaseKeys } from './keys';
import { useApiMutation, type ApiMutation } from './use-api-mutation';

const renameProduct: ApiMutation<{ productId: number; name: string }, { id: number; name: string }> = {
  name: 'rename-product',
  method: 'PATCH',
  path: ({ productId }) => productKeys.detail(productId),
  body: ({ name }) => ({ name }),
  invalidates: ({ productId }) => [productKeys.lists(), productKeys.detail(productId)],
};

function setUp(server: (call: RecordedApiCall) => unknown) {
  const { services, calls } = createTestServices({ server, session: null });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders services={services}>{children}</TestProviders>
  );
  const view = renderHook(
    () => ({
      list: usePagedList(productKeys.list({ page: 1 })),
      product: useApiResource(productKeys.detail(4)),
      releases: usePagedList(releaseKeys.list(4, { page: 1 })),
      rename: useApiMutation(renameProduct),
    }),
    { wrapper },
  );
  return { ...view, calls };
}

const page = {
  data: [],
  pagination: { records: { total: 0, per_page: 25 }, pages: { current: 1, previous: null, next: null, last: 1 } },
};
const gets = (calls: RecordedApiCall[]) => calls.filter((call) => call.method === 'GET').map((call) => call.path);

describe('useApiMutation', () => {
  it('sends the change, is pending meanwhile, then fetches afresh exactly what it invalidates', async () => {
    let answer!: (value: unknown) => void;
    const { result, calls } = setUp((call) =>
      call.method === 'PATCH'
        ? new Promise((resolve) => (answer = resolve))
        : call.path === '/products/4'
          ? { id: 4 }
          : page,
    );
    await waitFor(() => expect(gets(calls)).toHaveLength(3));

    let saved: Promise<unknown>;
    act(() => {
      saved = result.current.rename.trigger({ productId: 4, name: 'Reverb' });
    });
    await waitFor(() => expect(result.current.rename.isMutating).toBe(true));
    expect(calls.at(-1)).toEqual({ method: 'PATCH', path: '/products/4', body: { name: 'Reverb' } });

    await act(async () => {
      answer({ id: 4, name: 'Reverb' });
      await expect(saved).resolves.toEqual({ id: 4, name: 'Reverb' });
    });
    expect(result.current.rename.isMutating).toBe(false);
    expect(gets(calls).slice(3).sort()).toEqual(['/products', '/products/4']);
  });

  it('rejects with the API error, keeps it as state and invalidates nothing', async () => {
    const refused = new ApiError(400, ['Name is required.']);
    const { result, calls } = setUp((call) => {
      if (call.method === 'PATCH') throw refused;
      return call.path === '/products/4' ? { id: 4 } : page;
    });
    await waitFor(() => expect(gets(calls)).toHaveLength(3));
    await act(async () => {
      await expect(result.current.rename.trigger({ productId: 4, name: '' })).rejects.toBe(refused);
    });
    expect(result.current.rename.error).toBe(refused);
    expect(gets(calls)).toHaveLength(3);
  });
});
