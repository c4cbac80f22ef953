import { useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import styled from 'styled-components';
import {
  Button,
  ComboBox,
  DEFAULT_LICENSE_TYPE,
  ErrorText,
  Field,
  LICENSE_TYPES,
  PageHeader,
  Select,
  SpinnerIcon,
  errorMessage,
  fieldErrorId,
  useIdParam,
  type LicenseType,
} from 'shared-kit';
import { DescriptionList } from '../../../shared/components/DescriptionList';
import { FormButtons, FormCard } from '../../../shared/components/FormLayout';
import { PageUnavailable } from '../../../shared/components/PageUnavailable';
import { NOT_A_USER_ADDRESS, userLinks } from '../../../shared/links';
import { useCreateUserLicense } from '../api/create-user-license';
import { usePickerProducts } from '../api/get-products';
import { productLabel } from '../components/product-label';

const ProductsProblem = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
`;

export const PRODUCT_REQUIRED = 'Choose a product from the list.';
export const CREATE_FAILED = 'The license could not be created. Please try again.';

/** /Home/CreateUserLicense/{userID}/{userEmail} */
export function CreateUserLicensePage() {
  const { userEmail = '' } = useParams();
  const userId = useIdParam('userID');
  if (userId === null) return <PageUnavailable title="Add License" message={NOT_A_USER_ADDRESS} />;
  return <CreateUserLicenseForm key={userId} userId={userId} userEmail={userEmail} />;
}

function CreateUserLicenseForm({ userId, userEmail }: { userId: number; userEmail: string }) {
  const navigate = useNavigate();
  const productFieldId = useId();
  const typeFieldId = useId();
  const products = usePickerProducts();
  const { trigger: createUserLicense } = useCreateUserLicense();
  const [productId, setProductId] = useState<number | null>(null);
  const [licenseType, setLicenseType] = useState<LicenseType>(DEFAULT_LICENSE_TYPE);
  const [productError, setProductError] = useState<string | undefined>();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const options = useMemo(() => products.rows.map((product) => ({ id: product.id, label: productLabel(product) })), [products.rows]);
  const backToUser = () => navigate(userLinks.details(userId));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (creating) return;
    setSaveError(null);
    if (productId === null) {
      setProductError(PRODUCT_REQUIRED);
      return;
    }
    setProductError(undefined);
    setCreating(true);
    try {
      await createUserLicense({ userId, body: { product_id: productId, license_type: licenseType } });
      backToUser();
    } catch (error) {
      console.error(`Creating a licence for user ${userId} failed:`, error);
      setSaveError(errorMessage(error, CREATE_FAILED));
      setCreating(false);
    }
  };

  return (
    <>
      <PageHeader title="Add License" />
      <FormCard onSubmit={submit} noValidate aria-label="Add License">
        <DescriptionList>
          <dt>User</dt>
          <dd>{userEmail}</dd>
          <dt>User ID</dt>
          <dd>{userId}</dd>
        </DescriptionList>
        <Field label="Product" htmlFor={productFieldId} required error={productError}>
          <ComboBox
            id={productFieldId}
            options={options}
            selectedId={productId}
            onSelect={(id) => {
              setProductId(id);
              if (id !== null) setProductError(undefined);
            }}
            placeholder={products.isLoading ? 'Loading products...' : 'Type to search products'}
            disabled={products.isLoading}
            invalid={productError !== undefined}
            describedBy={productError ? fieldErrorId(productFieldId) : undefined}
            emptyText="No products match."
          />
        </Field>
        {products.error && (
          <ProductsProblem>
            <ErrorText>The products could not be loaded.</ErrorText>
            <Button size="small" onClick={() => void products.mutate()}>
              Retry
            </Button>
          </ProductsProblem>
        )}
        <Field label="License Type" htmlFor={typeFieldId}>
          <Select id={typeFieldId} value={licenseType} onChange={(event) => setLicenseType(event.target.value as LicenseType)}>
            {LICENSE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Select>
        </Field>
        {saveError && <ErrorText>{saveError}</ErrorText>}
        <FormButtons>
          <Button type="submit" variant="primary" disabled={creating} aria-busy={creating || undefined}>
            {creating && <SpinnerIcon />}
            Create
          </Button>
          <Button onClick={backToUser}>Cancel</Button>
        </FormButtons>
      </FormCard>
    </>
  );
}
