import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, ErrorText, Field, PageHeader, SpinnerIcon, TextInput, errorMessage, fieldErrorId } from 'shared-kit';
import { FormButtons, FormCard } from '../../../shared/components/FormLayout';
import { userLinks } from '../../../shared/links';
import type { UserFormValues } from '../api/user-form-values';
import { validateUserForm } from './user-form-validation';

export interface UserFormProps {
  title: string;
  submitLabel: string;
  initialValues: UserFormValues;
  /** Saves the values; a rejection keeps the form open with the server's message. */
  onSubmit: (values: UserFormValues) => Promise<unknown>;
}

export const SAVE_FAILED = 'The user could not be saved. Please try again.';

/** Create and edit user: Email (required) and External ID (optional); back to the users list when saved. */
export function UserForm({ title, submitLabel, initialValues, onSubmit }: UserFormProps) {
  const navigate = useNavigate();
  const emailId = useId();
  const externalId = useId();
  const [values, setValues] = useState(initialValues);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const errors = validateUserForm(values);
    setEmailError(errors.email);
    setSaveError(null);
    if (errors.email) return;
    setSaving(true);
    try {
      await onSubmit(values);
      navigate(userLinks.list);
    } catch (error) {
      console.error(`${title} failed:`, error);
      setSaveError(errorMessage(error, SAVE_FAILED));
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title={title} />
      <FormCard onSubmit={submit} noValidate aria-label={title}>
        <Field label="Email" htmlFor={emailId} required error={emailError}>
          <TextInput
            id={emailId}
            type="email"
            autoComplete="off"
            required
            value={values.email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? fieldErrorId(emailId) : undefined}
            onChange={(event) => setValues({ ...values, email: event.target.value })}
          />
        </Field>
        <Field label="External ID" htmlFor={externalId}>
          <TextInput
            id={externalId}
            autoComplete="off"
            value={values.externalId}
            onChange={(event) => setValues({ ...values, externalId: event.target.value })}
          />
        </Field>
        {saveError && <ErrorText>{saveError}</ErrorText>}
        <FormButtons>
          <Button type="submit" variant="primary" disabled={saving} aria-busy={saving || undefined}>
            {saving && <SpinnerIcon />}
            {submitLabel}
          </Button>
          <Button onClick={() => navigate(userLinks.list)}>Cancel</Button>
        </FormButtons>
      </FormCard>
    </>
  );
}
