import { useId } from 'react';
import styled from 'styled-components';
import { ApiError, Dialog, DialogFormFooter, ErrorText } from 'shared-kit';
import { CheckboxField, CheckboxGroupField, Form, TextField, useContractForm } from 'shared-kit/forms';
import { EVENT_CHOICES } from './event-labels';
import {
  EVENTS_REQUIRED,
  URL_NOT_HTTP,
  URL_REQUIRED,
  endpointBody,
  isEventTypesMessage,
  validateEndpointForm,
  type EndpointFormValues,
} from './endpoint-form';

export const SAVE_FAILED = 'The endpoint could not be saved. Please try again.';

export interface EndpointDialogProps {
  title: string;
  submitLabel: string;
  initialValues: EndpointFormValues;
  saving: boolean;
  /** Rejects with the API's error: a 400 is shown at its field, the dialog stays open. */
  onSave: (values: EndpointFormValues) => Promise<void>;
  onClose: () => void;
}

const FormLayout = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

/** Add or edit an endpoint: URL, the events it receives, enabled. */
export function EndpointDialog({ title, submitLabel, initialValues, saving, onSave, onClose }: EndpointDialogProps) {
  const formId = useId();
  const form = useContractForm({
    defaultValues: initialValues,
    schema: () => import('shared-kit/contract').then((contract) => contract.CreateWebhookEndpointBody),
    toBody: endpointBody,
    fieldOf: { event_types: 'eventTypes' },
    messages: { url: { empty: URL_REQUIRED, invalid: URL_NOT_HTTP }, eventTypes: EVENTS_REQUIRED },
    rules: validateEndpointForm,
    pending: saving,
    failedText: SAVE_FAILED,
    onSubmit: async (_body, values) => {
      try {
        await onSave(values);
      } catch (error) {
        // A refusal from the server (an SSRF check, a bad URL) is shown and focused at its field, like a local one.
        if (!(error instanceof ApiError && error.status === 400)) throw error;
        const message = error.messages[0] ?? SAVE_FAILED;
        form.methods.setError(isEventTypesMessage(message) ? 'eventTypes' : 'url', { message }, { shouldFocus: true });
      }
    },
  });

  return (
    <Dialog
      open
      width="640px"
      onOpenChange={(open) => !open && !form.pending && onClose()}
      title={title}
      footer={<DialogFormFooter formId={formId} submitLabel={submitLabel} pending={form.pending} onCancel={onClose} />}
    >
      <Form form={form} as={FormLayout} id={formId} aria-label={title}>
        <TextField
          name="url"
          label="URL"
          type="url"
          required
          autoComplete="off"
          placeholder="https://hooks.example.com/producthub"
        />
        <CheckboxGroupField
          name="eventTypes"
          legend="Events"
          choices={EVENT_CHOICES}
          allLabel="All events"
          layout="grid"
        />
        <CheckboxField name="enabled" label="Enabled" />
        {form.failure && <ErrorText>{form.failure}</ErrorText>}
      </Form>
    </Dialog>
  );
}
