import { useState } from 'react';
import type { Edition, LicenseType, Policy } from 'shared-kit';
import { ApiError, Button, ConfirmDialog, Row, Section, Stack, useErrorModal } from 'shared-kit';
import { Form, SelectField, TextField, useContractForm, useWatch } from 'shared-kit/forms';
import { useApplyPolicy, useApplyPreview, useRemovePolicy, useSavePolicy } from '../api/policies';
import { NEW_POLICY_FORM, formOfPolicy, policyFormContract, type PolicyFormValues } from './policy-form';

export interface PolicySectionProps {
  productId: number;
  licenseType: LicenseType;
  /** The type's policy, or undefined when it has none (it behaves as licences always have). */
  policy: Policy | undefined;
  editions: Edition[];
}

const reported = (error: unknown) => (error instanceof ApiError ? error.messages[0] : undefined);

/** The fields one choice of the form shows: seats for floating, a duration for time-limited, months for maintenance. */
function PolicyFields({ editions }: { editions: Edition[] }) {
  const [model, term, maintenance] = useWatch<PolicyFormValues, ['model', 'term', 'maintenance']>({
    name: ['model', 'term', 'maintenance'],
  });
  return (
    <Stack $gap="sm">
      <Row $gap="sm" $wrap>
        <SelectField
          name="model"
          label="Model"
          info="Floating seats are stored now and served when the floating-seat calls exist."
        >
          <option value="node-locked">Node-locked (the product's machine limit)</option>
          <option value="floating">Floating seats</option>
        </SelectField>
        {model === 'floating' && (
          <>
            <TextField name="seats" label="Seats" inputMode="numeric" required />
            <TextField name="lease_minutes" label="Lease minutes" inputMode="numeric" required />
            <TextField name="max_borrow_days" label="Max borrow days" inputMode="numeric" />
          </>
        )}
      </Row>
      <Row $gap="sm" $wrap>
        <SelectField name="term" label="Term">
          <option value="perpetual">Perpetual</option>
          <option value="time-limited">Time-limited</option>
        </SelectField>
        {term === 'time-limited' && (
          <TextField
            name="duration_days"
            label="Duration (days)"
            inputMode="numeric"
            info="Empty: each license's end date is set with Renew."
          />
        )}
        <TextField name="grace_days" label="Grace (days)" inputMode="numeric" />
      </Row>
      <Row $gap="sm" $wrap>
        <SelectField name="maintenance" label="Maintenance window">
          <option value="none">None (every release)</option>
          <option value="activation">From first activation</option>
          <option value="purchase">From purchase</option>
        </SelectField>
        {maintenance !== 'none' && (
          <TextField name="maintenance_months" label="Months of updates" inputMode="numeric" />
        )}
        <SelectField name="edition_id" label="Edition">
          <option value="">None</option>
          {editions.map((edition) => (
            <option key={edition.id} value={String(edition.id)}>
              {edition.name}
            </option>
          ))}
        </SelectField>
      </Row>
    </Stack>
  );
}

/** One licence type's policy as a form, with Remove and "Apply to existing licenses" (after a count of what changes). */
export function PolicySection({ productId, licenseType, policy, editions }: PolicySectionProps) {
  const savePolicy = useSavePolicy();
  const removePolicy = useRemovePolicy();
  const applyPolicy = useApplyPolicy();
  const showError = useErrorModal();
  const [confirming, setConfirming] = useState(false);
  const preview = useApplyPreview(productId, confirming ? licenseType : null);
  const form = useContractForm({
    ...policyFormContract,
    defaultValues: policy ? formOfPolicy(policy) : NEW_POLICY_FORM,
    pending: savePolicy.isMutating,
    failedText: 'The policy could not be saved.',
    onSubmit: (body) => savePolicy.trigger({ productId, licenseType, body }),
  });
  const run = async (action: () => Promise<unknown>, failed: string) => {
    try {
      await action();
    } catch (failure) {
      showError(reported(failure) ?? failed);
    }
  };
  const count = preview.data?.licenses;

  return (
    <Section
      title={`${licenseType} licenses`}
      actions={
        policy && (
          <Row $gap="sm" $wrap>
            <Button size="small" onClick={() => setConfirming(true)}>
              Apply to existing licenses
            </Button>
            <Button
              size="small"
              onClick={() =>
                void run(() => removePolicy.trigger({ productId, licenseType }), 'The policy could not be removed.')
              }
            >
              Remove policy
            </Button>
          </Row>
        )
      }
    >
      <p>
        {policy ? 'New licenses of this type get these terms.' : 'No policy: these licenses work as they always have.'}
      </p>
      <Form form={form} aria-label={`${licenseType} policy`}>
        <PolicyFields editions={editions} />
        {form.failure && <p role="alert">{form.failure}</p>}
        <Row>
          <Button type="submit" variant="primary" disabled={form.pending}>
            {policy ? 'Save policy' : 'Set policy'}
          </Button>
        </Row>
      </Form>
      <ConfirmDialog
        open={confirming}
        title={`Apply the ${licenseType} policy to existing licenses?`}
        message={
          count === undefined
            ? 'Counting the licenses that would change...'
            : `${count} ${count === 1 ? 'license' : 'licenses'} of this type would take the policy's edition, grace, maintenance and expiry.`
        }
        confirmLabel="Apply"
        busy={applyPolicy.isMutating}
        confirmDisabled={count === undefined}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void run(async () => {
            await applyPolicy.trigger({ productId, licenseType });
            setConfirming(false);
          }, 'The policy could not be applied.')
        }
      />
    </Section>
  );
}
