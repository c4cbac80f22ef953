import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  ErrorText,
  Field,
  TextInput,
  createApiClient,
  errorMessage,
  useApiClient,
  type CurrentUser,
  type FoundSso,
  type LoginResponse,
} from 'shared-kit';
import { ssoRefusalMessage } from 'shared-kit/contract';
import { useRuntimeConfig } from '../../app/runtime-config-context';
import { leaveFor, ssoStartPath, tokenFromCookie } from './sso-cookie';

export const SSO_NAME_INVALID =
  'Enter your work email, or your company sign-in name: lower-case letters, digits and dashes.';
export const SSO_FIND_FAILED = 'Single sign-on could not be started. Please try again.';
export const SSO_FINISH_FAILED = 'The single sign-on could not be finished. Please try again.';
/** A refusal whose code this console does not know (a newer server): still a plain sentence, never the code. */
export const SSO_REFUSED_UNKNOWN = 'The single sign-on did not sign you in. Please try again.';

/**
 * "Use single sign-on": the work email (its domain finds the company) or the company's sign-in name, then the browser
 * goes to the identity provider. A refused sign-in comes back here with its reason, shown above the field.
 */
export function SsoStartForm({ onBack, refusal }: { onBack: () => void; refusal?: string | null }) {
  const { apiBaseUrl } = useRuntimeConfig();
  const api = useApiClient();
  const [who, setWho] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(() =>
    refusal === undefined ? null : (ssoRefusalMessage(refusal) ?? SSO_REFUSED_UNKNOWN),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!who.includes('@')) {
      const path = ssoStartPath(apiBaseUrl, who);
      if (!path) return setProblem(SSO_NAME_INVALID);
      return leaveFor(path);
    }
    setBusy(true);
    try {
      const found = await api.post<FoundSso>('/sso/find', { email: who.trim() });
      // The start path is the server's: resolved against the API's origin, wherever the console is served from.
      leaveFor(new URL(found.start_path, new URL(apiBaseUrl, window.location.href)).href);
    } catch (error) {
      setProblem(errorMessage(error, SSO_FIND_FAILED));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label="Use single sign-on">
      {problem && <ErrorText>{problem}</ErrorText>}
      <Field
        label="Work email or company sign-in name"
        htmlFor="sso-company"
        info="Your company's sign-in name is shown to its owners under Single sign-on."
      >
        <TextInput
          id="sso-company"
          value={who}
          onChange={(e) => setWho(e.target.value)}
          autoFocus
          autoComplete="username"
        />
      </Field>
      <Button type="submit" variant="primary" disabled={busy}>
        Continue to your identity provider
      </Button>{' '}
      <Button type="button" onClick={onBack}>
        Back
      </Button>
    </form>
  );
}

/** Back from the provider: the session is in the cookie the callback set; the console's stored login is made from it. */
export function SsoFinish({ onSignedIn }: { onSignedIn: (login: LoginResponse) => void }) {
  const { apiBaseUrl } = useRuntimeConfig();
  const [problem, setProblem] = useState<string | null>(null);
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;
  useEffect(() => {
    const token = tokenFromCookie();
    if (!token) return setProblem(SSO_FINISH_FAILED);
    const api = createApiClient({ baseUrl: apiBaseUrl, getToken: () => token, onUnauthorized: () => undefined });
    api
      .get<CurrentUser>('/systemusers/me')
      .then((me) => signedIn.current({ token, access_level: me.access_level, manufacturer: me.manufacturer }))
      .catch((error: unknown) => setProblem(errorMessage(error, SSO_FINISH_FAILED)));
  }, [apiBaseUrl]);
  return problem ? <ErrorText>{problem}</ErrorText> : <p>Signing you in…</p>;
}
