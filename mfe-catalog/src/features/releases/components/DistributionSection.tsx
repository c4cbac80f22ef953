import styled from 'styled-components';
import { Checkbox, Section, Spinner, type DistributionChannel } from 'shared-kit';

export interface DistributionSectionProps {
  channels: DistributionChannel[] | undefined;
  isLoading: boolean;
  checked: ReadonlySet<number>;
  onToggle: (channelId: number, on: boolean) => void;
}

const Channels = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.lg};
`;

/** One checkbox per distribution channel of the manufacturer (docs/console.md, Release form; edit only). */
export function DistributionSection({ channels, isLoading, checked, onToggle }: DistributionSectionProps) {
  return (
    <Section title="Distribution">
      {isLoading ? (
        <Spinner label="Loading channels..." />
      ) : !channels || channels.length === 0 ? (
        <p>
          {channels
            ? 'Your manufacturer has no distribution channels.'
            : 'The distribution channels could not be loaded.'}
        </p>
      ) : (
        <Channels role="group" aria-label="Distribution channels">
          {channels.map((channel) => (
            <Checkbox
              key={channel.id}
              label={channel.name}
              checked={checked.has(channel.id)}
              onCheckedChange={(on) => onToggle(channel.id, on)}
            />
          ))}
        </Channels>
      )}
    </Section>
  );
}
