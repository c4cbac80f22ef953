import { lazy, Suspense, useState } from 'react';
import { Button, ErrorText, Section, Stack, Table, useCan } from 'shared-kit';
import type { Release } from 'shared-kit';
import { CheckboxField, Form, SaveCancel, TextField, useContractForm } from 'shared-kit/forms';
import { FormGrid } from '../../../shared/components/layout';
import { buildColumns } from '../../../shared/components/build-columns';
import { DistributionRule } from './DistributionRule';
import { DistributionSection, type DistributionSectionProps } from './DistributionSection';
import { releaseFieldHelp as help } from './release-field-help';
import {
  SAVE_BUILDS_FIRST,
  channelsNeedSavedBuilds,
  distributionBlocked,
  releaseContract,
  type ReleaseFormValues,
} from './release-form';

export interface ReleaseFormProps {
  productId: number;
  initialValues: ReleaseFormValues;
  /** The release being edited; absent when creating. */
  release?: Release;
  /** The manufacturer's channels, on edit only: creating a release has no Distribution section. */
  distribution?: Omit<DistributionSectionProps, 'checked' | 'onToggle'>;
  /** Saves the values; rejects when saving failed (the form stays as typed). */
  onSave: (values: ReleaseFormValues) => Promise<void>;
  /** While the save is under way (the mutation's state). */
  saving: boolean;
  cancelTo: string;
}

const TEXT_MAX = 2000;

// Fetched when builds are first chosen: it is not part of the remote's first load (bundle budget).
const SelectBuildsDialog = lazy(() =>
  import('./SelectBuildsDialog').then((module) => ({ default: module.SelectBuildsDialog })),
);

export function ReleaseForm({
  productId,
  initialValues,
  release,
  distribution,
  onSave,
  saving,
  cancelTo,
}: ReleaseFormProps) {
  const [choosingBuilds, setChoosingBuilds] = useState(false);
  const saveBuildsFirst = (values: Pick<ReleaseFormValues, 'builds' | 'channelIds'>) =>
    distribution !== undefined && channelsNeedSavedBuilds(values, initialValues);
  const form = useContractForm({
    ...releaseContract(release),
    defaultValues: initialValues,
    onSubmit: (_body, values) => onSave(values),
    pending: saving,
    canSubmit: (values) => !distributionBlocked(values) && !saveBuildsFirst(values),
  });
  const { watch, setValue } = form.methods;
  const values = { builds: watch('builds'), channelIds: watch('channelIds') };
  const blocked = distributionBlocked(values);
  const mustSaveBuildsFirst = saveBuildsFirst(values);

  const text = (name: 'description' | 'manual' | 'app_version_min' | 'app_version_max', label: string) => ({
    name,
    label,
    info: help[name],
    maxLength: TEXT_MAX,
  });
  const toggleChannel = (channelId: number, on: boolean) => {
    const channelIds = new Set(values.channelIds);
    if (on) channelIds.add(channelId);
    else channelIds.delete(channelId);
    setValue('channelIds', channelIds);
  };

  const releasesWrite = useCan('releases.write');
  return (
    <Form form={form} aria-label={distribution ? 'Update Release' : 'Create Release'}>
      <Stack>
        <FormGrid>
          <TextField {...text('description', 'Description')} />
          <TextField {...text('manual', 'Manual URL')} type="url" />
          <TextField {...text('app_version_min', 'App Version Min')} placeholder="1.0.0" />
          <TextField {...text('app_version_max', 'App Version Max')} placeholder="2.0.0" />
          <CheckboxField
            name="unlocksWithoutLicense"
            label="Unlocks Without License"
            info={help.unlocksWithoutLicense}
          />
        </FormGrid>
        <Section title="Builds" actions={<Button onClick={() => setChoosingBuilds(true)}>Edit</Button>}>
          <Table
            caption="Builds of the release"
            columns={buildColumns}
            rows={values.builds}
            getRowId={(build) => build.id}
            emptyText="No builds selected."
          />
        </Section>
        {distribution && <DistributionSection {...distribution} checked={values.channelIds} onToggle={toggleChannel} />}
      </Stack>
      <DistributionRule blocked={blocked} />
      {mustSaveBuildsFirst && <ErrorText>{SAVE_BUILDS_FIRST}</ErrorText>}
      <SaveCancel
        saving={form.pending}
        disabled={blocked || mustSaveBuildsFirst}
        cancelTo={cancelTo}
        lock={releasesWrite.lock}
      />
      {choosingBuilds && (
        <Suspense fallback={null}>
          <SelectBuildsDialog
            productId={productId}
            selected={values.builds}
            onClose={() => setChoosingBuilds(false)}
            onSave={(builds) => {
              setValue('builds', builds);
              setChoosingBuilds(false);
            }}
          />
        </Suspense>
      )}
    </Form>
  );
}
