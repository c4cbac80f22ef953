import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  Checkbox,
  CopyButton,
  ErrorText,
  Field,
  Section,
  Select,
  Spinner,
  Stack,
  TextArea,
  TextInput,
  errorMessage,
  type SsoSettings,
  type StaffRole,
} from 'shared-kit';
import { useSaveSsoSettings, useSsoSettings } from '../api/sso-settings';
import { ROLE_LABELS, bodyOf, formOf, type SsoForm } from './sso-form';

export const SSO_LOAD_FAILED = 'The single sign-on settings could not be loaded.';
export const SSO_SAVE_FAILED = 'The single sign-on settings could not be saved.';
export const SSO_SAVED = 'Single sign-on settings saved.';

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  overflow-wrap: anywhere;
`;

/**
 * Single sign-on over OpenID Connect (docs/staff-access.md, "Single sign-on"): the provider, the email domains it
 * signs in, the groups → roles mapping, and whether staff other than owners may still use a password.
 */
export function SsoSection({ manufacturerId }: { manufacturerId: number }) {
  const settings = useSsoSettings(manufacturerId);
  // Kept here: a save gives the settings a new updated_at, which renews the form (its key) with what was saved.
  const [saved, setSaved] = useState('');
  return (
    <Section title="Single sign-on">
      {settings.data ? (
        <SsoSettingsForm
          key={settings.data.updated_at ?? 'new'}
          manufacturerId={manufacturerId}
          settings={settings.data}
          saved={saved}
          onSaved={setSaved}
        />
      ) : settings.isLoading ? (
        <Spinner label="Loading single sign-on settings..." />
      ) : (
        <div>
          <Note>{errorMessage(settings.error, SSO_LOAD_FAILED)}</Note>
          <Button size="small" onClick={() => void settings.mutate()}>
            Retry
          </Button>
        </div>
      )}
    </Section>
  );
}

interface SsoSettingsFormProps {
  manufacturerId: number;
  settings: SsoSettings;
  saved: string;
  onSaved: (message: string) => void;
}

function SsoSettingsForm({ manufacturerId, settings, saved, onSaved: setSaved }: SsoSettingsFormProps) {
  const save = useSaveSsoSettings();
  const [form, setForm] = useState<SsoForm>(() => formOf(settings));
  const [failure, setFailure] = useState<string | null>(null);
  const set = <Key extends keyof SsoForm>(key: Key, value: SsoForm[Key]) => setForm({ ...form, [key]: value });
  const startAddress = `${window.location.origin}${settings.start_path}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved('');
    const body = bodyOf(form);
    if (typeof body === 'string') return setFailure(body);
    setFailure(null);
    try {
      await save.trigger({ manufacturerId, settings: body });
      setSaved(SSO_SAVED);
    } catch (error) {
      setFailure(errorMessage(error, SSO_SAVE_FAILED));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Single sign-on settings">
      <Stack>
        <Note>
          Register this redirect URI at your identity provider: <code>{settings.redirect_uri}</code>{' '}
          <CopyButton value={settings.redirect_uri} label="Copy redirect URI" />
        </Note>
        <Note>
          Staff sign in at <code>{startAddress}</code>, or with &quot;Use single sign-on&quot; on the sign-in page.
        </Note>
        <Checkbox
          label="Single sign-on switched on"
          checked={form.enabled}
          onCheckedChange={(checked) => set('enabled', checked)}
        />
        <Field label="Issuer URL" htmlFor="sso-issuer" required>
          <TextInput id="sso-issuer" value={form.issuer} onChange={(e) => set('issuer', e.target.value)} />
        </Field>
        <Field label="Client ID" htmlFor="sso-client-id" required>
          <TextInput id="sso-client-id" value={form.clientId} onChange={(e) => set('clientId', e.target.value)} />
        </Field>
        <Field
          label={settings.client_secret_set ? 'Client secret (set: leave empty to keep it)' : 'Client secret'}
          htmlFor="sso-client-secret"
        >
          <TextInput
            id="sso-client-secret"
            type="password"
            autoComplete="off"
            value={form.clientSecret}
            onChange={(e) => set('clientSecret', e.target.value)}
          />
        </Field>
        <Field label="Allowed email domains (comma separated)" htmlFor="sso-domains" required>
          <TextInput id="sso-domains" value={form.domains} onChange={(e) => set('domains', e.target.value)} />
        </Field>
        <Field label="Groups claim" htmlFor="sso-groups-claim" required>
          <TextInput
            id="sso-groups-claim"
            value={form.groupsClaim}
            onChange={(e) => set('groupsClaim', e.target.value)}
          />
        </Field>
        <Field label='Groups to roles ("group = role" a line; the first match wins)' htmlFor="sso-group-roles">
          <TextArea
            id="sso-group-roles"
            rows={4}
            value={form.groupRoles}
            onChange={(e) => set('groupRoles', e.target.value)}
          />
        </Field>
        <Field label="Role when no group matches" htmlFor="sso-default-role">
          <Select
            id="sso-default-role"
            value={form.defaultRole}
            onChange={(e) => set('defaultRole', e.target.value as StaffRole | '')}
          >
            <option value="">None: refuse the sign-in</option>
            {Object.entries(ROLE_LABELS).map(([role, label]) => (
              <option key={role} value={role}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Checkbox
          label="Password sign-in off for staff other than owners"
          checked={form.passwordSignInOff}
          onCheckedChange={(checked) => set('passwordSignInOff', checked)}
        />
        {failure && <ErrorText>{failure}</ErrorText>}
        <div>
          <Button type="submit" variant="primary" disabled={save.isMutating}>
            {save.isMutating ? 'Saving...' : 'Save single sign-on'}
          </Button>
        </div>
        <Note role="status">{saved}</Note>
      </Stack>
    </form>
  );
}
