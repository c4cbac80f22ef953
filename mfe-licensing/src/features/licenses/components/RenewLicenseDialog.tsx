import { useId, useMemo } from 'react';
import styled from 'styled-components';
import { Dialog, DialogFormFooter, ErrorText, formatDate, type License, type LicenseTerms } from 'shared-kit';
import { Form, SelectField, TextField, useContractForm, useWatch } from 'shared-kit/forms';
import { useRenewLicense } from '../api/renew-license';
import { renewContract, renewedBy, type RenewFormValues } from './renew-form';

export const RENEW_FAILED = 'The license could not be renewed.';

const FormLayout = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

export interface RenewLicenseDialogProps {
  license: License;
  terms: LicenseTerms;
  /** The days its policy runs for (null: the policy sets no duration, so only a date can be given). */
  durationDays: number | null;
  onRenewed: (terms: LicenseTerms) => void;
  onClose: () => void;
}

/** The date field, shown when renewing to a date. */
function RenewDate() {
  const how = useWatch<RenewFormValues, 'how'>({ name: 'how' });
  if (how !== 'date') return null;
  return (
    <TextField
      name="date"
      label="Runs until"
      type="date"
      required
      info="The license runs to the end of this day; its grace days follow."
    />
  );
}

/** Extends a time-limited licence: by its policy's duration, or to a date. */
export function RenewLicenseDialog({ license, terms, durationDays, onRenewed, onClose }: RenewLicenseDialogProps) {
  const formId = useId();
  const renew = useRenewLicense();
  const contract = useMemo(() => renewContract(), []);
  const form = useContractForm<RenewFormValues, ReturnType<typeof contract.toBody>>({
    ...contract,
    defaultValues: { how: durationDays === null ? 'date' : 'duration', date: '' },
    pending: renew.isMutating,
    failedText: RENEW_FAILED,
    onSubmit: async (body) => onRenewed(await renew.trigger({ licenseId: license.id, body })),
  });
  const busy = form.pending;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={`Renew License ${license.serial}`}
      description={
        terms.expires_at
          ? `It ${terms.expired ? 'expired' : 'expires'} on ${formatDate(terms.expires_at)}.`
          : 'It has no end date yet.'
      }
      footer={<DialogFormFooter formId={formId} submitLabel="Renew" pending={busy} onCancel={onClose} />}
    >
      <Form form={form} as={FormLayout} id={formId} aria-label="Renew license">
        {durationDays !== null && (
          <SelectField name="how" label="Renew">
            <option value="duration">
              By the policy&apos;s duration: {durationDays} days, to {renewedBy(durationDays, terms.expires_at)}
            </option>
            <option value="date">To a date</option>
          </SelectField>
        )}
        <RenewDate />
        {form.failure && <ErrorText>{form.failure}</ErrorText>}
      </Form>
    </Dialog>
  );
}
