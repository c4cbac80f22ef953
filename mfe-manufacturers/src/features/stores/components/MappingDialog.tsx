import { useId } from 'react';
import styled from 'styled-components';
import { Dialog, DialogFormFooter, ErrorText, LICENSE_TYPES, type StoreMapping, type StoreName } from 'shared-kit';
import { Form, SelectField, TextField, useContractForm } from 'shared-kit/forms';
import { useCreateStoreMapping } from '../api/create-store-mapping';
import { useUpdateStoreMapping } from '../api/update-store-mapping';
import { useMappableProducts } from '../api/get-products';
import {
  NEW_MAPPING,
  PRICE_ID_INVALID,
  PRICE_ID_REQUIRED,
  PRODUCT_REQUIRED,
  mappingBody,
  mappingFormValues,
  validateMappingForm,
} from './store-forms';
import { STORE_LABELS } from './store-words';

export const MAPPING_SAVE_FAILED = 'The mapping could not be saved. Please try again.';

const FormLayout = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const PRICE_HELP: Record<StoreName, string> = {
  stripe: 'The Stripe price id, as in the product catalogue: price_…',
  paddle: 'The Paddle price id, as in the catalogue: pri_…',
};

/**
 * Adds a row to the price mapping (this store price sells this product's licence type), or, given `mapping`,
 * edits that row in place.
 */
export function MappingDialog({
  manufacturerId,
  store,
  mapping,
  onClose,
}: {
  manufacturerId: number;
  store: StoreName;
  mapping?: StoreMapping;
  onClose: () => void;
}) {
  const formId = useId();
  const create = useCreateStoreMapping();
  const update = useUpdateStoreMapping();
  const saving = mapping ? update : create;
  const products = useMappableProducts();
  const title = mapping ? `Edit the ${STORE_LABELS[store]} Price Mapping` : `Map a ${STORE_LABELS[store]} Price`;
  const form = useContractForm({
    defaultValues: mapping ? mappingFormValues(mapping) : NEW_MAPPING,
    schema: () =>
      import('shared-kit/contract').then((contract) =>
        mapping ? contract.UpdateStoreMappingBody : contract.CreateStoreMappingBody,
      ),
    toBody: mappingBody,
    fieldOf: { store_price_id: 'storePriceId', product_id: 'productId', license_type: 'licenseType' },
    messages: { storePriceId: { empty: PRICE_ID_REQUIRED, invalid: PRICE_ID_INVALID }, productId: PRODUCT_REQUIRED },
    rules: validateMappingForm,
    pending: saving.isMutating,
    failedText: MAPPING_SAVE_FAILED,
    onSubmit: async (body) => {
      if (mapping) await update.trigger({ manufacturerId, store, mappingId: mapping.id, body });
      else await create.trigger({ manufacturerId, store, body });
      onClose();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !form.pending && onClose()}
      title={title}
      footer={
        <DialogFormFooter
          formId={formId}
          submitLabel={mapping ? 'Save' : 'Add mapping'}
          pending={form.pending}
          onCancel={onClose}
        />
      }
    >
      <Form form={form} as={FormLayout} id={formId} aria-label={title}>
        <TextField name="storePriceId" label="Price ID" required autoComplete="off" info={PRICE_HELP[store]} />
        <SelectField name="productId" label="Product" required disabled={products.isLoading}>
          <option value="">{products.isLoading ? 'Loading products…' : 'Choose a product'}</option>
          {products.rows.map((product) => (
            <option key={product.id} value={String(product.id)}>
              {product.name}
            </option>
          ))}
        </SelectField>
        <SelectField name="licenseType" label="License type" required>
          {LICENSE_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        {form.failure && <ErrorText>{form.failure}</ErrorText>}
      </Form>
    </Dialog>
  );
}
