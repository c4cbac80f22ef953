import { Navigate, useLocation } from 'react-router';
import { CannotShowPage, PageHeader, useSession } from 'shared-kit';
import { redirectState } from '../components/use-leave-manufacturer-page';
import { UNABLE_TO_ACCESS_DETAILS } from '../texts';
import { manufacturersLinks } from 'shared-kit/pages';

/** /Home/MyDetails: the signed-in manufacturer user's own manufacturer page, or a message for anyone else. */
export function MyDetailsPage() {
  const session = useSession();
  const location = useLocation();
  const manufacturer = session?.access_level === 'manufacturer' ? session.manufacturer : null;
  if (manufacturer)
    return (
      <Navigate to={manufacturersLinks.manufacturerDetails(manufacturer.id)} replace state={redirectState(location)} />
    );
  return (
    <>
      <PageHeader title="Manufacturer Details" />
      <CannotShowPage>{UNABLE_TO_ACCESS_DETAILS}</CannotShowPage>
    </>
  );
}
