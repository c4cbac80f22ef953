import { screen } from '@testing-library/react';
import type { InitialEntry } from 'react-router';
import { renderPage, apiError, manufacturerSession, superuserSession } from 'shared-kit/testing';
import type { RenderPageOptions, FakeApiServer } from 'shared-kit/testing';
import ManufacturersRoutes from '../../../remote';
import { manufacturerFixture } from '../../../shared/test-support/manufacturer-fixture';

/** The area's routes under /Home, as the shell mounts them, opened at the last of `entries`. */
const renderArea = ({ entries, ...options }: RenderPageOptions & { entries: InitialEntry[] }) =>
  renderPage(<ManufacturersRoutes />, { ...options, url: entries, route: '/Home/*' });

const server: FakeApiServer = (call) => {
  if (call.method === 'GET' && call.path === '/manufacturers/7') return manufacturerFixture();
  throw apiError(404, 'Manufacturer not found');
};
const location = () => screen.getByLabelText('Current location');

describe('My Details', () => {
  it("takes a manufacturer user to their own manufacturer's page", async () => {
    renderArea({ entries: ['/Home/Dashboard', '/Home/MyDetails'], session: manufacturerSession, server });
    expect(await screen.findByDisplayValue('Aurora Audio')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/Home\/Manufacturers\/7$/);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled();
  });

  it('replaces itself in the history, so Back returns to the page before My Details', async () => {
    const { user } = renderArea({ entries: ['/Home/Users', '/Home/MyDetails'], session: manufacturerSession, server });
    await screen.findByDisplayValue('Aurora Audio');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toHaveTextContent(/^\/Home\/Users$/);
  });

  it('keeps Back inside the console when My Details was the first page opened', async () => {
    const { user } = renderArea({ entries: ['/Home/MyDetails'], session: manufacturerSession, server });
    await screen.findByDisplayValue('Aurora Audio');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toHaveTextContent(/^\/Home$/);
  });

  it.each([
    ['a superuser', superuserSession],
    ['a manufacturer user whose login names no manufacturer', { ...manufacturerSession, manufacturer: null }],
    ['a visitor without a session (embedded)', null],
  ])('tells %s it is unable to access manufacturer details', (_who, session) => {
    const { calls } = renderArea({ entries: ['/Home/MyDetails'], session, server });
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to access manufacturer details');
    expect(location()).toHaveTextContent(/^\/Home\/MyDetails$/);
    expect(calls).toEqual([]);
  });
});
