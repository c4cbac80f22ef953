import type { FeatureBody } from 'shared-kit';
import { ApiError, Button, Row, Section, Stack, useErrorModal } from 'shared-kit';
import { Form, TextField, useContractForm } from 'shared-kit/forms';
import { useAddFeature, useDeleteFeature, useFeatures } from '../api/features';

interface FeatureFormValues {
  key: string;
  label: string;
}

const featureFormContract = {
  schema: () => import('shared-kit/contract').then((contract) => contract.FeatureBody),
  toBody: (values: FeatureFormValues): FeatureBody => ({ key: values.key.trim(), label: values.label.trim() }),
  messages: {
    key: {
      empty: 'Key is required.',
      invalid: 'A key is lower case: a letter, then up to 31 letters, digits, _ or -.',
    },
    label: { empty: 'Label is required.', invalid: 'A label is at most 100 characters.' },
  },
};

const reported = (error: unknown) => (error instanceof ApiError ? error.messages[0] : undefined);

/** A product's features: the keys a plugin asks for, with a label; a new one is added below the list. */
export function FeaturesSection({ productId }: { productId: number }) {
  const { data, error } = useFeatures(productId);
  const addFeature = useAddFeature();
  const deleteFeature = useDeleteFeature();
  const showError = useErrorModal();
  const form = useContractForm({
    ...featureFormContract,
    defaultValues: { key: '', label: '' },
    pending: addFeature.isMutating,
    failedText: 'The feature could not be added.',
    onSubmit: async (body) => {
      await addFeature.trigger({ productId, body });
      form.methods.reset();
    },
  });
  const remove = async (featureId: number) => {
    try {
      await deleteFeature.trigger({ productId, featureId });
    } catch (failure) {
      showError(reported(failure) ?? 'The feature could not be deleted.');
    }
  };

  return (
    <Section title="Features">
      {error && <p role="alert">Features could not be loaded. Please try again.</p>}
      {data && data.data.length === 0 && <p>No features yet.</p>}
      {data && data.data.length > 0 && (
        <ul aria-label="Features">
          {data.data.map((feature) => (
            <li key={feature.id}>
              <Row $gap="sm" $wrap>
                <code>{feature.key}</code>
                <span>{feature.label}</span>
                <Button
                  size="small"
                  onClick={() => void remove(feature.id)}
                  aria-label={`Delete feature ${feature.key}`}
                >
                  Delete
                </Button>
              </Row>
            </li>
          ))}
        </ul>
      )}
      <Form form={form} aria-label="New feature">
        <Stack $gap="sm">
          <Row $gap="sm" $wrap>
            <TextField name="key" label="Key" required />
            <TextField name="label" label="Label" required />
          </Row>
          {form.failure && <p role="alert">{form.failure}</p>}
          <Row>
            <Button type="submit" disabled={form.pending}>
              Add feature
            </Button>
          </Row>
        </Stack>
      </Form>
    </Section>
  );
}
