import { useId } from 'react';
import styled from 'styled-components';
import { Dialog, DialogFormFooter, ErrorText, type StoreName } from 'shared-kit';
import { Form, TextField, useContractForm } from 'shared-kit/forms';
import { useSetStoreSecret } from '../api/set-store-secret';
import { NEW_SECRET, SECRET_INVALID, SECRET_REQUIRED, secretBody } from './store-forms';
import { STORE_LABELS } from './store-words';

export const SECRET_SAVE_FAILED = 'The signing secret could not be saved. Please try again.';

const FormLayout = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

/** Sets or replaces a store's signing secret: typed once, sent, never shown again. */
export function SecretDialog({
  manufacturerId,
  store,
  replacing,
  onClose,
}: {
  manufacturerId: number;
  store: StoreName;
  replacing: boolean;
  onClose: () => void;
}) {
  const formId = useId();
  const save = useSetStoreSecret();
  const title = `${replacing ? 'Replace' : 'Set'} ${STORE_LABELS[store]} Signing Secret`;
  const form = useContractForm({
    defaultValues: NEW_SECRET,
    schema: () => import('shared-kit/contract').then((contract) => contract.SetStoreSecretBody),
    toBody: secretBody,
    messages: { secret: { empty: SECRET_REQUIRED, invalid: SECRET_INVALID } },
    pending: save.isMutating,
    failedText: SECRET_SAVE_FAILED,
    onSubmit: async (body) => {
      await save.trigger({ manufacturerId, store, secret: body.secret });
      onClose();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !form.pending && onClose()}
      title={title}
      footer={<DialogFormFooter formId={formId} submitLabel="Save secret" pending={form.pending} onCancel={onClose} />}
    >
      <Form form={form} as={FormLayout} id={formId} aria-label={title}>
        <TextField
          name="secret"
          label="Signing secret"
          type="password"
          required
          autoComplete="off"
          info={`Kept encrypted; this page never shows it again.${replacing ? ' The secret set now replaces the old one at once.' : ''}`}
        />
        {form.failure && <ErrorText>{form.failure}</ErrorText>}
      </Form>
    </Dialog>
  );
}
