import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  Button,
  ComboBox,
  DEFAULT_LICENSE_TYPE,
  ErrorText,
  Field,
  LICENSE_TYPES,
  PageHeader,
  Row,
  SpinnerIcon,
  useCan,
  useIdParam,
  type CreateUserLicenseBody,
  type LicenseType,
} from 'shared-kit';
import { Form, SelectField, useBoundField, useContractForm, type ContractRules } from 'shared-kit/forms';
import { DescriptionList } from '../../../shared/components/DescriptionList';
import { FormButtons, FormCard } from '../../../shared/components/FormLayout';
import { PageUnavailable } from '../../../shared/components/PageUnavailable';
import { NOT_A_USER_ADDRESS } from '../../../shared/texts';
import { useCreateUserLicense } from '../api/create-user-license';
import { usePickerProducts } from '../api/get-products';
import { productLabel } from '../components/product-label';
import { usersLinks } from 'shared-kit/pages';

export const PRODUCT_REQUIRED = 'Choose a product from the list.';
export const CREATE_FAILED = 'The license could not be created. Please try again.';

/** /Home/CreateUserLicense/{userID}/{userEmail} */
export function CreateUserLicensePage() {
  const { userEmail = '' } = useParams();
  const userId = useIdParam('userID');
  if (userId === null) return <PageUnavailable title="Add License" message={NOT_A_USER_ADDRESS} />;
  return <CreateUserLicenseForm key={userId} userId={userId} userEmail={userEmail} />;
}

interface LicenseFormValues {
  productId: number | null;
  licenseType: LicenseType;
}

/** The form checked as the server checks POST /users/{id}/licenses. */
const licenseFormContract: ContractRules<LicenseFormValues, CreateUserLicenseBody> = {
  // Loaded with the first check: the schema library stays out of the remote's first load.
  schema: () => import('shared-kit/contract').then((contract) => contract.CreateUserLicenseBody),
  toBody: (values) => ({ product_id: values.productId as number, license_type: values.licenseType }),
  fieldOf: { product_id: 'productId', license_type: 'licenseType' },
  messages: { productId: PRODUCT_REQUIRED },
};

function CreateUserLicenseForm({ userId, userEmail }: { userId: number; userEmail: string }) {
  const navigate = useNavigate();
  const licensesIssue = useCan('licenses.issue');
  const products = usePickerProducts();
  const { trigger: createUserLicense, isMutating } = useCreateUserLicense();
  const backToUser = () => navigate(usersLinks.userDetails(userId));
  const form = useContractForm({
    ...licenseFormContract,
    defaultValues: { productId: null, licenseType: DEFAULT_LICENSE_TYPE },
    onSubmit: async (body) => {
      await createUserLicense({ userId, body });
      backToUser();
    },
    pending: isMutating,
    failedText: CREATE_FAILED,
  });

  return (
    <>
      <PageHeader title="Add License" />
      <Form form={form} as={FormCard} aria-label="Add License">
        <DescriptionList>
          <dt>User</dt>
          <dd>{userEmail}</dd>
          <dt>User ID</dt>
          <dd>{userId}</dd>
        </DescriptionList>
        <ProductField products={products} />
        {products.error && (
          <Row $gap="sm">
            <ErrorText>The products could not be loaded.</ErrorText>
            <Button size="small" onClick={() => void products.mutate()}>
              Retry
            </Button>
          </Row>
        )}
        <SelectField name="licenseType" label="License Type">
          {LICENSE_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        {form.failure && <ErrorText>{form.failure}</ErrorText>}
        <FormButtons>
          <Button
            type="submit"
            variant="primary"
            disabled={form.pending}
            aria-busy={form.pending || undefined}
            {...licensesIssue.lock}
          >
            {form.pending && <SpinnerIcon />}
            Create
          </Button>
          <Button onClick={backToUser}>Cancel</Button>
        </FormButtons>
      </Form>
    </>
  );
}

/** The product to license, picked by typing part of its name. */
function ProductField({ products }: { products: ReturnType<typeof usePickerProducts> }) {
  const { field, error, controlProps } = useBoundField('productId');
  const options = useMemo(
    () => products.rows.map((product) => ({ id: product.id, label: productLabel(product) })),
    [products.rows],
  );
  return (
    <Field label="Product" htmlFor={controlProps.id} required error={error}>
      <ComboBox
        id={controlProps.id}
        options={options}
        selectedId={field.value as number | null}
        onSelect={field.onChange}
        placeholder={products.isLoading ? 'Loading products...' : 'Type to search products'}
        disabled={products.isLoading}
        invalid={error !== undefined}
        describedBy={controlProps['aria-describedby']}
        emptyText="No products match."
      />
    </Field>
  );
}
