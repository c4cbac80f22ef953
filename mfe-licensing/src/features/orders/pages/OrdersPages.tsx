import { ButtonLink, CannotShowPage, PageHeader, useIdParam, useSession } from 'shared-kit';
import { manufacturersLinks } from 'shared-kit/pages';
import { OrderList } from '../components/OrderList';

export const ORDERS_TITLE = 'Orders';
export const NO_MANUFACTURER = 'Orders belong to a manufacturer: open them from the manufacturer’s page.';
export const NO_SUCH_MANUFACTURER = 'There is no manufacturer at this address.';

/** /Home/Orders: the signed-in staff's own manufacturer's orders (the menu's Orders). */
export function OrdersPage() {
  const manufacturerId = useSession()?.manufacturer?.id ?? null;
  return (
    <>
      <PageHeader title={ORDERS_TITLE} />
      {manufacturerId === null ? (
        <CannotShowPage>{NO_MANUFACTURER}</CannotShowPage>
      ) : (
        <OrderList key={manufacturerId} manufacturerId={manufacturerId} />
      )}
    </>
  );
}

/** /Home/ManufacturerOrders/{manufacturerID}: a manufacturer's orders, as the superuser opens them from its page. */
export function ManufacturerOrdersPage() {
  const manufacturerId = useIdParam('manufacturerID');
  return (
    <>
      <PageHeader
        title={ORDERS_TITLE}
        actions={
          manufacturerId !== null && (
            <ButtonLink to={manufacturersLinks.manufacturerDetails(manufacturerId)}>Manufacturer Details</ButtonLink>
          )
        }
      />
      {manufacturerId === null ? (
        <CannotShowPage>{NO_SUCH_MANUFACTURER}</CannotShowPage>
      ) : (
        <OrderList key={manufacturerId} manufacturerId={manufacturerId} />
      )}
    </>
  );
}
