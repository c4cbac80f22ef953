import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { ApiError, formatDateTime, type AuditEvent } from 'shared-kit';
import { DEACTIVATION_SUMMARY, licenseEvent, page, renderPage, type FakeApiServer } from 'shared-kit/testing';
import { HistorySection } from './HistorySection';
import { HISTORY_NOT_LOADED, NO_HISTORY, RecordHistory } from './RecordHistory';

const deactivation = licenseEvent(41, 7);
const activation = licenseEvent(40, 7, {
  created_at: '2026-11-19T08:00:00.000Z',
  actor: { type: 'client' },
  action: 'client.license.activate',
  changes: [],
});

const portalSignIn: AuditEvent = {
  id: 39,
  created_at: '2026-11-18T08:00:00.000Z',
  actor: { type: 'customer', id: 12, email: 'buyer@example.com' },
  action: 'end_user.portal_sign_in',
  object: { type: 'end_user', id: '12' },
  changes: [{ field: 'method', before: null, after: 'code', summary: 'Method: none → code' }],
};

/** The history part with the fake API `server` behind it, as a page shows it (no one signed in: it needs no one). */
function setUp(server: FakeApiServer, ui: ReactElement) {
  return renderPage(ui, { server, session: null }).calls;
}

describe('RecordHistory', () => {
  it("asks for the record's events and shows who, when and what in words, in the server's order (newest first)", async () => {
    const calls = setUp(
      () => page([deactivation, activation]),
      <RecordHistory objectType="license" objectId={7} caption="History of license 7" />,
    );
    const table = await screen.findByRole('table');
    await within(table).findByText(DEACTIVATION_SUMMARY);
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
      () => page([portalSignIn]),
      <RecordHistory objectType="end_user" objectId={12} caption="History of user 12" />,
    );
    const table = await screen.findByRole('table');
    const row = (await within(table).findAllByRole('row'))[1];
    await waitFor(() => expect(row).toHaveTextContent('buyer@example.com (customer)'));
    expect(row).toHaveTextContent('Signed in to the portal with the code from a sign-in mail');
    expect(row).not.toHaveTextContent('Method');
  });

  it('shows an API key that acted by its name and prefix', async () => {
    const byKey = licenseEvent(42, 7, {
      actor: { type: 'api_key', id: 2, name: 'Release pipeline', prefix: 'phk_live_Ab12Cd34' },
      action: 'build.confirm',
      changes: [],
    });
    setUp(() => page([byKey]), <RecordHistory objectType="build" objectId={7} caption="History of build 7" />);
    const table = await screen.findByRole('table');
    const row = (await within(table).findAllByRole('row'))[1];
    await waitFor(() => expect(row).toHaveTextContent('API key Release pipeline (phk_live_Ab12Cd34…)'));
    expect(row).toHaveTextContent('Build confirmed');
  });

  it('says so when nothing was recorded', async () => {
    setUp(() => page([]), <RecordHistory objectType="product" objectId={1} caption="History" />);
    expect(await screen.findByText(NO_HISTORY)).toBeInTheDocument();
  });

  it('shows a failure with Retry, which asks again', async () => {
    let fail = true;
    const calls = setUp(
      () => {
        if (fail) throw new ApiError(500, []);
        return page([deactivation]);
      },
      <RecordHistory objectType="license" objectId={7} caption="History" />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(HISTORY_NOT_LOADED);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(DEACTIVATION_SUMMARY)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('pages with the kit pagination', async () => {
    const calls = setUp(
      (call) =>
        page([call.query?.page === 2 ? activation : deactivation], {
          total: 2,
          perPage: 1,
          current: Number(call.query?.page),
        }),
      <RecordHistory objectType="license" objectId={7} caption="History" />,
    );
    await screen.findByText(DEACTIVATION_SUMMARY);
    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(await screen.findByText('Client license activated')).toBeInTheDocument();
    expect(calls.at(-1)?.query).toMatchObject({ page: 2, per_page: 25 });
  });
});

describe('HistorySection', () => {
  it('is collapsed and fetches nothing until opened', async () => {
    const calls = setUp(
      () => page([deactivation]),
      <HistorySection objectType="product" objectId={5} caption="History of product 5" />,
    );
    const toggle = screen.getByRole('button', { name: 'Show History' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('heading', { name: 'History' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide History' })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText(DEACTIVATION_SUMMARY)).toBeInTheDocument();
    expect(calls[0].query).toMatchObject({ object_type: 'product', object_id: 5 });
  });
});
