import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import { ApiError, type AuthSession, type Dashboard } from 'shared-kit';
import {
  DEACTIVATION_SUMMARY,
  licenseEvent,
  manufacturerSession,
  page,
  renderPage,
  superuserSession,
  type FakeApiServer,
  type RecordedApiCall,
} from 'shared-kit/testing';
import { AuthContext } from '../auth/auth-context';
import { DashboardPage } from './DashboardPage';

/** The page as the shell shows it to `session`, with a fake API and a cache of its own (every test's server answers afresh). */
function renderDashboard(server: FakeApiServer, session: AuthSession = manufacturerSession) {
  const auth = { session, checking: false, loggedOut: false, signIn: jest.fn(), logout: jest.fn() };
  const SignedIn = ({ children }: { children: ReactNode }) => (
    <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>
  );
  return renderPage(<DashboardPage />, { server, session, wrapper: SignedIn });
}

const query = (call: RecordedApiCall) =>
  `${call.path}?${new URLSearchParams(Object.entries(call.query ?? {}).map(([key, value]) => [key, String(value)])).toString()}`;

const WELCOME = 'Use My Products for products, builds, releases, licenses and trials, and Users for your end users.';

function days(count: number, activationsToday: number, trialsToday: number) {
  return Array.from({ length: count }, (_, index) => ({
    day: `2026-0${index < 30 ? 1 : 2}-${String((index % 28) + 1).padStart(2, '0')}`,
    activations: 0,
    trials: 0,
  })).map((day, index, all) =>
    index === all.length - 1 ? { ...day, day: '2026-11-23', activations: activationsToday, trials: trialsToday } : day,
  );
}

const figures = (period: number): Dashboard => ({
  scope: 'manufacturer',
  days: period,
  totals: { manufacturers: null, licenses: 1234, activations: 56, trials: 9 },
  licenses_by_type: [
    { license_type: 'NFR', enabled: 4, disabled: 1 },
    { license_type: 'Standard', enabled: 1200, disabled: 20 },
    { license_type: 'Free', enabled: 9, disabled: 0 },
  ],
  per_day: days(period, period === 30 ? 7 : 8, 3),
  top_products: [{ product_id: 1, name: 'Aurora Synth', activations: period === 30 ? 7 : 40 }],
  conversion: [{ product_id: 1, name: 'Aurora Synth', trials: 8, converted: 2 }],
});

const activity = [
  licenseEvent(2, 12, {
    created_at: '2026-11-23T10:00:00.000Z',
    actor: { type: 'user', id: 3, email: 'staff@aurora.example' },
    action: 'license.disable',
  }),
  licenseEvent(1, 12, {
    created_at: '2026-11-22T10:00:00.000Z',
    actor: { type: 'client' },
    action: 'license.activate',
    changes: [],
  }),
];

const dashboardServer: FakeApiServer = (call) => {
  if (call.path === '/dashboard') return figures(Number(call.query?.days));
  if (query(call) === '/audit-events?per_page=10') return page(activity, { perPage: 10 });
  throw new ApiError(404, ['Not found']);
};

describe('DashboardPage', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the figures as cards and tables above the welcome text, and a chart labelled with its numbers', async () => {
    renderDashboard(dashboardServer);
    const totals = await screen.findByRole('list', { name: 'Totals' });
    expect(
      within(totals)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual(['Licenses1,234', 'Activations56', 'Trials started9']);
    const byType = screen.getByRole('figure', { name: 'Licenses by type and state' });
    expect(
      within(byType)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['TypeEnabledDisabled', 'NFR41', 'Standard1,20020', 'Free90']);
    const perDay = screen.getByRole('figure', { name: /per day, last 30 days: 7 activations, 3 trials started/ });
    expect(within(perDay).getByRole('img')).toHaveAccessibleName(/last 30 days: 7 activations, 3 trials started/);
    expect(within(perDay).getAllByRole('row')[1]).toHaveTextContent('2026-11-2373');
    expect(within(screen.getByRole('figure', { name: /Top products/ })).getAllByRole('row')[1]).toHaveTextContent(
      'Aurora Synth7',
    );
    expect(within(screen.getByRole('figure', { name: /conversion/ })).getAllByRole('row')[1]).toHaveTextContent(
      'Aurora Synth8225%',
    );

    const welcome = screen.getByText(WELCOME);
    expect(screen.getByText('Welcome to ProductHub, Aurora Audio.')).toBeInTheDocument();
    expect(totals.compareDocumentPosition(welcome) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('switches to 90 days', async () => {
    const { calls, user } = renderDashboard(dashboardServer);
    await screen.findByRole('figure', { name: /per day, last 30 days/ });
    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    expect(await screen.findByRole('figure', { name: /per day, last 90 days: 8 activations/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.map(query)).toContain('/dashboard?days=90');
  });

  it('tells recent activity in words: who, what, which record and each change', async () => {
    renderDashboard(dashboardServer);
    const section = await screen.findByRole('region', { name: 'Recent activity' });
    const items = await within(section).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('staff@aurora.example deactivated license #12');
    expect(items[0]).toHaveTextContent(DEACTIVATION_SUMMARY);
    expect(items[1]).toHaveTextContent('ProductHub activated license #12');
    expect(within(section).queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
  });

  it('pages with More: ten more events each time, while there are more', async () => {
    const events = Array.from({ length: 15 }, (_, index) =>
      licenseEvent(100 - index, 12, { action: 'license.enable', changes: [] }),
    );
    const { user, calls } = renderDashboard((call) =>
      call.path === '/audit-events'
        ? page(events.slice(0, Number(call.query?.per_page)), { total: events.length })
        : dashboardServer(call),
    );
    const section = await screen.findByRole('region', { name: 'Recent activity' });
    expect(await within(section).findAllByRole('listitem')).toHaveLength(10);
    await user.click(within(section).getByRole('button', { name: 'More' }));
    expect(await within(section).findAllByRole('listitem')).toHaveLength(15);
    expect(within(section).queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
    expect(calls.map(query)).toContain('/audit-events?per_page=20');
  });

  it('shows an error with Retry when the figures fail, and the figures after Retry', async () => {
    let fail = true;
    const { user } = renderDashboard((call) => {
      if (fail && call.path === '/dashboard') throw new ApiError(500, ['boom']);
      return dashboardServer(call);
    });
    expect(await screen.findByText('The figures could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText(WELCOME)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Totals' })).toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    const empty: Dashboard = {
      ...figures(30),
      totals: { manufacturers: null, licenses: 0, activations: 0, trials: 0 },
      licenses_by_type: [],
      top_products: [],
      conversion: [],
    };
    renderDashboard((call) => (call.path === '/dashboard' ? empty : page([])));
    expect(await screen.findByText('No licenses, trials or activations yet.')).toBeInTheDocument();
    expect(screen.getByText('No activations in this period.')).toBeInTheDocument();
    expect(screen.getByText('No trials yet.')).toBeInTheDocument();
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
  });

  it('shows the superuser the platform: manufacturers first, no per-product figures, and platform activity', async () => {
    const platform: Dashboard = {
      ...figures(30),
      scope: 'platform',
      totals: { manufacturers: 3, licenses: 10, activations: 2, trials: 1 },
      top_products: [],
      conversion: [],
    };
    renderDashboard((call) => (call.path === '/dashboard' ? platform : dashboardServer(call)), superuserSession);
    const totals = await screen.findByRole('list', { name: 'Totals' });
    expect(
      within(totals)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual(['Manufacturers3', 'Licenses10', 'Activations2', 'Trials started1']);
    expect(screen.queryByRole('figure', { name: /Top products/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent activity' })).not.toBeInTheDocument();
    const activityOfPlatform = await screen.findByRole('region', { name: 'Platform activity' });
    expect(await within(activityOfPlatform).findAllByRole('listitem')).toHaveLength(2);
    expect(
      screen.getByText('Use Manufacturers to review and edit the manufacturers on the platform.'),
    ).toBeInTheDocument();
  });
});
