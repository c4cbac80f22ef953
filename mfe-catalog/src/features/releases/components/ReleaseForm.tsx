import { useState } from 'react';
import { Button, ErrorText, Section, Table } from 'shared-kit';
import { CheckboxField, SaveCancel, TextField, useCheckedSubmit } from 'shared-kit/forms';
import { FormGrid, Stack } from '../../../shared/components/layout';
import { buildColumns } from '../../../shared/components/build-columns';
import { DistributionRule } from './DistributionRule';
import { DistributionSection, type DistributionSectionProps } from './DistributionSection';
import { releaseFieldHelp as help } from './release-field-help';
import { SAVE_BUILDS_FIRST, channelsNeedSavedBuilds, distributionBlocked, validateReleaseForm, type ReleaseFormErrors, type ReleaseFormValues } from './release-form-state';
import { SelectBuildsDialog } from './SelectBuildsDialog';

export interface ReleaseFormProps {
  productId: number;
  initialValues: ReleaseFormValues;
  /** The manufacturer's channels, on edit only: creating a release has no Distribution section. */
  distribution?: Omit<DistributionSectionProps, 'checked' | 'onToggle'>;
  /** Saves the values; rejects when saving failed (the form stays as typed). */
  onSave: (values: ReleaseFormValues) => Promise<void>;
  /** While the save is under way. */
  saving: boolean;
  cancelTo: string;
}

const TEXT_MAX = 2000;

export function ReleaseForm({ productId, initialValues, distribution, onSave, saving, cancelTo }: ReleaseFormProps) {
  const [values, setValues] = useState(initialValues);
  const [choosingBuilds, setChoosingBuilds] = useState(false);
  const blocked = distributionBlocked(values);
  const saveBuildsFirst = distribution !== undefined && channelsNeedSavedBuilds(values, initialValues);
  const { errors, formProps } = useCheckedSubmit({ values, validate: validateReleaseForm, onSave, canSubmit: !blocked && !saveBuildsFirst });

  const text = (field: keyof ReleaseFormErrors | 'description', label: string) => ({
    label,
    value: values[field],
    onValueChange: (value: string) => setValues((current) => ({ ...current, [field]: value })),
    info: help[field],
    error: field === 'description' ? undefined : errors[field],
    maxLength: TEXT_MAX,
  });
  const toggleChannel = (channelId: number, on: boolean) =>
    setValues((current) => {
      const channelIds = new Set(current.channelIds);
      if (on) channelIds.add(channelId);
      else channelIds.delete(channelId);
      return { ...current, channelIds };
    });

  return (
    <form {...formProps} aria-label={distribution ? 'Update Release' : 'Create Release'}>
      <Stack>
        <FormGrid>
          <TextField {...text('description', 'Description')} />
          <TextField {...text('manual', 'Manual URL')} type="url" />
          <TextField {...text('app_version_min', 'App Version Min')} placeholder="1.0.0" />
          <TextField {...text('app_version_max', 'App Version Max')} placeholder="2.0.0" />
          <CheckboxField
            label="Unlocks Without License"
            checked={values.unlocksWithoutLicense}
            onCheckedChange={(checked) => setValues((current) => ({ ...current, unlocksWithoutLicense: checked }))}
            info={help.unlocksWithoutLicense}
          />
        </FormGrid>
        <Section title="Builds" actions={<Button onClick={() => setChoosingBuilds(true)}>Edit</Button>}>
          <Table caption="Builds of the release" columns={buildColumns} rows={values.builds} getRowId={(build) => build.id} emptyText="No builds selected." />
        </Section>
        {distribution && <DistributionSection {...distribution} checked={values.channelIds} onToggle={toggleChannel} />}
      </Stack>
      <DistributionRule blocked={blocked} />
      {saveBuildsFirst && <ErrorText>{SAVE_BUILDS_FIRST}</ErrorText>}
      <SaveCancel saving={saving} disabled={blocked || saveBuildsFirst} cancelTo={cancelTo} />
      {choosingBuilds && (
        <SelectBuildsDialog
          productId={productId}
          selected={values.builds}
          onClose={() => setChoosingBuilds(false)}
          onSave={(builds) => {
            setValues((current) => ({ ...current, builds }));
            setChoosingBuilds(false);
          }}
        />
      )}
    </form>
  );
}
