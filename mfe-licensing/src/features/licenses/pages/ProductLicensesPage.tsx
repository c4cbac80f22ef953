import styled from 'styled-components';
import { useParams } from 'react-router';
import { CannotShowPage, PageHeader, useIdParam } from 'shared-kit';
import LicenseTable from '../components/LicenseTable';

const Identifier = styled.p`
  margin: -${({ theme }) => theme.spacing.md} 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.muted};
`;

/** /Home/ProductLicenses/{productID}/{productName}/{productIdentifier}: an identifier of 'none' means empty. */
export function ProductLicensesPage() {
  const params = useParams();
  const productId = useIdParam('productID');
  const identifier = params.productIdentifier === 'none' ? '' : (params.productIdentifier ?? '');
  return (
    <>
      <PageHeader title={`Licenses for product: ${params.productName ?? ''}`} />
      {identifier && <Identifier>Identifier: {identifier}</Identifier>}
      {productId === null ? (
        <CannotShowPage>The product ID in the address is not valid.</CannotShowPage>
      ) : (
        <LicenseTable source={{ productId }} />
      )}
    </>
  );
}
