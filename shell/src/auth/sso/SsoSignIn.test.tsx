import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { SSO_DOMAIN_UNKNOWN, SSO_EMAIL_DOMAIN } from 'shared-kit/contract';
import { resetBrowserState, type FakeFetchServer } from 'shared-kit/testing';
import { renderShell } from '../../test-support/render-shell';
import { SignInPage } from '../SignInPage';
import { SSO_NAME_INVALID, SSO_REFUSED_UNKNOWN } from './SsoSignIn';
import { leaveFor } from './sso-cookie';

jest.mock('./sso-cookie', () => ({ ...jest.requireActual('./sso-cookie'), leaveFor: jest.fn() }));

const routes: RouteObject[] = [{ path: '/', element: <SignInPage /> }];

function renderSso(url: string, server: FakeFetchServer = () => ({ status: 404 })) {
  return renderShell(routes, { url, server });
}

async function startWith(user: ReturnType<typeof renderSso>['user'], who: string) {
  await user.click(await screen.findByRole('button', { name: 'Use single sign-on' }));
  await user.type(await screen.findByRole('textbox', { name: /Work email or company sign-in name/ }), who);
  await user.click(screen.getByRole('button', { name: 'Continue to your identity provider' }));
}

describe('Use single sign-on', () => {
  beforeEach(() => {
    resetBrowserState();
    jest.mocked(leaveFor).mockClear();
  });

  it("finds the company by the work email's domain and goes to its start address", async () => {
    const { user, calls } = renderSso('/', (call) =>
      call.path === '/sso/find' ? { status: 200, body: { start_path: '/api/v1/sso/nimbus/start' } } : { status: 404 },
    );
    await startWith(user, 'rita@nimbus.example');
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/sso/find', body: { email: 'rita@nimbus.example' } }),
    );
    expect(jest.mocked(leaveFor)).toHaveBeenCalledWith(`${window.location.origin}/api/v1/sso/nimbus/start`);
  });

  it('shows the one answer for a domain no company signs in with, and stays', async () => {
    const { user } = renderSso('/', () => ({ status: 404, body: { message: [SSO_DOMAIN_UNKNOWN] } }));
    await startWith(user, 'someone@unknown.example');
    expect(await screen.findByText(SSO_DOMAIN_UNKNOWN)).toBeInTheDocument();
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it("still takes the company's sign-in name, and refuses what is neither", async () => {
    const { user, calls } = renderSso('/');
    await startWith(user, 'Nimbus-Instruments');
    expect(leaveFor).toHaveBeenCalledWith('/api/v1/sso/nimbus-instruments/start');
    await user.clear(screen.getByRole('textbox', { name: /Work email or company sign-in name/ }));
    await user.type(screen.getByRole('textbox', { name: /Work email or company sign-in name/ }), '../admin');
    await user.click(screen.getByRole('button', { name: 'Continue to your identity provider' }));
    expect(await screen.findByText(SSO_NAME_INVALID)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows a refused sign-in in plain words when the browser comes back from the provider', async () => {
    renderSso('/?sso=refused&reason=email-domain');
    expect(await screen.findByText(SSO_EMAIL_DOMAIN)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Work email or company sign-in name/ })).toBeInTheDocument();
  });

  it('never shows a reason that is not one of the known codes', async () => {
    renderSso('/?sso=refused&reason=%3Cb%3EYour%20account%20is%20locked%3C%2Fb%3E');
    expect(await screen.findByText(SSO_REFUSED_UNKNOWN)).toBeInTheDocument();
    expect(screen.queryByText('Your account is locked', { exact: false })).not.toBeInTheDocument();
  });
});
