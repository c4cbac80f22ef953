import styled from 'styled-components';
import {
  ApiError,
  Button,
  ButtonLink,
  CannotShowPage,
  PageHeader,
  Section,
  Spinner,
  errorMessage,
  useIdParam,
} from 'shared-kit';
import { useEmail } from '../api/get-email';
import { EmailHeaders } from '../components/EmailHeaders';
import { manufacturersLinks } from 'shared-kit/pages';

export const NO_SUCH_EMAIL = 'There is no email at this address.';
export const EMAIL_LOAD_FAILED = 'The email could not be loaded.';

const TITLE = 'Email';

const Text = styled.pre`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-family: inherit;
`;

const HtmlFrame = styled.iframe`
  width: 100%;
  height: 640px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: #ffffff;
`;

/** /Home/Manufacturers/{manufacturerID}/Emails/{emailID}: one mail, its plain text and its HTML as rendered. */
export function EmailPage() {
  const manufacturerId = useIdParam('manufacturerID');
  const emailId = useIdParam('emailID');
  if (manufacturerId === null || emailId === null) {
    return (
      <>
        <PageHeader title={TITLE} />
        <CannotShowPage>{NO_SUCH_EMAIL}</CannotShowPage>
      </>
    );
  }
  return <EmailView key={`${manufacturerId}/${emailId}`} manufacturerId={manufacturerId} emailId={emailId} />;
}

function EmailView({ manufacturerId, emailId }: { manufacturerId: number; emailId: number }) {
  const email = useEmail(manufacturerId, emailId);
  const back = <ButtonLink to={manufacturersLinks.emails(manufacturerId)}>Back</ButtonLink>;
  if (email.error instanceof ApiError && email.error.status === 404) {
    return (
      <>
        <PageHeader title={TITLE} actions={back} />
        <CannotShowPage>{NO_SUCH_EMAIL}</CannotShowPage>
      </>
    );
  }
  return (
    <>
      <PageHeader title={email.data ? email.data.subject : TITLE} actions={back} />
      {email.isLoading ? (
        <Spinner label="Loading email..." />
      ) : email.error || !email.data ? (
        <div>
          <p>{errorMessage(email.error, EMAIL_LOAD_FAILED)}</p>
          <Button size="small" onClick={() => void email.mutate()}>
            Retry
          </Button>
        </div>
      ) : (
        <>
          <Section title="Headers">
            <EmailHeaders email={email.data} />
          </Section>
          <Section title="Plain text">
            <Text>{email.data.text}</Text>
          </Section>
          <Section title="HTML">
            {/* sandbox="": the mail's HTML runs no script, submits no form and cannot reach the console's origin. */}
            <HtmlFrame sandbox="" srcDoc={email.data.html} title={`The HTML of the email "${email.data.subject}"`} />
          </Section>
        </>
      )}
    </>
  );
}
