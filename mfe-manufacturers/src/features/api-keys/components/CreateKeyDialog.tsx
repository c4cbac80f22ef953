import { useId } from 'react';
import styled from 'styled-components';
import { ApiError, Dialog, DialogFormFooter, ErrorText, type CreatedApiKey } from 'shared-kit';
import { CheckboxGroupField, Form, SelectField, TextField, useContractForm, useWatch } from 'shared-kit/forms';
import { useCreateApiKey } from '../api/create-api-key';
import { SCOPE_CHOICES } from './scope-labels';
import {
  NAME_REQUIRED,
  NAME_TOO_LONG,
  NEW_KEY,
  SCOPES_REQUIRED,
  keyBody,
  validateKeyForm,
  type KeyFormValues,
} from './key-form';

export const CREATE_FAILED = 'The key could not be created. Please try again.';

const FormLayout = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

function ExpiryDate() {
  const expiry = useWatch<KeyFormValues, 'expiry'>({ name: 'expiry' });
  if (expiry !== 'date') return null;
  return <TextField name="expiryDate" label="Last day it works" type="date" required />;
}

/** Name, scopes and expiry of a new key; once created, the caller shows its secret. */
export function CreateKeyDialog({
  manufacturerId,
  onCreated,
  onClose,
}: {
  manufacturerId: number;
  onCreated: (key: CreatedApiKey) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const create = useCreateApiKey();
  const form = useContractForm<KeyFormValues, ReturnType<typeof keyBody>>({
    defaultValues: NEW_KEY,
    schema: () => import('shared-kit/contract').then((contract) => contract.CreateApiKeyBody),
    toBody: keyBody,
    fieldOf: { expires_at: 'expiryDate' },
    messages: { name: { empty: NAME_REQUIRED, invalid: NAME_TOO_LONG }, scopes: SCOPES_REQUIRED },
    rules: (values) => validateKeyForm(values),
    pending: create.isMutating,
    failedText: CREATE_FAILED,
    onSubmit: async (body) => {
      try {
        onCreated(await create.trigger({ manufacturerId, body }));
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 400)) throw error;
        const message = error.messages[0] ?? CREATE_FAILED;
        const field = message.startsWith('expires_at')
          ? 'expiryDate'
          : message.startsWith('scopes')
            ? 'scopes'
            : 'name';
        if (field === 'expiryDate') form.methods.setValue('expiry', 'date');
        form.methods.setError(field, { message }, { shouldFocus: true });
      }
    },
  });

  return (
    <Dialog
      open
      width="600px"
      onOpenChange={(open) => !open && !form.pending && onClose()}
      title="Create API Key"
      description="A key lets a program (a shop, a release pipeline) use this manufacturer's API within its scopes."
      footer={<DialogFormFooter formId={formId} submitLabel="Create key" pending={form.pending} onCancel={onClose} />}
    >
      <Form form={form} as={FormLayout} id={formId} aria-label="Create API Key">
        <TextField
          name="name"
          label="Name"
          required
          autoComplete="off"
          placeholder="Release pipeline"
          maxLength={100}
        />
        <CheckboxGroupField name="scopes" legend="Scopes" choices={SCOPE_CHOICES} />
        <SelectField name="expiry" label="Expires">
          <option value="30">In 30 days</option>
          <option value="90">In 90 days</option>
          <option value="365">In a year</option>
          <option value="date">On a date…</option>
          <option value="never">Never</option>
        </SelectField>
        <ExpiryDate />
        {form.failure && <ErrorText>{form.failure}</ErrorText>}
      </Form>
    </Dialog>
  );
}
