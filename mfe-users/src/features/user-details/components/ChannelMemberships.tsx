import { useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  Checkbox,
  ConfirmDialog,
  RELEASE_CHANNEL_TYPE,
  Section,
  Spinner,
  type DistributionChannel,
  type EndUserDetails,
} from 'shared-kit';
import { useManufacturerChannels } from '../api/get-manufacturer-channels';
import { useAddChannelMembership } from '../api/add-channel-membership';
import { useRemoveChannelMembership } from '../api/remove-channel-membership';

type PendingChange = { channel: DistributionChannel; action: 'add' | 'remove' };

const Choices = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.lg}`};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Warning = styled.strong`
  display: block;
  margin-top: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.danger};
`;

const isRelease = (channel: DistributionChannel) => channel.type === RELEASE_CHANNEL_TYPE;

export const UNSTABLE_CONTENT_WARNING =
  'The user will get access to unstable or unreleased content distributed in this channel.';

/**
 * One checkbox per distribution channel, labelled by its type. Release is everybody's and cannot change; any
 * other change is confirmed first. A failed change is only logged: the dialog stays open to try again.
 */
export function ChannelMemberships({
  user,
}: {
  user: Pick<EndUserDetails, 'id' | 'email' | 'manufacturer_id' | 'channel_memberships'>;
}) {
  const channels = useManufacturerChannels(user.manufacturer_id);
  const { trigger: addMembership } = useAddChannelMembership();
  const { trigger: removeMembership } = useRemoveChannelMembership();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [processing, setProcessing] = useState(false);
  const memberOf = new Set(user.channel_memberships.map((membership) => membership.channel.id));

  const confirm = async () => {
    if (!pending || processing) return;
    setProcessing(true);
    const target = { manufacturerId: user.manufacturer_id, channelId: pending.channel.id, userId: user.id };
    try {
      await (pending.action === 'add' ? addMembership(target) : removeMembership(target));
      setPending(null);
    } catch (error) {
      console.error(
        `Failed to ${pending.action} the ${pending.channel.type} channel membership of user ${user.id}:`,
        error,
      );
    } finally {
      setProcessing(false);
    }
  };

  return (
    <Section title="Channel Memberships">
      <ChannelChoices
        state={channels}
        isMember={(channel) => isRelease(channel) || memberOf.has(channel.id)}
        onChange={(channel, checked) => setPending({ channel, action: checked ? 'add' : 'remove' })}
      />
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.action === 'add'
            ? `Add to ${pending.channel.type} Channel`
            : `Remove from ${pending?.channel.type ?? ''} Channel`
        }
        message={
          pending?.action === 'add' ? (
            <>
              Add {user.email} to the {pending.channel.type} channel?
              <Warning>{UNSTABLE_CONTENT_WARNING}</Warning>
            </>
          ) : (
            `Remove ${user.email} from the ${pending?.channel.type ?? ''} channel? The user will no longer receive releases distributed only to this channel.`
          )
        }
        confirmLabel={pending?.action === 'add' ? 'Add' : 'Remove'}
        confirmVariant={pending?.action === 'add' ? 'primary' : 'danger'}
        busy={processing}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Section>
  );
}

interface ChannelChoicesProps {
  state: ReturnType<typeof useManufacturerChannels>;
  isMember: (channel: DistributionChannel) => boolean;
  onChange: (channel: DistributionChannel, checked: boolean) => void;
}

function ChannelChoices({ state, isMember, onChange }: ChannelChoicesProps) {
  if (state.isLoading) return <Spinner label="Loading channels..." />;
  if (state.error || !state.data) {
    return (
      <div>
        <Note>The distribution channels could not be loaded.</Note>
        <Button size="small" onClick={() => void state.mutate()}>
          Retry
        </Button>
      </div>
    );
  }
  if (state.data.length === 0) return <Note>This manufacturer has no distribution channels.</Note>;
  return (
    <>
      <Choices aria-label="Distribution channels">
        {state.data.map((channel) => (
          <li key={channel.id}>
            <Checkbox
              label={channel.type}
              checked={isMember(channel)}
              disabled={isRelease(channel)}
              onCheckedChange={(checked) => onChange(channel, checked)}
            />
          </li>
        ))}
      </Choices>
      <Note>Every user is always in the Release channel.</Note>
    </>
  );
}
