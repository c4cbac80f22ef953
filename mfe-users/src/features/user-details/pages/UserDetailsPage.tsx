import {
  ApiError,
  ButtonLink,
  PageHeader,
  Row,
  Section,
  Spinner,
  Stack,
  useCan,
  useIdParam,
  type EndUserDetails,
} from 'shared-kit';
import { HistorySection } from 'shared-kit/data';
import { DescriptionList } from '../../../shared/components/DescriptionList';
import { PageUnavailable } from '../../../shared/components/PageUnavailable';
import { NOT_A_USER_ADDRESS } from '../../../shared/texts';
import { useUserDetails } from '../api/get-user-details';
import { ChannelMemberships } from '../components/ChannelMemberships';
import { Fingerprints } from '../components/Fingerprints';
import { LicenseTransfers } from '../components/LicenseTransfers';
import { SendPortalSignInLink } from '../components/SendPortalSignInLink';
import { UserLicenseTable } from '../components/UserLicenseTable';
import { usersLinks } from 'shared-kit/pages';

const DETAILS_TITLE = 'User Details';

/** /Home/UserDetails/{userID} */
export function UserDetailsPage() {
  const userId = useIdParam('userID');
  if (userId === null) return <PageUnavailable title={DETAILS_TITLE} message={NOT_A_USER_ADDRESS} />;
  return <LoadedUserDetails key={userId} userId={userId} />;
}

function LoadedUserDetails({ userId }: { userId: number }) {
  const { data: user, error, isLoading, mutate } = useUserDetails(userId);
  if (isLoading) return <Spinner label="Loading user..." />;
  if (!user) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <PageUnavailable
        title={DETAILS_TITLE}
        message={missing ? 'User not found.' : 'The user could not be loaded.'}
        onRetry={missing ? undefined : () => void mutate()}
      />
    );
  }
  return <UserDetails user={user} />;
}

function UserDetails({ user }: { user: EndUserDetails }) {
  const licensesIssue = useCan('licenses.issue');
  return (
    <>
      <PageHeader
        title={`User: ${user.email}`}
        actions={<ButtonLink to={usersLinks.editUser(user)}>Edit User</ButtonLink>}
      />
      <Stack $gap="lg">
        <Section title="Details">
          <DescriptionList>
            <dt>ID</dt>
            <dd>{user.id}</dd>
            <dt>External ID</dt>
            <dd>{user.external_id ?? '—'}</dd>
          </DescriptionList>
          <Row $wrap $align="flex-start" $gap="sm">
            <LicenseTransfers sent={user.license_transfers_sent} received={user.license_transfers_received} />
            <SendPortalSignInLink user={user} />
          </Row>
          <Fingerprints fingerprints={user.fingerprints} />
        </Section>
        <ChannelMemberships user={user} />
        <Section
          title="Licenses"
          actions={
            <ButtonLink
              variant="primary"
              to={usersLinks.createUserLicense(user.id, user.email)}
              {...licensesIssue.lock}
            >
              New License
            </ButtonLink>
          }
        >
          <UserLicenseTable userId={user.id} />
        </Section>
      </Stack>
      <HistorySection objectType="end_user" objectId={user.id} caption={`History of user ${user.email}`} />
    </>
  );
}
