import { screen, waitFor, within } from '@testing-library/react';
import type { EmailSummary } from 'shared-kit';
import {
  cellTexts,
  columnTitles,
  type FakeApiServer,
  manufacturerSession,
  type RecordedApiCall,
  superuserSession,
} from 'shared-kit/testing';
import { renderArea } from '../../../shared/test-support/render-area';
import { emailFixture } from '../../../shared/test-support/email-fixture';
import { EMAILS_LOAD_FAILED, NO_EMAILS, NO_MATCHING_EMAILS, NO_SUCH_MANUFACTURER } from './EmailsPage';

const LOG = '/manufacturers/7/emails';
const PAGE = '/Home/Manufacturers/7/Emails';

const FAILED = emailFixture({
  id: 2,
  to: 'nobody@example.com',
  status: 'failed',
  attempts: 10,
  last_error: '550 5.1.1 No such user',
  kind: 'email.test',
  subject: 'Test email from Aurora Audio',
});

/** The log as the server filters it (status, kind, recipient), newest first. */
function logServer(rows: EmailSummary[] = [FAILED, emailFixture({})], fail = false): FakeApiServer {
  return (call) => {
    if (call.method === 'GET' && call.path === LOG) {
      if (fail) throw new Error('network down');
      const query = call.query as { status?: string; kind?: string; recipient?: string };
      const data = rows.filter(
        (row) =>
          (!query.status || row.status === query.status) &&
          (!query.kind || row.kind === query.kind) &&
          (!query.recipient || row.to.includes(query.recipient)),
      );
      return {
        data,
        pagination: {
          records: { total: data.length, per_page: 25 },
          pages: { current: 1, previous: null, next: null, last: 1 },
        },
      };
    }
    throw new Error(`unexpected ${call.method} ${call.path}`);
  };
}

const table = () => screen.findByRole('table', { name: 'Emails' });
const logQueries = (calls: RecordedApiCall[]) => calls.filter((call) => call.path === LOG).map((call) => call.query);

describe('the Emails log of a manufacturer', () => {
  it('shows each mail: state, recipient, subject, kind, attempts, last error, times; the first page newest first', async () => {
    const { calls } = renderArea({ entries: [PAGE], session: superuserSession, server: logServer() });
    expect(screen.getByRole('heading', { level: 1, name: 'Emails' })).toBeInTheDocument();
    const rows = within(await table()).getAllByRole('row');
    expect(columnTitles(rows[0])).toEqual([
      'State',
      'To',
      'Subject',
      'Kind',
      'Attempts',
      'Last Error',
      'Created',
      'Sent',
      'Actions',
    ]);
    expect(cellTexts(rows[1]).slice(0, 6)).toEqual([
      'Failed',
      'nobody@example.com',
      'Test email from Aurora Audio',
      'email.test',
      '10',
      '550 5.1.1 No such user',
    ]);
    expect(cellTexts(rows[2]).slice(0, 6)).toEqual([
      'Kept (not sent)',
      'buyer@example.com',
      'Your sign-in code',
      'portal.sign-in-code',
      '0',
      '—',
    ]);
    expect(within(rows[2]).getByRole('link', { name: 'View email 1 to buyer@example.com' })).toHaveAttribute(
      'href',
      '/Home/Manufacturers/7/Emails/1',
    );
    expect(logQueries(calls)[0]).toEqual({ page: 1, per_page: 25, status: '', kind: '', recipient: '' });
    expect(screen.getByRole('navigation', { name: /pagination/i })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/Home/Manufacturers/7');
  });

  it('filters by state, kind and recipient, each from the first page', async () => {
    const { user, calls } = renderArea({ entries: [PAGE], session: manufacturerSession, server: logServer() });
    await table();
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'failed');
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Emails' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(logQueries(calls).at(-1)).toMatchObject({ page: 1, status: 'failed' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), '');
    await user.type(screen.getByRole('textbox', { name: 'Kind' }), 'portal.sign-in-code');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(logQueries(calls).at(-1)).toMatchObject({ page: 1, status: '', kind: 'portal.sign-in-code' }),
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search by Recipient' }), 'nobody{Enter}');
    await waitFor(() =>
      expect(logQueries(calls).at(-1)).toMatchObject({ page: 1, kind: 'portal.sign-in-code', recipient: 'nobody' }),
    );
    expect(await screen.findByText(NO_MATCHING_EMAILS)).toBeInTheDocument();
  });

  it('says so when there are no mails yet, and when the log cannot be loaded', async () => {
    renderArea({ entries: [PAGE], session: manufacturerSession, server: logServer([]) });
    expect(await screen.findByText(NO_EMAILS)).toBeInTheDocument();
  });

  it('says the log could not be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderArea({ entries: [PAGE], session: manufacturerSession, server: logServer([], true) });
    expect(await screen.findByText(EMAILS_LOAD_FAILED)).toBeInTheDocument();
  });

  it.each(['abc', '0'])('refuses the manufacturer id %s without asking the server', (id) => {
    const { calls } = renderArea({
      entries: [`/Home/Manufacturers/${id}/Emails`],
      session: superuserSession,
      server: logServer(),
    });
    expect(screen.getByText(NO_SUCH_MANUFACTURER)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
