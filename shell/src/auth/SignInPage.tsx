import { Suspense, lazy, startTransition, useState, useTransition, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, type Location } from 'react-router';
import styled, { css } from 'styled-components';
import {
  Button,
  Field,
  TextInput,
  errorMessage,
  useApiClient,
  useErrorModal,
  type LoginAnswer,
  type EnrolmentNeeded,
  type SecondFactorNeeded,
  type LoginResponse,
} from 'shared-kit';
import { PasswordField } from './secret-fields';
import { useRuntimeConfig } from '../app/runtime-config-context';
import { Footer } from '../layout/Footer';
import { useAuth } from './auth-context';
import { JOIN_PATH, inviteTokenOf } from './invite/invite-link';

export const LOGIN_FAILED = 'Login failed. Please try again.';

// Only users with a second factor need its form: a chunk of its own, so the sign-in page does not grow.
const SecondFactorForm = lazy(() =>
  import(/* webpackChunkName: "second-factor" */ './two-factor/SecondFactorForm').then((module) => ({
    default: module.SecondFactorForm,
  })),
);

// Single sign-on's two steps (the work email or company sign-in name; back from the provider): a chunk of their own too.
const SsoStartForm = lazy(() =>
  import(/* webpackChunkName: "sso-sign-in" */ './sso/SsoSignIn').then((module) => ({ default: module.SsoStartForm })),
);
const SsoFinish = lazy(() =>
  import(/* webpackChunkName: "sso-sign-in" */ './sso/SsoSignIn').then((module) => ({ default: module.SsoFinish })),
);

// Only an invitee opening their invite link needs the accept form: a chunk of its own too.
const AcceptInviteForm = lazy(() =>
  import(/* webpackChunkName: "join" */ './invite/AcceptInviteForm').then((module) => ({
    default: module.AcceptInviteForm,
  })),
);

/** Where to go after signing in: the page the visitor came from, or /Home. */
function destinationOf(location: Location): string {
  const from = (location.state as { from?: Location } | null)?.from;
  return from?.pathname?.startsWith('/Home') ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '/Home';
}

// Only users who must set up a factor at sign-in need the enrolment: a chunk of its own too.
const EnrolmentForm = lazy(() =>
  import(/* webpackChunkName: "enrolment" */ './enrolment/EnrolmentForm').then((module) => ({
    default: module.EnrolmentForm,
  })),
);

export function SignInPage() {
  const { session, signIn, logout } = useAuth();
  const { version, environment } = useRuntimeConfig();
  const api = useApiClient();
  const showError = useErrorModal();
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState<SecondFactorNeeded | EnrolmentNeeded>();
  // Back from single sign-on: `?sso=signed-in` finishes it; `?sso=refused&reason=…` shows the step again with why.
  const [sso, setSso] = useState(() => {
    const back = new URLSearchParams(location.search).get('sso');
    return back === 'refused' ? 'refused' : back ? 'finish' : '';
  });
  // The sign-in call is an async transition, so React keeps the pending flag (the shell's start-up carries no form
  // library: the bundle budget counts it). Updates after the await join the transition, so the error modal and the
  // enabled button appear in one commit.
  const [signingIn, startSignIn] = useTransition();

  const inviteToken = location.pathname === JOIN_PATH ? inviteTokenOf(location.hash) : null;
  // An invite link opened while signed in shows the invite page: it may be for someone else using this browser.
  if (session && !signingIn && !inviteToken) return <Navigate to={destinationOf(location)} replace />;

  const finish = (login: LoginResponse) => {
    signIn(login);
    navigate(destinationOf(location), { replace: true });
  };

  const startOver = () => {
    setPending(undefined);
    setPassword('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    startSignIn(async () => {
      try {
        const answer = await api.post<LoginAnswer>('/systemusers/login', { email, password });
        if ('second_factor_required' in answer || 'enrolment_required' in answer) {
          startTransition(() => setPending(answer));
          return;
        }
        startTransition(() => finish(answer));
      } catch (error) {
        startTransition(() => showError(errorMessage(error, LOGIN_FAILED)));
      }
    });
  };

  // docs/console.md, Layout and navigation: the footer is on every screen, here first: this is where a user must see they are entering production.
  return (
    <Screen>
      <Page>
        {inviteToken ? (
          <Panel>
            <Title>ProductHub</Title>
            <Suspense fallback={<p>Loading…</p>}>
              <AcceptInviteForm
                token={inviteToken}
                signedIn={session !== null}
                onSignOut={logout}
                onSignedIn={(login) => startTransition(() => finish(login))}
              />
            </Suspense>
          </Panel>
        ) : sso ? (
          <Panel>
            <Title>ProductHub</Title>
            <Suspense fallback={<p>Loading…</p>}>
              {sso === 'finish' ? (
                <SsoFinish onSignedIn={finish} />
              ) : (
                <SsoStartForm
                  onBack={() => setSso('')}
                  refusal={sso === 'refused' ? new URLSearchParams(location.search).get('reason') : undefined}
                />
              )}
            </Suspense>
          </Panel>
        ) : pending ? (
          <Panel>
            <Title>ProductHub</Title>
            <Suspense fallback={<p>Loading…</p>}>
              {'enrolment_required' in pending ? (
                <EnrolmentForm
                  pendingToken={pending.pending_token}
                  methods={pending.methods}
                  onSignedIn={(login) => startTransition(() => finish(login))}
                  onStartOver={startOver}
                />
              ) : (
                <SecondFactorForm
                  pendingToken={pending.pending_token}
                  methods={pending.methods}
                  onSignedIn={(login) => startTransition(() => finish(login))}
                  onStartOver={startOver}
                />
              )}
            </Suspense>
          </Panel>
        ) : (
          <Form onSubmit={submit} aria-labelledby="sign-in-title">
            <Title id="sign-in-title">ProductHub</Title>
            <Subtitle>Sign in to manage your products, licenses and users.</Subtitle>
            <Field label="Email" htmlFor="sign-in-email">
              <TextInput
                id="sign-in-email"
                type="email"
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoFocus
              />
            </Field>
            <PasswordField id="sign-in-password" label="Password" value={password} onChange={setPassword} />
            <Button type="submit" variant="primary" disabled={signingIn}>
              {signingIn ? 'Signing In...' : 'Sign In'}
            </Button>
            <Button type="button" variant="link" onClick={() => setSso('start')}>
              Use single sign-on
            </Button>
          </Form>
        )}
      </Page>
      <Footer version={version} environment={environment} />
    </Screen>
  );
}

const Screen = styled.div`
  min-height: 100vh;
  display: grid;
  grid-template-rows: 1fr auto;
  background: ${({ theme }) => theme.colors.background};
`;

const Page = styled.main`
  display: grid;
  place-items: center;
`;

const card = css`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  width: min(380px, 92vw);
  padding: ${({ theme }) => theme.spacing.xl};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.normal};
`;

const Form = styled.form`
  ${card}
`;

const Panel = styled.section`
  ${card}
`;

const Title = styled.h1`
  margin: 0;
  font-size: 1.5rem;
`;

const Subtitle = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;
