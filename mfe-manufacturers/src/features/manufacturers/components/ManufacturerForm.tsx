import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  ApiError,
  Button,
  Card,
  COUNTRY_CODE_MAX_LENGTH,
  MANUFACTURER_SAVED_LEAVE_DELAY_MS,
  errorMessage,
  formatDateTime,
  type Manufacturer,
} from 'shared-kit';
import { MANUFACTURER_FIELD_MAX_LENGTHS, MANUFACTURER_NAME_MAX_LENGTH, manufacturerFieldProblems, type ManufacturerFieldProblems } from 'shared-kit/contract';
import { useUpdateManufacturer } from '../api/update-manufacturer';
import { MANUFACTURER_NOT_FOUND, UPDATE_FAILED, UPDATE_SUCCEEDED } from '../texts';
import { formValuesOf, hasChanges, type EditableField, type ManufacturerFormValues } from './form-values';
import { FormField, ReadOnlyField } from './FormField';

export interface ManufacturerFormProps {
  manufacturer: Manufacturer;
  /** Leaves the page by the Back rule; called 2 s after a successful save. */
  onLeave: () => void;
}

/** SPEC §2 and §4: view mode → Edit → Save Changes (saved, then leave after 2 s) or Cancel back to view mode. */
export function ManufacturerForm({ manufacturer, onLeave }: ManufacturerFormProps) {
  const update = useUpdateManufacturer();
  const ids = useId();
  const nameInput = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<ManufacturerFormValues | null>(null);
  const [problems, setProblems] = useState<ManufacturerFieldProblems>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const stored = formValuesOf(manufacturer);
  const editing = draft !== null;
  const values = draft ?? stored;
  const canSave = editing && hasChanges(draft, stored) && !saving;

  useLeaveAfterSave(saved, onLeave);
  useEffect(() => {
    if (editing) nameInput.current?.focus();
  }, [editing]);

  const startEditing = () => {
    setDraft(stored);
    setSaveError(null);
  };
  const cancel = () => {
    setDraft(null);
    setProblems({});
    setSaveError(null);
  };
  const change = (field: EditableField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = field === 'country_code' ? event.target.value.toUpperCase() : event.target.value;
    setDraft((current) => (current ? { ...current, [field]: value } : current));
    setProblems(({ [field as keyof ManufacturerFieldProblems]: _fixed, ...others }) => others);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !canSave) return;
    const found = manufacturerFieldProblems(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setSaveError(null);
    try {
      await update(manufacturer.id, { ...manufacturer, ...draft });
      setDraft(null);
      setSaved(true);
    } catch (error) {
      setSaveError(error instanceof ApiError && error.status === 404 ? MANUFACTURER_NOT_FOUND : errorMessage(error, UPDATE_FAILED));
    } finally {
      setSaving(false);
    }
  };

  const readOnly = !editing || saving;
  const field = (name: EditableField) => ({
    id: `${ids}-${name}`,
    value: values[name],
    readOnly,
    onChange: change(name),
    error: problems[name as keyof ManufacturerFieldProblems],
  });

  return (
    <Card as="form" noValidate onSubmit={save} aria-label="Manufacturer details">
      <Grid>
        <FormField label="Name" required {...field('name')} inputRef={nameInput} maxLength={MANUFACTURER_NAME_MAX_LENGTH} autoComplete="organization" />
        <FormField label="Email" type="email" {...field('email')} maxLength={MANUFACTURER_FIELD_MAX_LENGTHS.email} autoComplete="email" />
        <FormField label="Address" multiline {...field('address')} maxLength={MANUFACTURER_FIELD_MAX_LENGTHS.address} autoComplete="street-address" />
        <FormField label="Phone" type="tel" {...field('phone')} maxLength={MANUFACTURER_FIELD_MAX_LENGTHS.phone} autoComplete="tel" />
        <FormField label="VAT ID" {...field('vat_id')} maxLength={MANUFACTURER_FIELD_MAX_LENGTHS.vat_id} />
        <FormField
          label="Country Code"
          {...field('country_code')}
          maxLength={COUNTRY_CODE_MAX_LENGTH}
          placeholder="e.g. US, DE, UK"
          autoComplete="country"
        />
        <ReadOnlyField id={`${ids}-pool`} label="Manufacturer Pool ID" value={manufacturer.manufacturer_pool_id ?? ''} />
        <ReadOnlyField id={`${ids}-created`} label="Created At" value={formatDateTime(manufacturer.created_at)} />
        <ReadOnlyField id={`${ids}-updated`} label="Updated At" value={formatDateTime(manufacturer.updated_at)} />
      </Grid>
      <Footer>
        <Outcome>
          {saved && <Success role="status">{UPDATE_SUCCEEDED}</Success>}
          {saveError && <Failure role="alert">{saveError}</Failure>}
        </Outcome>
        <Buttons>
          {editing ? (
            <>
              <Button onClick={cancel} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" variant="primary" disabled={!canSave}>
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
            </>
          ) : (
            <Button variant="primary" onClick={startEditing} disabled={saved}>
              Edit
            </Button>
          )}
        </Buttons>
      </Footer>
    </Card>
  );
}

/** SPEC §9: 2000 ms after a successful save the page is left by the Back rule (unless the user left first). */
function useLeaveAfterSave(saved: boolean, onLeave: () => void) {
  const leave = useRef(onLeave);
  useEffect(() => {
    leave.current = onLeave;
  });
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => leave.current(), MANUFACTURER_SAVED_LEAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved]);
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
  margin-top: ${({ theme }) => theme.spacing.lg};
`;

const Outcome = styled.div`
  min-height: 1.5em;
`;

const Success = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.success};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Failure = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Buttons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-left: auto;
`;
