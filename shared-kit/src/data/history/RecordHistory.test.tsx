import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ApiError, ShellServicesProvider, createListStateStore, formatDateTime, type AuditEvent } from 'shared-kit';
import { createFakeApiClient, type RecordedApiCall } from 'shared-kit/testing';
import { renderWithTheme } from '../../ui/test-utils';
import { HistorySection } from './HistorySection';
import { HISTORY_NOT_LOADED, NO_HISTORY, RecordHistory } from './RecordHistory';

const pageOf = (data: AuditEvent[], current = 1, last = 1) => ({
  data,
  pagination: {
    records: { total: data.length, per_page: 25 },
    pages: { current, previous: current > 1 ? current - 1 : null, next: current < last ? current + 1 : null, last },
  },
});

const deactivation: AuditEvent = {
  id: 41,
  created_at: '2026-11-20T10:15:00.000Z',
  actor: { type: 'user', id: 3, email: 'staff@aurora-audio.example' },
  action: 'license.update',
  object: { type: 'license', id: '7' },
  changes: [
    { field: 'disabled', before: false, after: true, summary: 'Deactivated: no → yes (reason CancelledOrder)' },
  ],
};
const activation: AuditEvent = {
  id: 40,
  created_at: '2026-11-19T08:00:00.000Z',
  actor: { type: 'client' },
  action: 'client.license.activate',
  object: { type: 'license', id: '7' },
  changes: [],
};

const portalSignIn: AuditEvent = {
  id: 39,
  created_at: '2026-11-18T08:00:00.000Z',
  actor: { type: 'customer', id: 12, email: 'buyer@example.com' },
  action: 'end_user.portal_sign_in',
  object: { type: 'end_user', id: '12' },
  changes: [{ field: 'method', before: null, after: 'code', summary: 'Method: none → code' }],
};

function setUp(server: (call: RecordedApiCall) => unknown, ui: ReactNode) {
  const { api, calls } = createFakeApiClient(server);
  const services = {
    api,
    session: null,
    logout: jest.fn(),
    refreshSession: jest.fn(),
    showError: jest.fn(),
    listStates: createListStateStore(null),
    loadRemoteModule: jest.fn(),
  };
  renderWithTheme(
    <ShellServicesProvider value={services}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{ui}</SWRConfig>
    </ShellServicesProvider>,
  );
  return calls;
}

describe('RecordHistory', () => {
  it("asks for the record's events and shows who, when and what in words, in the server's order (newest first)", async () => {
    const calls = setUp(
      () => pageOf([deactivation, activation]),
      <RecordHistory objectType="license" objectId={7} caption="History of license 7" />,
    );
    const table = await screen.findByRole('table');
    await within(table).findByText('Deactivated: no → yes (reason CancelledOrder)');
    expect(calls[0]).toEqual({
      method: 'GET',
      path: '/audit-events',
      query: { object_type: 'license', object_id: 7, page: 1, per_page: 25 },
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('staff@aurora-audio.example');
    expect(rows[0]).toHaveTextContent(formatDateTime(deactivation.created_at));
    expect(rows[0]).toHaveTextContent('License updated');
    expect(rows[1]).toHaveTextContent('client');
    expect(rows[1]).toHaveTextContent('Client license activated');
  });

  it('shows a customer who acted in the portal by their email, marked as a customer', async () => {
    setUp(
      () => pageOf([portalSignIn]),
      <RecordHistory objectType="end_user" objectId={12} caption="History of user 12" />,
    );
    const table = await screen.findByRole('table');
    const row = (await within(table).findAllByRole('row'))[1];
    await waitFor(() => expect(row).toHaveTextContent('buyer@example.com (customer)'));
    expect(row).toHaveTextContent('Signed in to the portal with the code from a sign-in mail');
    expect(row).not.toHaveTextContent('Method');
  });

  it('says so when nothing was recorded', async () => {
    setUp(() => pageOf([]), <RecordHistory objectType="product" objectId={1} caption="History" />);
    expect(await screen.findByText(NO_HISTORY)).toBeInTheDocument();
  });

  it('shows a failure with Retry, which asks again', async () => {
    let fail = true;
    const calls = setUp(
      () => {
        if (fail) throw new ApiError(500, []);
        return pageOf([deactivation]);
      },
      <RecordHistory objectType="license" objectId={7} caption="History" />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(HISTORY_NOT_LOADED);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Deactivated: no → yes (reason CancelledOrder)')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('pages with the kit pagination', async () => {
    const calls = setUp(
      (call) => pageOf([call.query?.page === 2 ? activation : deactivation], Number(call.query?.page), 2),
      <RecordHistory objectType="license" objectId={7} caption="History" />,
    );
    await screen.findByText('Deactivated: no → yes (reason CancelledOrder)');
    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(await screen.findByText('Client license activated')).toBeInTheDocument();
    expect(calls.at(-1)?.query).toMatchObject({ page: 2, per_page: 25 });
  });
});

describe('HistorySection', () => {
  it('is collapsed and fetches nothing until opened', async () => {
    const calls = setUp(
      () => pageOf([deactivation]),
      <HistorySection objectType="product" objectId={5} caption="History of product 5" />,
    );
    const toggle = screen.getByRole('button', { name: 'Show History' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('heading', { name: 'History' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide History' })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('Deactivated: no → yes (reason CancelledOrder)')).toBeInTheDocument();
    expect(calls[0].query).toMatchObject({ object_type: 'product', object_id: 5 });
  });
});
