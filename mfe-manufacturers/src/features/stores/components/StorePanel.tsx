import { useMemo, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  CopyButton,
  Spinner,
  Table,
  errorMessage,
  formatDateTime,
  useApiClient,
  useSession,
  type StoreMapping,
  type StoreName,
} from 'shared-kit';
import { useStoreSettings } from '../api/get-store-settings';
import { mayMapPrices } from '../access';
import { MappingDialog } from './MappingDialog';
import { RemoveMappingDialog } from './RemoveMappingDialog';
import { SecretDialog } from './SecretDialog';
import { eventColumns } from './event-columns';
import { mappingColumns } from './mapping-columns';
import { NO_EVENTS, NO_MAPPINGS, SETTINGS_LOAD_FAILED, STORE_HOW_TO, STORE_LABELS } from './store-words';

const Part = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-top: ${({ theme }) => theme.spacing.md};
`;

const PartHeading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.normal};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const Address = styled.code`
  overflow-wrap: anywhere;
`;

/** The address a store posts to: the API server's origin (the console's own when the API is on a relative path). */
export const webhookUrl = (apiBaseUrl: string, webhookPath: string) =>
  new URL(webhookPath, new URL(apiBaseUrl, window.location.href)).href;

/** One store's settings: its webhook URL, its signing secret (write only), its price mapping and its last events. */
export function StorePanel({ manufacturerId, store }: { manufacturerId: number; store: StoreName }) {
  const settings = useStoreSettings(manufacturerId, store);
  const api = useApiClient();
  const session = useSession();
  const [settingSecret, setSettingSecret] = useState(false);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StoreMapping | null>(null);
  const [removing, setRemoving] = useState<StoreMapping | null>(null);
  const label = STORE_LABELS[store];

  const mayMap = mayMapPrices(session, manufacturerId);
  const columns = useMemo(
    () =>
      mappingColumns((mapping) => (
        <Line>
          {mayMap && (
            <Button
              size="small"
              onClick={() => setEditing(mapping)}
              aria-label={`Edit mapping ${mapping.store_price_id}`}
            >
              Edit
            </Button>
          )}
          <Button
            size="small"
            variant="danger"
            onClick={() => setRemoving(mapping)}
            aria-label={`Remove mapping ${mapping.store_price_id}`}
          >
            Remove
          </Button>
        </Line>
      )),
    [mayMap],
  );

  if (settings.isLoading) return <Spinner label={`Loading the ${label} settings...`} />;
  if (settings.error || !settings.data)
    return (
      <div>
        <Note>{errorMessage(settings.error, SETTINGS_LOAD_FAILED)}</Note>
        <Button size="small" onClick={() => void settings.mutate()}>
          Retry
        </Button>
      </div>
    );
  const { secret, mappings, events, webhook_path } = settings.data;
  const url = webhookUrl(api.baseUrl, webhook_path);

  return (
    <div>
      <Part>
        <PartHeading>Webhook URL</PartHeading>
        <Line>
          <Address>{url}</Address>
          <CopyButton value={url} label="Copy URL" />
        </Line>
        <Note>{STORE_HOW_TO[store]}</Note>
      </Part>
      <Part>
        <PartHeading>Signing secret</PartHeading>
        <Line>
          <span>
            {secret.set
              ? `Set: ends in …${secret.hint ?? ''}${secret.updated_at ? `, since ${formatDateTime(secret.updated_at)}` : ''}.`
              : `Not set: ${label} events are refused until it is.`}
          </span>
          <Button size="small" onClick={() => setSettingSecret(true)}>
            {secret.set ? 'Replace secret' : 'Set secret'}
          </Button>
        </Line>
      </Part>
      <Part>
        <Line>
          <PartHeading>Price mapping</PartHeading>
          {mayMap && (
            <Button size="small" variant="primary" onClick={() => setAdding(true)}>
              Add mapping
            </Button>
          )}
        </Line>
        <Table
          caption={`${label} price mapping`}
          columns={columns}
          rows={mappings}
          getRowId={(mapping) => mapping.id}
          emptyText={NO_MAPPINGS(store)}
        />
      </Part>
      <Part>
        <PartHeading>Last events</PartHeading>
        <Table
          caption={`Last ${label} events`}
          columns={eventColumns}
          rows={events}
          getRowId={(event) => event.id}
          emptyText={NO_EVENTS(store)}
        />
      </Part>
      {settingSecret && (
        <SecretDialog
          manufacturerId={manufacturerId}
          store={store}
          replacing={secret.set}
          onClose={() => setSettingSecret(false)}
        />
      )}
      {adding && <MappingDialog manufacturerId={manufacturerId} store={store} onClose={() => setAdding(false)} />}
      {editing && (
        <MappingDialog
          manufacturerId={manufacturerId}
          store={store}
          mapping={editing}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && (
        <RemoveMappingDialog
          manufacturerId={manufacturerId}
          store={store}
          mapping={removing}
          onClose={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
