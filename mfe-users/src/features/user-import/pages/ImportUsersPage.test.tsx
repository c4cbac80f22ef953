import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { UserImportPreview } from 'shared-kit';
import { EMAIL_INVALID } from 'shared-kit/contract';
import { ImportUsersPage } from './ImportUsersPage';
import { cellTexts, manufacturerSession, renderPage } from 'shared-kit/testing';

/** The browser's XMLHttpRequest as far as the upload uses it; the test plays the network and the server. */
class ScriptedRequest {
  static last: ScriptedRequest | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: {
    onprogress?: (event: { loaded: number; total: number; lengthComputable: boolean }) => void;
    onload?: () => void;
  } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    ScriptedRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const preview = (overrides: Partial<UserImportPreview> = {}): UserImportPreview => ({
  id: 41,
  manufacturer_id: 7,
  rows: 3,
  to_create: 2,
  licenses_to_create: 1,
  existing: 0,
  invalid: 1,
  invalid_rows: [{ line: 4, email: 'broken@', reason: EMAIL_INVALID }],
  existing_rows: [],
  ignored_columns: [],
  expires_at: '2026-11-23T23:00:00.000Z',
  ...overrides,
});

function renderImport() {
  return renderPage(
    <Routes>
      <Route path="Users" element={<h1>Users list</h1>} />
      <Route path="Users/Import" element={<ImportUsersPage />} />
    </Routes>,
    {
      url: '/Home/Users/Import',
      route: '/Home/*',
      server: (call) => {
        if (call.method === 'POST' && call.path === '/users/imports/42/apply')
          return { id: 42, users_created: 3, licenses_created: 1, applied_at: '2026-11-23T22:10:00.000Z' };
        throw new Error(`unexpected ${call.method} ${call.path}`);
      },
    },
  );
}

const csvFile = (text: string) => new File([text], 'users.csv', { type: 'text/csv' });

describe('ImportUsersPage', () => {
  const realRequest = globalThis.XMLHttpRequest;
  beforeEach(() => {
    ScriptedRequest.last = undefined;
    globalThis.XMLHttpRequest = ScriptedRequest as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = realRequest;
  });

  it('offers the template and the way back to Users', () => {
    renderImport();
    expect(screen.getByRole('heading', { level: 1, name: 'Import Users' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download a template' })).toHaveAttribute(
      'download',
      'users-import-template.csv',
    );
    expect(screen.getByRole('link', { name: 'Back to Users' })).toHaveAttribute('href', '/Home/Users');
  });

  it('uploads the chosen file as text/csv with the session, shows progress in a live region, then the preview', async () => {
    const { user } = renderImport();
    await user.upload(screen.getByLabelText('Choose a CSV file'), csvFile('email\na@b.co\n'));
    const request = ScriptedRequest.last!;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/api/v1/users/imports',
      headers: { 'Content-Type': 'text/csv', Authorization: `MSession ${manufacturerSession.token}` },
    });
    expect((request.body as File).name).toBe('users.csv');

    act(() => request.upload.onprogress?.({ loaded: 450, total: 1000, lengthComputable: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Uploading users.csv: 40%');
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '40');
    act(() => request.upload.onload?.());
    expect(screen.getByRole('status')).toHaveTextContent('Checking the rows of users.csv…');
    expect(screen.getByRole('progressbar', { name: 'Checking the rows' })).not.toHaveAttribute('value');

    act(() => request.answer(201, preview()));
    expect(await screen.findByRole('heading', { name: 'Preview of users.csv' })).toBeInTheDocument();
    const invalid = screen.getByRole('table', { name: 'Invalid rows' });
    expect(cellTexts(invalid)).toEqual(['4', 'broken@', EMAIL_INVALID]);
    const apply = screen.getByRole('button', { name: 'Apply import' });
    expect(apply).toBeDisabled();
    expect(apply).toHaveAccessibleDescription(
      'The file has 1 invalid row. Correct it in the file and upload it again: an import is applied whole or not at all.',
    );
  });

  it('cancels an upload on the way: the request is aborted, nothing is applied, and another file can be chosen', async () => {
    const { user, calls } = renderImport();
    await user.upload(screen.getByLabelText('Choose a CSV file'), csvFile('email\na@b.co\n'));
    const request = ScriptedRequest.last!;
    const aborted = jest.spyOn(request, 'abort');
    act(() => request.upload.onprogress?.({ loaded: 100, total: 1000, lengthComputable: true }));

    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));

    expect(aborted).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('status')).toHaveTextContent('The upload was cancelled: nothing was imported.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Choose a CSV file')).toBeEnabled();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says which read-only columns of an export were read past', async () => {
    const { user } = renderImport();
    await user.upload(screen.getByLabelText('Choose a CSV file'), csvFile('ID,Email\n1,a@b.co\n'));
    act(() => ScriptedRequest.last!.answer(201, preview({ ignored_columns: ['ID', 'Created At'] })));
    expect(
      await screen.findByText(
        'The columns "ID" and "Created At" were read past: the server sets them, an import cannot.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the server’s sentence when the file is refused, and lets another file be chosen', async () => {
    const { user } = renderImport();
    await user.upload(screen.getByLabelText('Choose a CSV file'), csvFile('mail\n'));
    act(() => ScriptedRequest.last!.answer(400, { message: ['The header has no email column.'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The header has no email column.');
    expect(screen.getByLabelText('Choose a CSV file')).toBeEnabled();
  });

  it('applies a clean preview, says how many were created and leads back to Users', async () => {
    const { user, calls, currentPath } = renderImport();
    await user.upload(screen.getByLabelText('Choose a CSV file'), csvFile('email\na@b.co\n'));
    act(() =>
      ScriptedRequest.last!.answer(
        201,
        preview({
          id: 42,
          rows: 4,
          to_create: 3,
          existing: 1,
          invalid: 0,
          invalid_rows: [],
          existing_rows: [{ line: 5, email: 'old@b.co', user_id: 9 }],
        }),
      ),
    );
    const existing = await screen.findByRole('table', { name: 'Rows that are already users' });
    expect(cellTexts(existing)).toEqual(['5', 'old@b.co', '9']);
    await user.click(screen.getByRole('button', { name: 'Apply import' }));
    expect(await screen.findByText('3 users and 1 license created.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/users/imports/42/apply', body: undefined },
    ]);
    await user.click(screen.getAllByRole('link', { name: 'Back to Users' })[1]);
    expect(currentPath()).toBe('/Home/Users');
  });
});
