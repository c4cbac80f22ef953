import { useParams } from 'react-router';
import styled from 'styled-components';
import { ApiError, PageHeader, Section, Spinner, type EndUserDetails } from 'shared-kit';
import { ButtonLink } from '../../../components/ButtonLink';
import { DescriptionList } from '../../../components/DescriptionList';
import { NOT_A_USER_ADDRESS, PageUnavailable } from '../../../components/PageUnavailable';
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

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const DETAILS_TITLE = 'User Details';

/** /Home/UserDetails/{userID} */
export function UserDetailsPage() {
  const { userID } = useParams();
  const userId = parseUserId(userID);
  if (userId === null) return <PageUnavailable title={DETAILS_TITLE} message={NOT_A_USER_ADDRESS} />;
  return <LoadedUserDetails key={userId} userId={userId} />;
}

function LoadedUserDetails({ userId }: { userId: number }) {
  const { data: user, error, isLoading, mutate } = useUserDetails(userId);
  if (isLoading) return <Spinner label="Loading user..." />;
  if (!user) {
    const missing = error instanceof ApiError && error.status === 404;
    return <PageUnavailable title={DETAILS_TITLE} message={missing ? 'User not found.' : 'The user could not be loaded.'} onRetry={missing ? undefined : () => void mutate()} />;
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
          <DescriptionList>
            <dt>ID</dt>
            <dd>{user.id}</dd>
            <dt>External ID</dt>
            <dd>{user.external_id ?? '—'}</dd>
          </DescriptionList>
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
