import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import {
  ApiError,
  Button,
  Card,
  COUNTRY_CODE_MAX_LENGTH,
  errorMessage,
  formatDateTime,
  Toolbar,
  useCan,
  useSaveNotice,
  type Manufacturer,
} from 'shared-kit';
import { manufacturersLinks } from 'shared-kit/pages';
import {
  MANUFACTURER_FIELD_MAX_LENGTHS,
  MANUFACTURER_NAME_MAX_LENGTH,
  manufacturerFieldProblems,
} from 'shared-kit/contract';
import { Form, TextField, useContractForm } from 'shared-kit/forms';
import { useUpdateManufacturer } from '../api/update-manufacturer';
import { MANUFACTURER_NOT_FOUND, UPDATE_FAILED, UPDATE_SUCCEEDED } from '../texts';
import { formValuesOf, hasChanges, type ManufacturerFormValues } from './manufacturer-form';
import { ReadOnlyField } from './ReadOnlyField';
import { useDelayedLeaveAfterSave } from './use-delayed-leave-after-save';

export interface ManufacturerFormProps {
  manufacturer: Manufacturer;
  /** Leaves the page by the Back rule; called 2 s after a successful save. */
  onLeave: () => void;
}

const failureText = (error: unknown) =>
  error instanceof ApiError && error.status === 404 ? MANUFACTURER_NOT_FOUND : errorMessage(error, UPDATE_FAILED);

/**
 * The details form (docs/console.md, Manufacturer details): read-only until Edit; Save Changes (saved, then leave after 2 s) or Cancel
 * back to view mode with the stored values. Checked as the server checks PATCH /manufacturers/{id}.
 */
export function ManufacturerForm({ manufacturer, onLeave }: ManufacturerFormProps) {
  const ids = useId();
  const { update, saving } = useUpdateManufacturer();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<Manufacturer | null>(null);
  const notify = useSaveNotice();
  const settingsManage = useCan('settings.manage');
  const stored = formValuesOf(manufacturer);
  const form = useContractForm({
    // Loaded with the first check: the schema library stays out of the remote's first load.
    schema: () => import('shared-kit/contract').then((contract) => contract.ManufacturerPatch),
    toBody: (values: ManufacturerFormValues) => ({ ...manufacturer, ...values }),
    rules: manufacturerFieldProblems,
    defaultValues: stored,
    onSubmit: async (body) => {
      const updated = await update(manufacturer.id, body);
      form.methods.reset(formValuesOf(updated));
      setEditing(false);
      setSaved(updated);
    },
    pending: saving,
    failedText: failureText,
    // docs/console.md, Manufacturer details: only when something changed and nothing is loading.
    canSubmit: (values) => editing && hasChanges(values, stored),
  });
  const { reset, setFocus, watch } = form.methods;
  const canSave = editing && hasChanges(watch(), stored) && !form.pending;
  const readOnly = !editing || form.pending;

  // Leaving by the Back rule takes the page's own confirmation away: the toast keeps it, with a way back.
  useDelayedLeaveAfterSave(saved !== null, () => {
    if (saved) {
      notify({
        message: `Manufacturer ${saved.name} saved.`,
        link: { label: `Open ${saved.name}`, to: manufacturersLinks.manufacturerDetails(saved.id) },
      });
    }
    onLeave();
  });
  useEffect(() => {
    if (editing) setFocus('name');
  }, [editing, setFocus]);

  const startEditing = () => {
    reset(stored);
    form.dismissFailure();
    setEditing(true);
  };
  const cancel = () => {
    reset(stored);
    form.dismissFailure();
    setEditing(false);
  };
  const field = (name: keyof ManufacturerFormValues, label: string, maxLength: number) => ({
    name,
    label,
    readOnly,
    maxLength,
  });

  return (
    <Form form={form} as={FormCard} aria-label="Manufacturer details">
      <Grid>
        <TextField {...field('name', 'Name', MANUFACTURER_NAME_MAX_LENGTH)} required />
        <TextField {...field('email', 'Email', MANUFACTURER_FIELD_MAX_LENGTHS.email)} type="email" />
        <TextField {...field('address', 'Address', MANUFACTURER_FIELD_MAX_LENGTHS.address)} multiline />
        <TextField {...field('phone', 'Phone', MANUFACTURER_FIELD_MAX_LENGTHS.phone)} type="tel" />
        <TextField {...field('vat_id', 'VAT ID', MANUFACTURER_FIELD_MAX_LENGTHS.vat_id)} />
        <TextField
          {...field('country_code', 'Country Code', COUNTRY_CODE_MAX_LENGTH)}
          transform={(text) => text.toUpperCase()}
          placeholder="e.g. US, DE, UK"
        />
        <ReadOnlyField
          id={`${ids}-pool`}
          label="Manufacturer Pool ID"
          value={manufacturer.manufacturer_pool_id ?? ''}
        />
        <ReadOnlyField id={`${ids}-created`} label="Created At" value={formatDateTime(manufacturer.created_at)} />
        <ReadOnlyField id={`${ids}-updated`} label="Updated At" value={formatDateTime(manufacturer.updated_at)} />
      </Grid>
      <Footer>
        <Outcome>
          {saved !== null && (
            <OutcomeText role="status" $tone="success">
              {UPDATE_SUCCEEDED}
            </OutcomeText>
          )}
          {form.failure && (
            <OutcomeText role="alert" $tone="danger">
              {form.failure}
            </OutcomeText>
          )}
        </Outcome>
        <Buttons>
          {editing ? (
            <>
              <Button onClick={cancel} disabled={form.pending}>
                Cancel
              </Button>
              <Button type="submit" variant="primary" disabled={!canSave}>
                {form.pending ? 'Saving...' : 'Save Changes'}
              </Button>
            </>
          ) : (
            <Button variant="primary" onClick={startEditing} disabled={saved !== null} {...settingsManage.lock}>
              Edit
            </Button>
          )}
        </Buttons>
      </Footer>
    </Form>
  );
}

const FormCard = styled(Card).attrs({ as: 'form' })``;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
`;

const Footer = styled(Toolbar)`
  margin-top: ${({ theme }) => theme.spacing.lg};
`;

const Outcome = styled.div`
  min-height: 1.5em;
`;

const OutcomeText = styled.p<{ $tone: 'success' | 'danger' }>`
  margin: 0;
  color: ${({ theme, $tone }) => theme.colors[$tone]};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Buttons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-left: auto;
`;
