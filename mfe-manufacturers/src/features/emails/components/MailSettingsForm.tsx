import { useId } from 'react';
import styled from 'styled-components';
import { ApiError, Button, ErrorText, SpinnerIcon, type MailSettings } from 'shared-kit';
import { Form, TextField, useContractForm } from 'shared-kit/forms';
import { useUpdateMailSettings } from '../api/update-mail-settings';
import {
  fieldOfMessage,
  mailSettingsBody,
  mailSettingsFormValues,
  validateMailSettingsForm,
  type MailSettingsFormValues,
} from './mail-settings-form';

export const SETTINGS_SAVE_FAILED = 'The mail settings could not be saved. Please try again.';

const Grid = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 260px), 1fr));
  gap: ${({ theme }) => theme.spacing.md};
  align-items: start;
`;

const Actions = styled.div`
  grid-column: 1 / -1;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
`;

/** Sender name, reply-to, logo URL, brand colour: empty fields fall back to the defaults shown as placeholders. */
export function MailSettingsForm({ settings, onSaved }: { settings: MailSettings; onSaved: (saved: boolean) => void }) {
  const formId = useId();
  const update = useUpdateMailSettings();
  const form = useContractForm<MailSettingsFormValues, ReturnType<typeof mailSettingsBody>>({
    defaultValues: mailSettingsFormValues(settings),
    schema: () => import('shared-kit/contract').then((contract) => contract.UpdateMailSettingsBody),
    toBody: mailSettingsBody,
    rules: validateMailSettingsForm,
    pending: update.isMutating,
    failedText: SETTINGS_SAVE_FAILED,
    onSubmit: async (body) => {
      onSaved(false);
      try {
        const answer = await update.trigger({ manufacturerId: settings.manufacturer_id, settings: body });
        form.methods.reset(mailSettingsFormValues(answer));
        onSaved(true);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 400)) throw error;
        const message = error.messages[0] ?? SETTINGS_SAVE_FAILED;
        form.methods.setError(fieldOfMessage(message), { message }, { shouldFocus: true });
      }
    },
  });

  return (
    <Form form={form} as={Grid} id={formId} aria-label="Mail settings">
      <TextField
        name="sender_name"
        label="Sender name"
        placeholder={settings.default_sender_name}
        info="The name mails come from. Empty: the manufacturer's name."
        autoComplete="off"
      />
      <TextField
        name="reply_to"
        label="Reply-to email"
        placeholder={settings.default_reply_to ?? ''}
        info="Where customers' replies go (your support). Empty: the manufacturer's email."
        autoComplete="off"
      />
      <TextField
        name="logo_url"
        label="Logo URL"
        type="url"
        placeholder="https://…/logo.png"
        info="An https:// image shown at the top of every mail, 40 pixels high."
        autoComplete="off"
      />
      <TextField
        name="brand_color"
        label="Brand colour"
        placeholder="#1f4f99"
        info="#rrggbb: the line above every mail and the name when there is no logo."
        autoComplete="off"
      />
      <Actions>
        <Button type="submit" variant="primary" disabled={form.pending} aria-busy={form.pending || undefined}>
          {form.pending && <SpinnerIcon />}
          Save mail settings
        </Button>
      </Actions>
      {form.failure && <ErrorText>{form.failure}</ErrorText>}
    </Form>
  );
}
