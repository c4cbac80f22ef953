import { useState } from 'react';
import {
  Button,
  ErrorText,
  FIRST_LOAD_PAGE_SIZE,
  PaginationControls,
  Row,
  Stack,
  Table,
  type AuditEvent,
} from 'shared-kit';
import { useRecordHistory, type HistoryObjectType } from './get-record-history';
import { historyColumns } from './history-columns';

export const NO_HISTORY = 'No changes recorded yet.';
export const HISTORY_NOT_LOADED = 'The history could not be loaded.';

export interface RecordHistoryProps {
  objectType: HistoryObjectType;
  objectId: number;
  /** Names the table for screen readers, e.g. "History of product 12". */
  caption: string;
}

const eventId = (event: AuditEvent) => event.id;

/** Who changed a record, when and what, field by field in words; newest first, paged. */
export function RecordHistory({ objectType, objectId, caption }: RecordHistoryProps) {
  // Its own paging, not the page's remembered list state: the page may hold a list of its own (user details).
  const [paging, setPaging] = useState({ page: 1, perPage: FIRST_LOAD_PAGE_SIZE });
  const history = useRecordHistory({ objectType, objectId, ...paging });
  return (
    <Stack $gap="sm">
      {history.error && (
        <Row>
          <ErrorText>{HISTORY_NOT_LOADED}</ErrorText>
          <Button size="small" onClick={() => void history.mutate()}>
            Retry
          </Button>
        </Row>
      )}
      <Table
        caption={caption}
        columns={historyColumns}
        rows={history.rows}
        getRowId={eventId}
        isLoading={history.isLoading}
        emptyText={history.error ? HISTORY_NOT_LOADED : NO_HISTORY}
      />
      <PaginationControls
        pagination={history.pagination}
        perPage={paging.perPage}
        onPageChange={(page) => setPaging((current) => ({ ...current, page }))}
        onPerPageChange={(perPage) => setPaging({ page: 1, perPage })}
      />
    </Stack>
  );
}
