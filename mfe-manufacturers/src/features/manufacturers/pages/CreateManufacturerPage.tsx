import { Link } from 'react-router';
import { CannotShowPage, Card, PageHeader, useSession } from 'shared-kit';
import { mayListManufacturers } from '../access';
import { ACCESS_DENIED } from '../texts';
import { manufacturersLinks } from 'shared-kit/pages';

/**
 * /Home/CreateManufacturer: New Manufacturer stays disabled (docs/console.md, Manufacturer list), so the console creates none. Someone who
 * types the address learns how manufacturers are created instead of meeting a blank page.
 */
export function CreateManufacturerPage() {
  const session = useSession();
  return (
    <>
      <PageHeader title="Create Manufacturer" />
      {mayListManufacturers(session) ? (
        <Card>
          <p>New manufacturers are created by a ProductHub operator (admin command create-manufacturer).</p>
          <Link to={manufacturersLinks.manufacturers()}>Back to Manufacturers</Link>
        </Card>
      ) : (
        <CannotShowPage>{ACCESS_DENIED}</CannotShowPage>
      )}
    </>
  );
}
