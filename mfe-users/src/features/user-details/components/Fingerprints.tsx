import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, formatDateTime, type UserFingerprint } from 'shared-kit';

const List = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: ${({ theme }) => theme.spacing.sm};
  margin: ${({ theme }) => `${theme.spacing.md} 0 0`};
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.normal};
  background: ${({ theme }) => theme.colors.background};
`;

const Label = styled.strong`
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Value = styled.code`
  font-family: ${({ theme }) => theme.font.monospace};
  word-break: break-all;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Empty = styled.p`
  margin: ${({ theme }) => `${theme.spacing.md} 0 0`};
  color: ${({ theme }) => theme.colors.muted};
`;

/** A toggle that shows or hides the user's hardware fingerprints, numbered 'Fingerprint n'. */
export function Fingerprints({ fingerprints }: { fingerprints: UserFingerprint[] }) {
  const [shown, setShown] = useState(false);
  const regionId = useId();
  return (
    <div>
      <Button aria-expanded={shown} aria-controls={regionId} onClick={() => setShown(!shown)}>
        {shown ? 'Hide Fingerprints' : `Show Fingerprints (${fingerprints.length})`}
      </Button>
      <div id={regionId} hidden={!shown}>
        {shown &&
          (fingerprints.length === 0 ? (
            <Empty>No fingerprints found for this user.</Empty>
          ) : (
            <List aria-label="Fingerprints">
              {fingerprints.map((fingerprint, index) => (
                <Item key={fingerprint.id}>
                  <Label>Fingerprint {index + 1}</Label>
                  <Value>{fingerprint.hardware_fingerprint}</Value>
                  <Muted>Created {formatDateTime(fingerprint.created_at)}</Muted>
                </Item>
              ))}
            </List>
          ))}
      </div>
    </div>
  );
}
