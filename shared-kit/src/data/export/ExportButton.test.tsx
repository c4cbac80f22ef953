import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { ReadableStream } from 'node:stream/web';
import { SWRConfig, unstable_serialize } from 'swr';
import { ShellServicesProvider, createApiClient, createListStateStore } from 'shared-kit';
import { renderWithTheme } from '../../ui/test-utils';
import { productKeys, userKeys } from '../keys';
import { ExportButton } from './ExportButton';

const encoder = new TextEncoder();

/** A streamed CSV answer whose chunks the test pushes one by one; an abort of the fetch errors it, as a browser does. */
function controllableAnswer(signal: AbortSignal) {
  let push!: (text: string) => void;
  let end!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
      signal.addEventListener('abort', () =>
        controller.error(new DOMException('The operation was aborted.', 'AbortError')),
      );
    },
  });
  const response = {
    ok: true,
    status: 200,
    headers: {
      get: (name: string) => (name === 'Content-Disposition' ? 'attachment; filename="users-2026-11-23.csv"' : null),
    },
    body,
  };
  return { response: response as unknown as Response, push: (text: string) => push(text), end: () => end() };
}

function setUp() {
  const fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
  const showError = jest.fn();
  const api = createApiClient({ baseUrl: '/api/v1', getToken: () => 'token' });
  const services = {
    api,
    session: null,
    logout: jest.fn(),
    refreshSession: jest.fn(),
    showError,
    listStates: createListStateStore(null),
    loadRemoteModule: jest.fn(),
  };
  const wrap = (ui: ReactNode) => renderWithTheme(<ShellServicesProvider value={services}>{ui}</ShellServicesProvider>);
  return { fetchMock, showError, wrap };
}

/** The live region the progress is announced in. */
const exportStatus = () => {
  const region = document.querySelector<HTMLElement>('[data-export-status]');
  expect(region).toHaveAttribute('aria-live', 'polite');
  return region!;
};

describe('ExportButton', () => {
  const clicked: string[] = [];
  beforeEach(() => {
    clicked.length = 0;
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('exports the list with its current search, shows rows so far in a live region, then saves the named file', async () => {
    const { fetchMock, wrap } = setUp();
    let answer!: ReturnType<typeof controllableAnswer>;
    fetchMock.mockImplementation(
      async (_url: string, init: RequestInit) => (answer = controllableAnswer(init.signal!)).response,
    );
    wrap(<ExportButton list={userKeys.list({ email: 'aurora', page: 2, per_page: 25 })} />);

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/users/export.csv?email=aurora');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    const status = exportStatus();
    await waitFor(() => expect(status).toHaveTextContent('0 rows so far'));

    await act(async () => {
      answer.push(
        'ID,Email\r\n' + Array.from({ length: 12345 }, (_, index) => `${index},u${index}@example.com\r\n`).join(''),
      );
    });
    await waitFor(() => expect(status).toHaveTextContent('12,345 rows so far'));

    await act(async () => answer.end());
    await waitFor(() => expect(status).toHaveTextContent('Exported 12,345 rows.'));
    expect(clicked).toEqual(['users-2026-11-23.csv']);
    expect(screen.queryByRole('button', { name: 'Cancel export' })).not.toBeInTheDocument();
  });

  it("says how many of the list's known total have arrived, and only the count once more arrive than it said", async () => {
    const { fetchMock, wrap } = setUp();
    let answer!: ReturnType<typeof controllableAnswer>;
    fetchMock.mockImplementation(
      async (_url: string, init: RequestInit) => (answer = controllableAnswer(init.signal!)).response,
    );
    const list = userKeys.list({ email: 'aurora', page: 1, per_page: 25 });
    // The page the list shows is in the cache, with its total: the export asks nothing more for it.
    const page = {
      data: [],
      pagination: {
        records: { total: 20000, per_page: 25 },
        pages: { current: 1, previous: null, next: 2, last: 800 },
      },
    };
    const cache = () => new Map([[unstable_serialize(list), { data: page }]]);
    wrap(
      <SWRConfig value={{ provider: cache }}>
        <ExportButton list={list} />
      </SWRConfig>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/v1/users/export.csv?email=aurora']);
    const status = exportStatus();
    await waitFor(() => expect(status).toHaveTextContent('0 of 20,000 rows'));
    const rows = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => `${from + index},u${from + index}@example.com\r\n`).join('');
    await act(async () => answer.push('ID,Email\r\n' + rows(0, 12345)));
    await waitFor(() => expect(status).toHaveTextContent('12,345 of 20,000 rows'));
    await new Promise((resolve) => setTimeout(resolve, 250));
    await act(async () => answer.push(rows(12345, 7700)));
    await waitFor(() => expect(status).toHaveTextContent('20,045 rows so far'));
    await act(async () => answer.end());
    await waitFor(() => expect(status).toHaveTextContent('Exported 20,045 rows.'));
  });

  describe('where the browser has a save dialog (showSaveFilePicker)', () => {
    /** A file the test can read back: what was written, and whether it was closed (kept) or aborted (discarded). */
    function chosenFile() {
      const decoder = new TextDecoder();
      const file = { text: '', closed: false, aborted: false };
      const writer = {
        write: jest.fn(async (chunk: Uint8Array) => void (file.text += decoder.decode(chunk, { stream: true }))),
        close: jest.fn(async () => void (file.closed = true)),
        abort: jest.fn(async () => void (file.aborted = true)),
      };
      const picker = jest.fn(async () => ({ createWritable: async () => writer }));
      Object.defineProperty(window, 'showSaveFilePicker', { value: picker, configurable: true });
      return { file, writer, picker };
    }
    afterEach(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);

    it('streams the export into the chosen file as it arrives, never holding it in the tab', async () => {
      const { fetchMock, wrap } = setUp();
      const { file, writer, picker } = chosenFile();
      let answer!: ReturnType<typeof controllableAnswer>;
      fetchMock.mockImplementation(
        async (_url: string, init: RequestInit) => (answer = controllableAnswer(init.signal!)).response,
      );
      wrap(<ExportButton list={userKeys.list({ email: 'aurora', page: 2, per_page: 25 })} />);

      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(picker).toHaveBeenCalledWith(
        expect.objectContaining({ suggestedName: expect.stringMatching(/^users-\d{4}-\d{2}-\d{2}\.csv$/) }),
      );
      await waitFor(() => expect(fetchMock).toHaveBeenCalled());
      expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/users/export.csv?email=aurora');

      await act(async () => answer.push('ID,Email\r\n1,a@example.com\r\n'));
      await waitFor(() => expect(file.text).toBe('ID,Email\r\n1,a@example.com\r\n'));
      expect(file.closed).toBe(false);
      await act(async () => {
        answer.push('2,"b\r\nc"@example.com\r\n');
        answer.end();
      });
      await waitFor(() => expect(exportStatus()).toHaveTextContent('Exported 2 rows.'));
      expect(file.text).toBe('ID,Email\r\n1,a@example.com\r\n2,"b\r\nc"@example.com\r\n');
      expect(file.closed).toBe(true);
      expect(writer.write.mock.calls.length).toBe(2);
      expect(URL.createObjectURL).not.toHaveBeenCalled();
      expect(clicked).toEqual([]);
    });

    it('Cancel discards the chosen file; dismissing the dialog asks the server nothing', async () => {
      const { fetchMock, wrap } = setUp();
      const { file, picker } = chosenFile();
      fetchMock.mockImplementation(
        async (_url: string, init: RequestInit) => controllableAnswer(init.signal!).response,
      );
      wrap(<ExportButton list={productKeys.list({})} />);
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Cancel export' }));
      await waitFor(() => expect(exportStatus()).toHaveTextContent('Export cancelled.'));
      expect(file).toMatchObject({ aborted: true, closed: false });

      fetchMock.mockClear();
      picker.mockRejectedValueOnce(new DOMException('The user aborted a request.', 'AbortError'));
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(exportStatus()).toHaveTextContent('Export cancelled.'));
      expect(fetchMock).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    });
  });

  it('Cancel aborts the download and saves nothing', async () => {
    const { fetchMock, showError, wrap } = setUp();
    let signal!: AbortSignal;
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      signal = init.signal!;
      return controllableAnswer(signal).response;
    });
    wrap(<ExportButton list={productKeys.list({ identifier: '' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel export' }));

    expect(signal.aborted).toBe(true);
    await waitFor(() => expect(exportStatus()).toHaveTextContent('Export cancelled.'));
    expect(clicked).toEqual([]);
    expect(showError).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it("shows the server's message through the kit's error display", async () => {
    const { fetchMock, showError, wrap } = setUp();
    fetchMock.mockResolvedValue({
      ok: false,
      status: 429,
      text: async () => JSON.stringify({ message: ['Too many exports are running. Please try again in a moment.'] }),
    });
    wrap(<ExportButton list={productKeys.list({})} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Too many exports are running. Please try again in a moment.'),
    );
    expect(exportStatus()).toHaveTextContent('Export failed.');
    expect(clicked).toEqual([]);
  });

  it('a download cut short is a failed export, not a file', async () => {
    const { fetchMock, showError, wrap } = setUp();
    fetchMock.mockImplementation(async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('ID\r\n1\r\n'));
          controller.error(new TypeError('network error'));
        },
      });
      return { ok: true, status: 200, headers: { get: () => null }, body } as unknown as Response;
    });
    wrap(<ExportButton list={productKeys.list({})} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('The export did not finish. Please try again.'));
    expect(clicked).toEqual([]);
  });
});
