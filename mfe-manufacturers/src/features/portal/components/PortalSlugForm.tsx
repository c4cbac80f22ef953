import styled from 'styled-components';
import { ApiError, Button, ErrorText, SpinnerIcon, useCan, type UpdatePortalSettingsBody } from 'shared-kit';
import { Form, TextField, useContractForm } from 'shared-kit/forms';
import { useUpdatePortalSettings } from '../api/update-portal-settings';
import { portalSlugContract, portalSlugFormValues, type PortalSlugFormValues } from './portal-slug-form';
import type { PortalSettingsPartProps } from './portal-settings-part';

export const SLUG_SAVE_FAILED = 'The portal address could not be saved. Please try again.';
export const SLUG_SAVED = 'Portal address saved.';

const Row = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.spacing.sm};

  & > :first-child {
    width: min(100%, 320px);
  }
`;

/** The slug that names the portal (`/portal/<slug>/`); the server refuses a reserved slug (400) and another manufacturer's (409). */
export function PortalSlugForm({ manufacturerId, settings, onSaved }: PortalSettingsPartProps) {
  const update = useUpdatePortalSettings();
  const settingsManage = useCan('settings.manage');
  const form = useContractForm<PortalSlugFormValues, UpdatePortalSettingsBody>({
    ...portalSlugContract,
    defaultValues: portalSlugFormValues(settings),
    pending: update.isMutating,
    failedText: SLUG_SAVE_FAILED,
    onSubmit: async (body) => {
      onSaved('');
      try {
        const answer = await update.trigger({ manufacturerId, change: body });
        form.methods.reset(portalSlugFormValues(answer));
        onSaved(SLUG_SAVED);
      } catch (error) {
        if (!(error instanceof ApiError && (error.status === 400 || error.status === 409))) throw error;
        form.methods.setError('slug', { message: error.messages[0] ?? SLUG_SAVE_FAILED }, { shouldFocus: true });
      }
    },
  });

  return (
    <Form form={form} as={Row} aria-label="Portal address">
      <TextField
        name="slug"
        label="Portal address (slug)"
        info="The last part of the portal's address. Changing it moves the portal: the old address and the links in earlier mails stop working."
        autoComplete="off"
        spellCheck={false}
      />
      <Button type="submit" disabled={form.pending} aria-busy={form.pending || undefined} {...settingsManage.lock}>
        {form.pending && <SpinnerIcon />}
        Save address
      </Button>
      {form.failure && <ErrorText>{form.failure}</ErrorText>}
    </Form>
  );
}
