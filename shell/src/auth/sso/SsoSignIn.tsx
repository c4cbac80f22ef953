import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  ErrorText,
  Field,
  TextInput,
  createApiClient,
  errorMessage,
  type CurrentUser,
  type LoginResponse,
} from 'shared-kit';
import { useRuntimeConfig } from '../../app/runtime-config-context';
import { ssoStartPath, tokenFromCookie } from './sso-cookie';

export const SSO_NAME_INVALID = 'Enter your company sign-in name: lower-case letters, digits and dashes.';
export const SSO_FINISH_FAILED = 'The single sign-on could not be finished. Please try again.';

/** "Use single sign-on": the company's sign-in name, then the browser goes to its identity provider. */
export function SsoStartForm({ onBack }: { onBack: () => void }) {
  const { apiBaseUrl } = useRuntimeConfig();
  const [company, setCompany] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const path = ssoStartPath(apiBaseUrl, company);
    if (!path) return setProblem(SSO_NAME_INVALID);
    window.location.assign(path);
  };
  return (
    <form onSubmit={submit} aria-label="Use single sign-on">
      <Field label="Company sign-in name" htmlFor="sso-company" info="Your owner finds it under Single sign-on.">
        <TextInput
          id="sso-company"
          value={company}
          onChange={(e) => setCompany(e.target.value)}
          autoFocus
          autoComplete="organization"
        />
      </Field>
      {problem && <ErrorText>{problem}</ErrorText>}
      <Button type="submit" variant="primary">
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
