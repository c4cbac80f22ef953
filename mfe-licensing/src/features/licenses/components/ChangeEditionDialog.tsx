import { useId } from 'react';
import { Dialog, DialogFormFooter, ErrorText, type Edition, type License, type LicenseTerms } from 'shared-kit';
import { Form, SelectField, useContractForm } from 'shared-kit/forms';
import { useChangeLicenseEdition } from '../api/change-license-edition';
import { editionContract, editionOption } from './edition-form';

export const CHANGE_EDITION_FAILED = 'The edition could not be changed.';

export interface ChangeEditionDialogProps {
  license: License;
  /** The product's editions, and the one the licence has (null: none). */
  editions: Edition[];
  currentEditionId: number | null;
  onChanged: (terms: LicenseTerms) => void;
  onClose: () => void;
}

/** Moves a licence to another edition of its product: the serial stays, the features are the new edition's. */
export function ChangeEditionDialog({
  license,
  editions,
  currentEditionId,
  onChanged,
  onClose,
}: ChangeEditionDialogProps) {
  const formId = useId();
  const change = useChangeLicenseEdition();
  const form = useContractForm({
    ...editionContract(currentEditionId),
    defaultValues: { edition_id: currentEditionId === null ? '' : String(currentEditionId) },
    pending: change.isMutating,
    failedText: CHANGE_EDITION_FAILED,
    onSubmit: async (body) => onChanged(await change.trigger({ licenseId: license.id, body })),
  });
  const busy = form.pending;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={`Change Edition of License ${license.serial}`}
      description="The license keeps its serial; a plugin gets the new edition's features at its next activation or validation."
      footer={<DialogFormFooter formId={formId} submitLabel="Change edition" pending={busy} onCancel={onClose} />}
    >
      <Form form={form} id={formId} aria-label="Change edition">
        <SelectField name="edition_id" label="Edition" required>
          {currentEditionId === null && <option value="">Select an edition</option>}
          {editions.map((edition) => (
            <option key={edition.id} value={String(edition.id)}>
              {editionOption(edition, currentEditionId)}
            </option>
          ))}
        </SelectField>
        {form.failure && <ErrorText>{form.failure}</ErrorText>}
      </Form>
    </Dialog>
  );
}
