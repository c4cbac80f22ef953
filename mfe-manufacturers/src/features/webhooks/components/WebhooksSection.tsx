import { useMemo, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  ButtonLink,
  Section,
  Spinner,
  Table,
  errorMessage,
  permittedSection,
  type CreatedWebhookEndpoint,
  type WebhookEndpoint,
} from 'shared-kit';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { DeleteEndpointDialog } from './DeleteEndpointDialog';
import { EndpointDialog } from './EndpointDialog';
import { SecretDialog } from './SecretDialog';
import { endpointColumns } from './endpoint-columns';
import { NEW_ENDPOINT, endpointBody, endpointFormValues, type EndpointFormValues } from './endpoint-form';
import { manufacturersLinks } from 'shared-kit/pages';

export const NO_ENDPOINTS =
  "No webhook endpoints yet. Add one to receive this manufacturer's events as signed HTTP requests.";
export const ENDPOINTS_LOAD_FAILED = 'The webhook endpoints could not be loaded.';

const RowActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

// The row actions avoid the word "Edit": it belongs to the manufacturer form's Edit button on the same page.
type Editing = { kind: 'add' } | { kind: 'edit'; endpoint: WebhookEndpoint };

/** The manufacturer's webhook endpoints: add, edit, delete, and a way to each one's delivery log. */
function EndpointsSection({ manufacturerId }: { manufacturerId: number }) {
  const endpoints = useWebhookEndpoints(manufacturerId);
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);

  const columns = useMemo(
    () =>
      endpointColumns((endpoint) => (
        <RowActions>
          <ButtonLink
            size="small"
            to={manufacturersLinks.webhookDeliveries(manufacturerId, endpoint.id)}
            aria-label={`Delivery log of ${endpoint.url}`}
          >
            Delivery log
          </ButtonLink>
          <Button
            size="small"
            onClick={() => setEditing({ kind: 'edit', endpoint })}
            aria-label={`Change endpoint ${endpoint.url}`}
          >
            Change
          </Button>
          <Button
            size="small"
            variant="danger"
            onClick={() => setDeleting(endpoint)}
            aria-label={`Delete endpoint ${endpoint.url}`}
          >
            Delete
          </Button>
        </RowActions>
      )),
    [manufacturerId],
  );

  const save = async (values: EndpointFormValues) => {
    if (editing?.kind === 'edit') {
      await update.trigger({ manufacturerId, endpointId: editing.endpoint.id, changes: endpointBody(values) });
    } else {
      setCreated(await create.trigger({ manufacturerId, body: endpointBody(values) }));
    }
    setEditing(null);
  };

  return (
    <Section
      title="Webhooks"
      actions={
        <Button variant="primary" onClick={() => setEditing({ kind: 'add' })}>
          Add endpoint
        </Button>
      }
    >
      {endpoints.isLoading ? (
        <Spinner label="Loading webhook endpoints..." />
      ) : endpoints.error || !endpoints.data ? (
        <div>
          <Note>{errorMessage(endpoints.error, ENDPOINTS_LOAD_FAILED)}</Note>
          <Button size="small" onClick={() => void endpoints.mutate()}>
            Retry
          </Button>
        </div>
      ) : (
        <Table
          caption="Webhook endpoints"
          columns={columns}
          rows={endpoints.data.data}
          getRowId={(endpoint) => endpoint.id}
          emptyText={NO_ENDPOINTS}
        />
      )}
      {editing && (
        <EndpointDialog
          title={editing.kind === 'add' ? 'Add Endpoint' : 'Change Endpoint'}
          submitLabel={editing.kind === 'add' ? 'Add endpoint' : 'Save'}
          initialValues={editing.kind === 'add' ? NEW_ENDPOINT : endpointFormValues(editing.endpoint)}
          saving={create.isMutating || update.isMutating}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      {created && <SecretDialog endpoint={created} onClose={() => setCreated(null)} />}
      {deleting && (
        <DeleteEndpointDialog manufacturerId={manufacturerId} endpoint={deleting} onClose={() => setDeleting(null)} />
      )}
    </Section>
  );
}

export const WebhooksSection = permittedSection('webhooks.manage', 'Webhooks', EndpointsSection);
