import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, type DistributionChannel, type EndUserDetails } from 'shared-kit';
import {
  deferred as deferredAnswer,
  type RecordedApiCall as RecordedCall,
  type FakeApiServer,
} from 'shared-kit/testing';
import { BETA, RELEASE, userDetails } from '../test-data';
import { renderUserDetails } from '../render-user-details';

interface Setup {
  user?: EndUserDetails;
  channels?: () => DistributionChannel[];
  onPost?: (call: RecordedCall) => unknown;
  onDelete?: (call: RecordedCall) => unknown;
}

function renderMemberships({
  user = userDetails(),
  channels = () => [RELEASE, BETA],
  onPost = () => ({}),
  onDelete = () => undefined,
}: Setup = {}) {
  let current = user;
  const server: FakeApiServer = (call) => {
    if (call.method === 'GET' && call.path === '/users/1') return current;
    if (call.method === 'GET' && call.path === '/manufacturers/7/channels') return channels();
    if (call.method === 'POST' && call.path === '/manufacturers/7/channels/12/users') {
      const answer = onPost(call);
      current = {
        ...current,
        channel_memberships: [...current.channel_memberships, { created_at: '2026-04-01T00:00:00Z', channel: BETA }],
      };
      return answer;
    }
    if (call.method === 'DELETE' && call.path === '/manufacturers/7/channels/12/users/1') {
      const answer = onDelete(call);
      current = {
        ...current,
        channel_memberships: current.channel_memberships.filter((membership) => membership.channel.id !== BETA.id),
      };
      return answer;
    }
    throw new ApiError(404, ['Not found']);
  };
  return renderUserDetails(server);
}

const withBeta = () =>
  userDetails({
    channel_memberships: [
      { created_at: '2026-01-02T09:00:00Z', channel: RELEASE },
      { created_at: '2026-01-03T09:00:00Z', channel: BETA },
    ],
  });

describe('Channel Memberships', () => {
  it('has one checkbox per channel labelled by type; Release always checked and disabled', async () => {
    renderMemberships({ user: userDetails({ channel_memberships: [] }) });
    const release = await screen.findByRole('checkbox', { name: 'Release' });
    expect(release).toBeChecked();
    expect(release).toBeDisabled();
    const beta = screen.getByRole('checkbox', { name: 'Beta' });
    expect(beta).not.toBeChecked();
    expect(beta).toBeEnabled();
  });

  it('checks the channels the user is a member of', async () => {
    renderMemberships({ user: withBeta() });
    expect(await screen.findByRole('checkbox', { name: 'Beta' })).toBeChecked();
  });

  it('adds the user after a confirmation that warns about unstable or unreleased content', async () => {
    const { user, calls } = renderMemberships();
    await user.click(await screen.findByRole('checkbox', { name: 'Beta' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to Beta Channel' });
    expect(dialog).toHaveTextContent('Add ada@listener.example to the Beta channel?');
    expect(dialog).toHaveTextContent(
      'The user will get access to unstable or unreleased content distributed in this channel.',
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/manufacturers/7/channels/12/users', body: { user_id: 1 } },
    ]);
    expect(await screen.findByRole('checkbox', { name: 'Beta', checked: true })).toBeInTheDocument();
  });

  it('removes the user after a confirmation', async () => {
    const { user, calls } = renderMemberships({ user: withBeta() });
    await user.click(await screen.findByRole('checkbox', { name: 'Beta' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove from Beta Channel' });
    expect(dialog).toHaveTextContent('Remove ada@listener.example from the Beta channel?');
    expect(dialog).not.toHaveTextContent('unstable');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/manufacturers/7/channels/12/users/1' },
    ]);
    expect(await screen.findByRole('checkbox', { name: 'Beta', checked: false })).toBeInTheDocument();
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    const { user, calls } = renderMemberships();
    await user.click(await screen.findByRole('checkbox', { name: 'Beta' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Beta' })).not.toBeChecked();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('is busy while the change runs: Add is disabled', async () => {
    const pending = deferredAnswer();
    const { user, calls } = renderMemberships({ onPost: () => pending.promise });
    await user.click(await screen.findByRole('checkbox', { name: 'Beta' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    pending.resolve({});
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('only logs a failure: the dialog stays open and can be confirmed again', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let failures = 1;
    const { user, calls } = renderMemberships({
      onPost: () => {
        if (failures-- > 0) throw new ApiError(500, ['Internal server error. Please try again.']);
        return {};
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Beta' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith(
        expect.stringContaining('Failed to add the Beta channel membership'),
        expect.any(ApiError),
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Add to Beta Channel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
    log.mockRestore();
  });

  it('shows a loading state while the channels load', async () => {
    renderMemberships({ channels: () => new Promise<never>(() => undefined) as never });
    expect(await screen.findByText('Loading channels...')).toBeInTheDocument();
  });

  it('offers Retry when the channels could not be loaded', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const { user } = renderMemberships({
      channels: () => {
        if (fail) throw new ApiError(503, ['The database is unavailable. Please try again shortly.']);
        return [RELEASE, BETA];
      },
    });
    expect(await screen.findByText('The distribution channels could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('checkbox', { name: 'Beta' })).toBeInTheDocument();
    log.mockRestore();
  });

  it('says so when the manufacturer has no channels', async () => {
    renderMemberships({ channels: () => [] });
    expect(await screen.findByText('This manufacturer has no distribution channels.')).toBeInTheDocument();
  });
});
