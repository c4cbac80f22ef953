import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { ApiError, Button, PageHeader, Section, Spinner, type EndUserDetails } from 'shared-kit';
import { ButtonLink } from '../../../components/ButtonLink';
import { areaPaths, parseUserId } from '../../../lib/area-paths';
import { useUserDetails } from '../api/get-user-details';
import { ChannelMemberships } from './ChannelMemberships';
import { Fingerprints } from './Fingerprints';
import { LicenseTransfers } from './LicenseTransfers';
import { UserLicenseTable } from './UserLicenseTable';

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
`;

const Summary = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.sm};
`;

/** /Home/UserDetails/{userID} */
export function UserDetailsPage() {
  const { userID } = useParams();
  const userId = parseUserId(userID);
  if (userId === null) return <Unavailable message="This address does not name a user. Open the user from the Users list." />;
  return <LoadedUserDetails key={userId} userId={userId} />;
}

function LoadedUserDetails({ userId }: { userId: number }) {
  const { data: user, error, isLoading, mutate } = useUserDetails(userId);
  if (isLoading) return <Spinner label="Loading user..." />;
  if (!user) {
    const missing = error instanceof ApiError && error.status === 404;
    return <Unavailable message={missing ? 'User not found.' : 'The user could not be loaded.'} onRetry={missing ? undefined : () => void mutate()} />;
  }
  return <UserDetails user={user} />;
}

function UserDetails({ user }: { user: EndUserDetails }) {
  return (
    <>
      <PageHeader
        title={`User: ${user.email}`}
        actions={<ButtonLink to={areaPaths.editUser(user)}>Edit User</ButtonLink>}
      />
      <Sections>
        <Section title="Details">
          <Summary>
            <dt>ID</dt>
            <dd>{user.id}</dd>
            <dt>External ID</dt>
            <dd>{user.external_id ?? '—'}</dd>
          </Summary>
          <Actions>
            <LicenseTransfers sent={user.license_transfers_sent} received={user.license_transfers_received} />
          </Actions>
          <Fingerprints fingerprints={user.fingerprints} />
        </Section>
        <ChannelMemberships user={user} />
        <Section
          title="Licenses"
          actions={
            <ButtonLink $primary to={areaPaths.createUserLicense(user.id, user.email)}>
              New License
            </ButtonLink>
          }
        >
          <UserLicenseTable userId={user.id} />
        </Section>
      </Sections>
    </>
  );
}

function Unavailable({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <>
      <PageHeader title="User Details" />
      <p role="alert">{message}</p>
      {onRetry && (
        <Button variant="primary" onClick={onRetry}>
          Retry
        </Button>
      )}
    </>
  );
}
