import { useParams } from 'react-router';
import { PageHeader } from 'shared-kit';
import { useAuth } from '../auth/auth-context';
import { firstSegmentOf } from 'shared-kit/pages';
import { areaOfPath } from './remote-areas';
import { RemoteAreaView } from './RemoteAreaView';

/** Every /Home page that is not the shell's own goes to the remote that owns its first segment. */
export function RemoteOutlet() {
  const { '*': rest = '' } = useParams();
  const { session } = useAuth();
  const area = areaOfPath(rest);
  if (!area) {
    return (
      <>
        <PageHeader title="Page not found" />
        <p>There is no page at this address.</p>
      </>
    );
  }
  if (session && !area.accessOf(firstSegmentOf(rest)).includes(session.access_level)) {
    return (
      <>
        <PageHeader title={area.title} />
        <p role="alert">This page is for manufacturer users.</p>
      </>
    );
  }
  // One view per remote: moving between pages of the same remote keeps it loaded.
  return <RemoteAreaView key={area.remote} area={area} />;
}
