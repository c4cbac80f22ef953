import type { ReactNode } from 'react';
import styled from 'styled-components';
import {
  CannotShowPage,
  ApiError,
  Button,
  PageHeader,
  Spinner,
  errorMessage,
  useIdParam,
  useSession,
} from 'shared-kit';
import { HistorySection } from 'shared-kit/data';
import { useManufacturer } from '../api/get-manufacturer';
import { mayOpenManufacturer } from '../access';
import { useLeaveManufacturerPage } from '../components/use-leave-manufacturer-page';
import { ACCESS_DENIED, LOAD_FAILED, MANUFACTURER_NOT_FOUND } from '../texts';
import { ManufacturerForm } from '../components/ManufacturerForm';

/** /Home/Manufacturers/{manufacturerID}: for a superuser, or a manufacturer user viewing their own manufacturer. */
export function ManufacturerDetailsPage({ sections }: { sections?: (manufacturerId: number) => ReactNode }) {
  const session = useSession();
  const leave = useLeaveManufacturerPage();
  const id = useIdParam('manufacturerID');

  return (
    <>
      <PageHeader title="Manufacturer Details" actions={<Button onClick={leave}>Back</Button>} />
      {id === null ? (
        <CannotShowPage>{MANUFACTURER_NOT_FOUND}</CannotShowPage>
      ) : !mayOpenManufacturer(session, id) ? (
        <CannotShowPage>{ACCESS_DENIED}</CannotShowPage>
      ) : (
        <ManufacturerDetails key={id} id={id} onLeave={leave} sections={sections} />
      )}
    </>
  );
}

function ManufacturerDetails({
  id,
  onLeave,
  sections,
}: {
  id: number;
  onLeave: () => void;
  sections?: (manufacturerId: number) => ReactNode;
}) {
  const { data: manufacturer, error, isLoading, mutate } = useManufacturer(id);
  if (isLoading) return <Spinner label="Loading manufacturer..." />;
  if (error instanceof ApiError && error.status === 404)
    return <CannotShowPage>{MANUFACTURER_NOT_FOUND}</CannotShowPage>;
  if (error instanceof ApiError && error.status === 403) return <CannotShowPage>{ACCESS_DENIED}</CannotShowPage>;
  if (error || !manufacturer) {
    return <CannotShowPage onRetry={() => void mutate()}>{errorMessage(error, LOAD_FAILED)}</CannotShowPage>;
  }
  return (
    <>
      <Name>{manufacturer.name}</Name>
      <ManufacturerForm manufacturer={manufacturer} onLeave={onLeave} />
      {sections?.(manufacturer.id)}
      <HistorySection
        objectType="manufacturer"
        objectId={manufacturer.id}
        caption={`History of manufacturer ${manufacturer.name}`}
      />
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
