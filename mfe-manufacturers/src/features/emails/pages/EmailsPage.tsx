import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  ButtonLink,
  CannotShowPage,
  PageHeader,
  PaginationControls,
  Table,
  useIdParam,
  type EmailStatus,
  type EmailSummary,
} from 'shared-kit';
import { useListController } from 'shared-kit/data';
import { emailsKey, type EmailFilter } from '../api/get-emails';
import { EmailFilters } from '../components/EmailFilters';
import { emailColumns } from '../components/email-columns';
import { STATUSES } from '../components/email-status';
import { manufacturersLinks } from 'shared-kit/pages';

export const NO_SUCH_MANUFACTURER = 'There is no manufacturer at this address.';
export const NO_EMAILS =
  'No emails yet. Mails ProductHub writes for this manufacturer (sign-in codes, test emails …) appear here.';
export const NO_MATCHING_EMAILS = 'No emails match these filters.';
export const EMAILS_LOAD_FAILED = 'The Emails log could not be loaded. Please try again.';

const TITLE = 'Emails';

const emailId = (email: EmailSummary) => email.id;

/** /Home/Manufacturers/{manufacturerID}/Emails: the manufacturer's mails, newest first, filtered and paged. */
export function EmailsPage() {
  const manufacturerId = useIdParam('manufacturerID');
  if (manufacturerId === null) {
    return (
      <>
        <PageHeader title={TITLE} />
        <CannotShowPage>{NO_SUCH_MANUFACTURER}</CannotShowPage>
      </>
    );
  }
  return <EmailLog key={manufacturerId} manufacturerId={manufacturerId} />;
}

/** State and kind live in the address (a filtered log can be linked); the recipient search in the list state. */
function useEmailFilter(): [EmailFilter, (filter: EmailFilter) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const filter: EmailFilter = {
    status: (STATUSES as string[]).includes(status) ? (status as EmailStatus) : '',
    kind: params.get('kind') ?? '',
  };
  const setFilter = useCallback(
    (next: EmailFilter) => {
      const query = new URLSearchParams();
      if (next.status) query.set('status', next.status);
      if (next.kind) query.set('kind', next.kind);
      setParams(query, { replace: true });
    },
    [setParams],
  );
  return [filter, setFilter];
}

function EmailLog({ manufacturerId }: { manufacturerId: number }) {
  const [filter, setFilter] = useEmailFilter();
  const listKey = emailsKey(manufacturerId, filter);
  const list = useListController<EmailSummary>({ listKey, getRowId: emailId });
  const columns = useMemo(
    () =>
      emailColumns((email) => (
        <ButtonLink
          size="small"
          to={manufacturersLinks.email(manufacturerId, email.id)}
          aria-label={`View email ${email.id} to ${email.to}`}
        >
          View
        </ButtonLink>
      )),
    [manufacturerId],
  );
  const filtered = filter.status !== '' || filter.kind !== '' || list.state.search !== '';
  const changeFilter = (next: EmailFilter) => {
    setFilter(next);
    list.state.setPage(1);
  };

  return (
    <>
      <PageHeader
        title={TITLE}
        actions={<ButtonLink to={manufacturersLinks.manufacturerDetails(manufacturerId)}>Back</ButtonLink>}
      />
      <EmailFilters
        filter={filter}
        onFilterChange={changeFilter}
        recipient={list.state.search}
        onRecipientSearch={list.state.setSearch}
      />
      <Table
        caption="Emails"
        columns={columns}
        emptyText={list.error ? EMAILS_LOAD_FAILED : filtered ? NO_MATCHING_EMAILS : NO_EMAILS}
        {...list.tableProps}
      />
      <PaginationControls {...list.paginationProps} />
    </>
  );
}
