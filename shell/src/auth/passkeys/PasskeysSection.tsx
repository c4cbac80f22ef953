import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, ErrorText, Field, TextInput, errorMessage, formatDateTime, type Passkey } from 'shared-kit';
import { AppCodeField, PasswordField } from '../secret-fields';
import { usePasskeys } from './use-passkeys';

export const PASSKEY_NOT_ADDED = 'The passkey could not be added. Please try again.';
export const PASSKEY_NOT_REMOVED = 'The passkey could not be removed. Please try again.';

/**
 * Passkeys on the Security page: the user's passkeys (created, last used), adding one with a name (where a factor
 * is already on, a current app code or one of the passkeys confirms it first) and removing one with the password.
 */
export function PasskeysSection({ totpOn }: { totpOn: boolean }) {
  const { passkeys, error, add, remove } = usePasskeys();
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [removing, setRemoving] = useState<Passkey>();
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const factorOn = totpOn || (passkeys?.length ?? 0) > 0;

  const act = async (action: () => Promise<string>, fallback: string) => {
    setBusy(true);
    setProblem(undefined);
    setNotice(undefined);
    try {
      setNotice(await action());
    } catch (failure) {
      setProblem(errorMessage(failure, fallback));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      const added = await add(name.trim(), { code: code.trim() || undefined, factorOn });
      setName('');
      setCode('');
      return `Passkey “${added.name}” added.`;
    }, PASSKEY_NOT_ADDED);
  };

  return (
    <section aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <p>
        A passkey (a security key, or your device's fingerprint or screen lock) is a second factor too: at sign-in,
        after your password, choose “Use a passkey”.
      </p>
      {error && <ErrorText>{errorMessage(error, 'Your passkeys could not be loaded. Please try again.')}</ErrorText>}
      {notice && <p role="status">{notice}</p>}
      {passkeys && passkeys.length === 0 && <p>You have no passkey.</p>}
      {passkeys && passkeys.length > 0 && (
        <List aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <Item key={passkey.id}>
              <div>
                <strong>{passkey.name}</strong>
                <Details>
                  <span>Added: {formatDateTime(passkey.created_at)}</span>
                  <span>Last used: {passkey.last_used_at ? formatDateTime(passkey.last_used_at) : 'never'}</span>
                </Details>
              </div>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => setRemoving(passkey)}
                aria-label={`Remove the passkey ${passkey.name}`}
              >
                Remove
              </Button>
            </Item>
          ))}
        </List>
      )}
      {removing && (
        <RemoveForm
          passkey={removing}
          busy={busy}
          onCancel={() => setRemoving(undefined)}
          onRemove={(password) =>
            act(async () => {
              await remove(removing.id, { password });
              setRemoving(undefined);
              return `Passkey “${removing.name}” removed.`;
            }, PASSKEY_NOT_REMOVED)
          }
        />
      )}
      <Form onSubmit={submit} aria-label="Add a passkey">
        <Field label="Passkey name" htmlFor="passkey-name">
          <TextInput
            id="passkey-name"
            maxLength={64}
            placeholder="e.g. Work laptop"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        {totpOn && (
          <AppCodeField
            id="passkey-proof-code"
            label="Current code from your authenticator app"
            value={code}
            onChange={setCode}
          />
        )}
        {factorOn && (
          <p>
            {totpOn
              ? 'To add a passkey, confirm it is you: enter a current code, or leave it empty to use one of your passkeys.'
              : 'To add another passkey, your browser first asks for one of your passkeys.'}
          </p>
        )}
        {problem && <ErrorText>{problem}</ErrorText>}
        <div>
          <Button type="submit" variant="primary" disabled={busy || !name.trim()}>
            Add a passkey
          </Button>
        </div>
      </Form>
    </section>
  );
}

function RemoveForm({
  passkey,
  busy,
  onRemove,
  onCancel,
}: {
  passkey: Passkey;
  busy: boolean;
  onRemove: (password: string) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  return (
    <Form
      aria-label={`Remove the passkey ${passkey.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        onRemove(password);
      }}
    >
      <p>To remove “{passkey.name}”, enter your password. It will no longer sign you in.</p>
      <PasswordField id="passkey-remove-password" label="Your password" value={password} onChange={setPassword} />
      <Actions>
        <Button type="submit" variant="danger" disabled={busy || !password}>
          Remove passkey
        </Button>
        <Button type="button" onClick={onCancel}>
          Cancel
        </Button>
      </Actions>
    </Form>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  max-width: 640px;
`;

const Item = styled.li`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};
  flex-wrap: wrap;
`;

const Details = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.md};
  font-size: 0.875rem;
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  max-width: 480px;
  margin-bottom: ${({ theme }) => theme.spacing.md};
  p {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
`;
