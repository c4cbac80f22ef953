import { useState } from 'react';
import styled from 'styled-components';
import { Button, Dialog, Icon } from 'shared-kit';
import { CANNOT_DISTRIBUTE_RELEASE, RELEASE_DISTRIBUTION_RULE } from 'shared-kit/contract';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-top: ${({ theme }) => theme.spacing.md};
`;

const Warning = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

/** docs/console.md, Distribution rule: the warning when the build choices cannot be distributed, and the info dialog explaining why. */
export function DistributionRule({ blocked }: { blocked: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Row>
      {blocked && <Warning role="alert">{CANNOT_DISTRIBUTE_RELEASE}</Warning>}
      <Button size="small" variant="link" onClick={() => setOpen(true)}>
        <Icon name="info" />
        About distributing a release
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Distributing a Release"
        description={RELEASE_DISTRIBUTION_RULE}
        footer={
          <Button variant="primary" onClick={() => setOpen(false)}>
            OK
          </Button>
        }
      />
    </Row>
  );
}
