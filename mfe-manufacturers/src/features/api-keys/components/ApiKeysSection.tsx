import styled from 'styled-components';
import { ButtonLink, Section, useCan, useSession } from 'shared-kit';
import { mayManageKeys } from '../access';
import { manufacturersLinks } from 'shared-kit/pages';

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

/** On the manufacturer's page, for its own staff: the way to its API keys. */
export function ApiKeysSection({ manufacturerId }: { manufacturerId: number }) {
  const session = useSession();
  const keysManage = useCan('keys.manage');
  if (!session || !mayManageKeys(session, manufacturerId)) return null;
  return (
    <Section
      title="API keys"
      actions={
        <ButtonLink to={manufacturersLinks.apiKeys(manufacturerId)} aria-label="Manage API keys" {...keysManage.lock}>
          API keys
        </ButtonLink>
      }
    >
      <Note>
        Keys let a shop or a release pipeline use the API without a staff login, within the scopes you give them.
      </Note>
    </Section>
  );
}
