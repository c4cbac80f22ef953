import { useParams } from 'react-router';
import styled from 'styled-components';
import { ApiError, Button, PageHeader, Spinner, errorMessage, useSession } from 'shared-kit';
import { useManufacturer } from '../api/get-manufacturer';
import { mayOpenManufacturer, parseManufacturerId } from '../access';
import { useLeaveManufacturerPage } from '../navigation/use-leave-manufacturer-page';
import { ACCESS_DENIED, LOAD_FAILED, MANUFACTURER_NOT_FOUND } from '../texts';
import { ManufacturerForm } from './ManufacturerForm';
import { PageMessage } from './PageMessage';

/** /Home/Manufacturers/{manufacturerID}: for a superuser, or a manufacturer user viewing their own manufacturer. */
export function ManufacturerDetailsPage() {
  const { manufacturerID } = useParams();
  const session = useSession();
  const leave = useLeaveManufacturerPage();
  const id = parseManufacturerId(manufacturerID);

  return (
    <>
      <PageHeader title="Manufacturer Details" actions={<Button onClick={leave}>Back</Button>} />
      {id === null ? (
        <PageMessage>{MANUFACTURER_NOT_FOUND}</PageMessage>
      ) : !mayOpenManufacturer(session, id) ? (
        <PageMessage>{ACCESS_DENIED}</PageMessage>
      ) : (
        <ManufacturerDetails key={id} id={id} onLeave={leave} />
      )}
    </>
  );
}

function ManufacturerDetails({ id, onLeave }: { id: number; onLeave: () => void }) {
  const { data: manufacturer, error, isLoading, mutate } = useManufacturer(id);
  if (isLoading) return <Spinner label="Loading manufacturer..." />;
  if (error instanceof ApiError && error.status === 404) return <PageMessage>{MANUFACTURER_NOT_FOUND}</PageMessage>;
  if (error instanceof ApiError && error.status === 403) return <PageMessage>{ACCESS_DENIED}</PageMessage>;
  if (error || !manufacturer) {
    return <PageMessage action={<Button onClick={() => void mutate()}>Retry</Button>}>{errorMessage(error, LOAD_FAILED)}</PageMessage>;
  }
  return (
    <>
      <Name>{manufacturer.name}</Name>
      <ManufacturerForm manufacturer={manufacturer} onLeave={onLeave} />
    </>
  );
}

// The page names whose details these are (the saved name, not the one being typed).
const Name = styled.h2`
  margin: ${({ theme }) => `-${theme.spacing.md} 0 ${theme.spacing.md}`};
  font-size: 1.15rem;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.colors.muted};
  overflow-wrap: anywhere;
`;
