import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { ApiError, Button, Dialog, ErrorText, SpinnerIcon, errorMessage } from 'shared-kit';
import { CheckboxField, TextField, useCheckedSubmit } from 'shared-kit/forms';
import { EventTypeChoices } from './EventTypeChoices';
import { isEventTypesMessage, validateEndpointForm, type EndpointFormErrors, type EndpointFormValues } from './endpoint-form';

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

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

/** Add or edit an endpoint: URL, the events it receives, enabled. */
export function EndpointDialog({ title, submitLabel, initialValues, saving, onSave, onClose }: EndpointDialogProps) {
  const formId = useId();
  const eventsErrorId = useId();
  const [values, setValues] = useState(initialValues);
  const [serverErrors, setServerErrors] = useState<EndpointFormErrors & { other?: string }>({});

  const { errors, formProps } = useCheckedSubmit({
    values,
    validate: validateEndpointForm,
    onSave: async (checked: EndpointFormValues) => {
      setServerErrors({});
      try {
        await onSave(checked);
      } catch (error) {
        setServerErrors(serverErrorsOf(error));
        throw error;
      }
    },
  });
  const form = formProps.ref;
  // A refusal from the server (an SSRF check, a bad URL) moves focus to the field it is about, like a local one.
  useEffect(() => {
    const field = serverErrors.url ? 'input[aria-invalid="true"]' : serverErrors.eventTypes ? 'fieldset button' : null;
    if (field) form.current?.querySelector<HTMLElement>(field)?.focus();
  }, [serverErrors, form]);

  const change = (next: Partial<EndpointFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setServerErrors({});
  };

  return (
    <Dialog
      open
      width="640px"
      onOpenChange={(open) => !open && !saving && onClose()}
      title={title}
      footer={
        <>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" disabled={saving} aria-busy={saving || undefined}>
            {saving && <SpinnerIcon />}
            {submitLabel}
          </Button>
        </>
      }
    >
      <Form id={formId} aria-label={title} {...formProps}>
        <TextField
          label="URL"
          type="url"
          required
          autoComplete="off"
          placeholder="https://hooks.example.com/producthub"
          value={values.url}
          onValueChange={(url) => change({ url })}
          error={errors.url ?? serverErrors.url}
        />
        <EventTypeChoices
          value={values.eventTypes}
          onChange={(eventTypes) => change({ eventTypes })}
          error={errors.eventTypes ?? serverErrors.eventTypes}
          errorId={eventsErrorId}
        />
        <CheckboxField label="Enabled" checked={values.enabled} onCheckedChange={(enabled) => change({ enabled })} />
        {serverErrors.other && <ErrorText>{serverErrors.other}</ErrorText>}
      </Form>
    </Dialog>
  );
}

function serverErrorsOf(error: unknown): EndpointFormErrors & { other?: string } {
  const message = errorMessage(error, SAVE_FAILED);
  if (error instanceof ApiError && error.status === 400) {
    return isEventTypesMessage(message) ? { eventTypes: message } : { url: message };
  }
  return { other: message };
}
