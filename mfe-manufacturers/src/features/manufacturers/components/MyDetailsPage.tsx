import { Navigate, useLocation } from 'react-router';
import { PageHeader, useSession } from 'shared-kit';
import { redirectState } from '../navigation/use-leave-manufacturer-page';
import { UNABLE_TO_ACCESS_DETAILS } from '../texts';
import { PageMessage } from './PageMessage';

/** /Home/MyDetails: the signed-in manufacturer user's own manufacturer page, or a message for anyone else. */
export function MyDetailsPage() {
  const session = useSession();
  const location = useLocation();
  const manufacturer = session?.access_level === 'manufacturer' ? session.manufacturer : null;
  if (manufacturer) return <Navigate to={`../Manufacturers/${manufacturer.id}`} replace state={redirectState(location)} />;
  return (
    <>
      <PageHeader title="Manufacturer Details" />
      <PageMessage>{UNABLE_TO_ACCESS_DETAILS}</PageMessage>
    </>
  );
}
