import { useId } from 'react';
import styled from 'styled-components';
import { Button, Card, COUNTRY_CODE_MAX_LENGTH, formatDateTime, type Manufacturer } from 'shared-kit';
import { MANUFACTURER_FIELD_MAX_LENGTHS, MANUFACTURER_NAME_MAX_LENGTH, type ManufacturerFieldProblems } from 'shared-kit/contract';
import { UPDATE_SUCCEEDED } from '../texts';
import type { EditableField } from './form-values';
import { FormField, ReadOnlyField } from './FormField';
import { useManufacturerForm } from './use-manufacturer-form';

export interface ManufacturerFormProps {
  manufacturer: Manufacturer;
  /** Leaves the page by the Back rule; called 2 s after a successful save. */
  onLeave: () => void;
}

/** The details form of SPEC §2: read-only until Edit; Save Changes and Cancel while editing. */
export function ManufacturerForm({ manufacturer, onLeave }: ManufacturerFormProps) {
  const ids = useId();
  const { values, editing, saving, saved, saveError, problems, canSave, nameInput, startEditing, cancel, change, save } = useManufacturerForm(
    manufacturer,
    onLeave,
  );
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
        <FormField label="Name" required {...field('name')} inputRef={nameInput} maxLength={MANUFACTURER_NAME_MAX_LENGTH} />
        <FormField label="Email" type="email" {...field('email')} maxLength={MANUFACTURER_FIELD_MAX_LENGTHS.email} />
        <FormField label="Address" multiline {...field('address')} maxLength={MANUFACTURER_FIELD_MAX_LENGTHS.address} />
        <FormField label="Phone" type="tel" {...field('phone')} maxLength={MANUFACTURER_FIELD_MAX_LENGTHS.phone} />
        <FormField label="VAT ID" {...field('vat_id')} maxLength={MANUFACTURER_FIELD_MAX_LENGTHS.vat_id} />
        <FormField
          label="Country Code"
          {...field('country_code')}
          maxLength={COUNTRY_CODE_MAX_LENGTH}
          placeholder="e.g. US, DE, UK"
         
        />
        <ReadOnlyField id={`${ids}-pool`} label="Manufacturer Pool ID" value={manufacturer.manufacturer_pool_id ?? ''} />
        <ReadOnlyField id={`${ids}-created`} label="Created At" value={formatDateTime(manufacturer.created_at)} />
        <ReadOnlyField id={`${ids}-updated`} label="Updated At" value={formatDateTime(manufacturer.updated_at)} />
      </Grid>
      <Footer>
        <Outcome>
          {saved && (
            <OutcomeText role="status" $tone="success">
              {UPDATE_SUCCEEDED}
            </OutcomeText>
          )}
          {saveError && (
            <OutcomeText role="alert" $tone="danger">
              {saveError}
            </OutcomeText>
          )}
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
