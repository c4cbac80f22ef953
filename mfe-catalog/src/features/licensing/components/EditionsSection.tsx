import type { EditionBody } from 'shared-kit';
import { ApiError, Button, Row, Section, Stack, useErrorModal } from 'shared-kit';
import { CheckboxField, Form, TextField, useContractForm } from 'shared-kit/forms';
import { useAddEdition, useDeleteEdition, useEditions } from '../api/editions';
import { useFeatures } from '../api/features';

interface EditionFormValues {
  name: string;
  /** Ticked features by key. */
  features: Record<string, boolean>;
}

const editionFormContract = {
  schema: () => import('shared-kit/contract').then((contract) => contract.EditionBody),
  toBody: (values: EditionFormValues): EditionBody => ({
    name: values.name.trim(),
    features: Object.keys(values.features)
      .filter((key) => values.features[key])
      .sort(),
  }),
  messages: { name: { empty: 'Name is required.', invalid: 'A name is at most 100 characters.' } },
};

const reported = (error: unknown) => (error instanceof ApiError ? error.messages[0] : undefined);

/** A product's editions: named sets of its features (Standard, Pro). */
export function EditionsSection({ productId }: { productId: number }) {
  const { data, error } = useEditions(productId);
  const features = useFeatures(productId).data?.data ?? [];
  const addEdition = useAddEdition();
  const deleteEdition = useDeleteEdition();
  const showError = useErrorModal();
  const form = useContractForm({
    ...editionFormContract,
    defaultValues: { name: '', features: {} },
    pending: addEdition.isMutating,
    failedText: 'The edition could not be added.',
    onSubmit: async (body) => {
      await addEdition.trigger({ productId, body });
      form.methods.reset({ name: '', features: {} });
    },
  });
  const remove = async (editionId: number) => {
    try {
      await deleteEdition.trigger({ productId, editionId });
    } catch (failure) {
      showError(reported(failure) ?? 'The edition could not be deleted.');
    }
  };

  return (
    <Section title="Editions">
      {error && <p role="alert">Editions could not be loaded. Please try again.</p>}
      {data && data.data.length === 0 && <p>No editions yet.</p>}
      {data && data.data.length > 0 && (
        <ul aria-label="Editions">
          {data.data.map((edition) => (
            <li key={edition.id}>
              <Row $gap="sm" $wrap>
                <strong>{edition.name}</strong>
                <span>{edition.features.length ? edition.features.join(', ') : 'no features'}</span>
                <Button
                  size="small"
                  onClick={() => void remove(edition.id)}
                  aria-label={`Delete edition ${edition.name}`}
                >
                  Delete
                </Button>
              </Row>
            </li>
          ))}
        </ul>
      )}
      <Form form={form} aria-label="New edition">
        <Stack $gap="sm">
          <TextField name="name" label="Name" required />
          {features.length > 0 && (
            <fieldset>
              <legend>Features it unlocks</legend>
              {features.map((feature) => (
                <CheckboxField
                  key={feature.id}
                  name={`features.${feature.key}`}
                  label={`${feature.label} (${feature.key})`}
                />
              ))}
            </fieldset>
          )}
          {form.failure && <p role="alert">{form.failure}</p>}
          <Row>
            <Button type="submit" disabled={form.pending}>
              Add edition
            </Button>
          </Row>
        </Stack>
      </Form>
    </Section>
  );
}
