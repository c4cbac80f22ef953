import { PageHeader } from 'shared-kit';
import { useAuth } from '../auth/auth-context';
import { DashboardFigures } from './DashboardFigures';
import { RecentActivity } from './RecentActivity';

export function DashboardPage() {
  const { session } = useAuth();
  const who = session?.access_level === 'superuser' ? 'Super User' : session?.manufacturer?.name;
  return (
    <>
      <PageHeader title="Dashboard" />
      {session && <DashboardFigures />}
      {session && (
        <RecentActivity title={session.access_level === 'superuser' ? 'Platform activity' : 'Recent activity'} />
      )}
      <p>Welcome to ProductHub{who ? `, ${who}` : ''}.</p>
      <p>
        {session?.access_level === 'superuser'
          ? 'Use Manufacturers to review and edit the manufacturers on the platform.'
          : 'Use My Products for products, builds, releases, licenses and trials, and Users for your end users.'}
      </p>
    </>
  );
}
