import { useId } from 'react';
import styled from 'styled-components';
import { Dialog, DialogFormFooter, ErrorText, LICENSE_TYPES, type Batch } from 'shared-kit';
import { Form, SelectField, TextField, useContractForm } from 'shared-kit/forms';
import { useCreateBatch } from '../api/batches';
import {
  COUNT_RANGE,
  NEW_BATCH,
  RESELLER_REQUIRED,
  batchBody,
  countOf,
  formatCount,
  type BatchFormValues,
} from './batch-form';

export const CREATE_BATCH_FAILED = 'The batch could not be made. Please try again.';

const FormLayout = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Waiting = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

/** Licence type, count and reseller of a new batch of the product; a plain wait while the serials are made. */
export function NewBatchDialog({
  productId,
  productName,
  onCreated,
  onClose,
}: {
  productId: number;
  productName: string;
  onCreated: (batch: Batch) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const create = useCreateBatch();
  const form = useContractForm<BatchFormValues, ReturnType<typeof batchBody>>({
    defaultValues: NEW_BATCH,
    schema: () => import('shared-kit/contract').then((contract) => contract.CreateBatchBody),
    toBody: batchBody,
    messages: { count: COUNT_RANGE, reseller: RESELLER_REQUIRED },
    pending: create.isMutating,
    failedText: CREATE_BATCH_FAILED,
    onSubmit: async (body) => onCreated(await create.trigger({ productId, body })),
  });
  const busy = form.pending;
  const count = countOf(form.methods.getValues('count'));
  return (
    <Dialog
      open
      width="560px"
      onOpenChange={(open) => !open && !busy && onClose()}
      title="New Serial Batch"
      description={`Serials of ${productName} for a reseller to sell; each becomes a license when its buyer redeems it.`}
      footer={<DialogFormFooter formId={formId} submitLabel="Make serials" pending={busy} onCancel={onClose} />}
    >
      <Form form={form} as={FormLayout} id={formId} aria-label="New Serial Batch">
        <SelectField name="license_type" label="License type" required>
          {LICENSE_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <TextField
          name="count"
          label="Number of serials"
          required
          inputMode="numeric"
          autoComplete="off"
          placeholder="1000"
        />
        <TextField name="reseller" label="Reseller" required autoComplete="off" maxLength={200} placeholder="Thomann" />
        <TextField name="note" label="Note" multiline maxLength={2000} />
        {form.failure && <ErrorText>{form.failure}</ErrorText>}
        {busy && (
          <Waiting role="status">
            Making {Number.isNaN(count) ? 'the' : formatCount(count)} serials… a large batch takes a few seconds.
          </Waiting>
        )}
      </Form>
    </Dialog>
  );
}
