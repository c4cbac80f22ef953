import { useNavigate } from 'react-router';
import { Button, ErrorText, PageHeader, SpinnerIcon, useCan } from 'shared-kit';
import { Form, TextField, useContractForm } from 'shared-kit/forms';
import { FormButtons, FormCard } from '../../../shared/components/FormLayout';
import { userFormContract, type UserFormValues } from './user-form';
import { usersLinks } from 'shared-kit/pages';

export interface UserFormProps {
  title: string;
  submitLabel: string;
  initialValues: UserFormValues;
  /** Saves the values; a rejection keeps the form open with the server's message. */
  onSubmit: (values: UserFormValues) => Promise<unknown>;
  /** While the save is under way (the mutation's state). */
  saving: boolean;
}

export const SAVE_FAILED = 'The user could not be saved. Please try again.';

/** Create and edit user: Email (required) and External ID (optional); back to the users list when saved. */
export function UserForm({ title, submitLabel, initialValues, onSubmit, saving }: UserFormProps) {
  const navigate = useNavigate();
  const usersWrite = useCan('users.write');
  const form = useContractForm({
    ...userFormContract,
    defaultValues: initialValues,
    onSubmit: async (_body, values) => {
      await onSubmit(values);
      navigate(usersLinks.users());
    },
    pending: saving,
    failedText: SAVE_FAILED,
  });

  return (
    <>
      <PageHeader title={title} />
      <Form form={form} as={FormCard} aria-label={title}>
        <TextField name="email" label="Email" type="email" autoComplete="off" required />
        <TextField name="externalId" label="External ID" autoComplete="off" />
        {form.failure && <ErrorText>{form.failure}</ErrorText>}
        <FormButtons>
          <Button
            type="submit"
            variant="primary"
            disabled={form.pending}
            aria-busy={form.pending || undefined}
            {...usersWrite.lock}
          >
            {form.pending && <SpinnerIcon />}
            {submitLabel}
          </Button>
          <Button onClick={() => navigate(usersLinks.users())}>Cancel</Button>
        </FormButtons>
      </Form>
    </>
  );
}
