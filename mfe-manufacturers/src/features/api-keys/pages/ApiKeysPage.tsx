import { useMemo, useState } from 'react';
import {
  Button,
  ButtonLink,
  CannotShowPage,
  PageHeader,
  Spinner,
  Table,
  Toolbar,
  errorMessage,
  useIdParam,
  useSession,
  type ApiKey,
  type CreatedApiKey,
} from 'shared-kit';
import { useApiKeys } from '../api/get-api-keys';
import { mayManageKeys } from '../access';
import { CreateKeyDialog } from '../components/CreateKeyDialog';
import { KeySecretDialog } from '../components/KeySecretDialog';
import { RevokeKeyDialog } from '../components/RevokeKeyDialog';
import { apiKeyColumns } from '../components/api-key-columns';
import { manufacturersLinks } from 'shared-kit/pages';

export const TITLE = 'API Keys';
export const NO_SUCH_MANUFACTURER = 'There is no manufacturer at this address.';
export const STAFF_ONLY = "API keys are managed by the manufacturer's own staff.";
export const NO_KEYS =
  'No API keys yet. Create one for a program (a shop, a release pipeline) that uses the API without a staff login.';
export const KEYS_LOAD_FAILED = 'The API keys could not be loaded.';

/** /Home/Manufacturers/{manufacturerID}/ApiKeys: the manufacturer's keys; create (secret shown once) and revoke. */
export function ApiKeysPage() {
  const session = useSession();
  const manufacturerId = useIdParam('manufacturerID');
  const back =
    manufacturerId === null ? undefined : (
      <ButtonLink to={manufacturersLinks.manufacturerDetails(manufacturerId)}>Manufacturer Details</ButtonLink>
    );
  if (manufacturerId === null || !mayManageKeys(session, manufacturerId)) {
    return (
      <>
        <PageHeader title={TITLE} actions={back} />
        <CannotShowPage>{manufacturerId === null ? NO_SUCH_MANUFACTURER : STAFF_ONLY}</CannotShowPage>
      </>
    );
  }
  return <ApiKeys key={manufacturerId} manufacturerId={manufacturerId} back={back} />;
}

function ApiKeys({ manufacturerId, back }: { manufacturerId: number; back: React.ReactNode }) {
  const keys = useApiKeys(manufacturerId);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const columns = useMemo(
    () =>
      apiKeyColumns((key) =>
        key.revoked_at ? null : (
          <Button
            size="small"
            variant="danger"
            onClick={() => setRevoking(key)}
            aria-label={`Revoke key ${key.name} (${key.prefix}…)`}
          >
            Revoke
          </Button>
        ),
      ),
    [],
  );
  return (
    <>
      <PageHeader
        title={TITLE}
        actions={
          <Toolbar>
            {back}
            <Button variant="primary" onClick={() => setCreating(true)}>
              Create key
            </Button>
          </Toolbar>
        }
      />
      {keys.isLoading ? (
        <Spinner label="Loading API keys..." />
      ) : keys.error || !keys.data ? (
        <CannotShowPage onRetry={() => void keys.mutate()}>{errorMessage(keys.error, KEYS_LOAD_FAILED)}</CannotShowPage>
      ) : (
        <Table
          caption="API keys"
          columns={columns}
          rows={keys.data.data}
          getRowId={(key) => key.id}
          emptyText={NO_KEYS}
        />
      )}
      {creating && (
        <CreateKeyDialog
          manufacturerId={manufacturerId}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
          onClose={() => setCreating(false)}
        />
      )}
      {created && <KeySecretDialog apiKey={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <RevokeKeyDialog manufacturerId={manufacturerId} apiKey={revoking} onClose={() => setRevoking(null)} />
      )}
    </>
  );
}
