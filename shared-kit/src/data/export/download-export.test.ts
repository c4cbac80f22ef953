/** @jest-environment node */
import { ApiError, createApiClient } from 'shared-kit';
import { downloadExport } from './download-export';

const encoder = new TextEncoder();

/** A CSV answer sent in the given chunks. */
function csvResponse(chunks: string[]) {
  let pull = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pull < chunks.length) controller.enqueue(encoder.encode(chunks[pull++]));
      else controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="products-2026-11-23.csv"',
    },
  });
}

describe('downloadExport', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });
  const api = () => createApiClient({ baseUrl: '/api/v1', getToken: () => 'secret' });

  it('asks for the list with its search (never its paging) with the session, and counts rows as they arrive', async () => {
    fetchMock.mockImplementation(async () =>
      csvResponse(['ID,Identifier\r\n1,', 'reverb\r\n2,"re\r\nverb"\r\n', '3,x\r\n']),
    );
    const seen: number[] = [];
    const file = await downloadExport(
      api(),
      '/products',
      { identifier: 'reverb', page: 3, per_page: 100 },
      { signal: new AbortController().signal, onRows: (rows) => seen.push(rows) },
    );

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/products/export.csv?identifier=reverb');
    expect(init.headers.Authorization).toBe('MSession secret');
    expect(seen).toEqual([0, 2, 3]);
    expect(file.rows).toBe(3);
    expect(file.fileName).toBe('products-2026-11-23.csv');
    expect(await file.blob.text()).toBe('ID,Identifier\r\n1,reverb\r\n2,"re\r\nverb"\r\n3,x\r\n');
  });

  it('stops reading when aborted: the fetch is aborted and the export rejects', async () => {
    let fetchSignal: AbortSignal | undefined;
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      fetchSignal = init.signal ?? undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('ID\r\n1\r\n'));
          // Never ends on its own; an abort errors it as a real fetch body would.
          fetchSignal?.addEventListener('abort', () => controller.error(fetchSignal?.reason));
        },
      });
      return new Response(body, { status: 200 });
    });
    const controller = new AbortController();
    const exported = downloadExport(
      api(),
      '/users',
      { email: 'a' },
      { signal: controller.signal, onRows: (rows) => rows === 1 && controller.abort() },
    );
    await expect(exported).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchSignal?.aborted).toBe(true);
  });

  it('turns an error answer before the first byte into the ApiError of any call', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: ['Too many exports are running. Please try again in a moment.'] }), {
        status: 429,
      }),
    );
    const error = await downloadExport(
      api(),
      '/users',
      {},
      { signal: new AbortController().signal, onRows: () => undefined },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Too many exports are running. Please try again in a moment.');
  });
});
