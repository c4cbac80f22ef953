import { useId } from 'react';
import styled from 'styled-components';
import {
  Button,
  Section,
  Stack,
  Table,
  type TableColumn,
  type UserImportExistingRow,
  type UserImportInvalidRow,
  type UserImportPreview,
} from 'shared-kit';
import { DescriptionList } from '../../../shared/components/DescriptionList';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Notice = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

const count = (n: number) => n.toLocaleString('en-US');

/** "The columns ID and Created At were read past: …" (an export's read-only columns), or null when there were none. */
export function ignoredColumnsText(columns: readonly string[]): string | null {
  if (columns.length === 0) return null;
  const names = columns.map((name) => `"${name}"`);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `The ${columns.length === 1 ? 'column' : 'columns'} ${list} ${columns.length === 1 ? 'was' : 'were'} read past: the server sets ${columns.length === 1 ? 'it' : 'them'}, an import cannot.`;
}

const INVALID_COLUMNS: TableColumn<UserImportInvalidRow>[] = [
  { id: 'line', header: 'Line', cell: (row) => row.line, width: '90px' },
  { id: 'email', header: 'Email', cell: (row) => row.email },
  { id: 'reason', header: 'Reason', cell: (row) => row.reason },
];

const EXISTING_COLUMNS: TableColumn<UserImportExistingRow>[] = [
  { id: 'line', header: 'Line', cell: (row) => row.line, width: '90px' },
  { id: 'email', header: 'Email', cell: (row) => row.email },
  { id: 'user_id', header: 'User ID', cell: (row) => row.user_id, width: '120px' },
];

const lineOf = (row: { line: number }) => row.line;

/** Why "Apply import" cannot be pressed, or null when it can. */
export function applyBlocker(preview: UserImportPreview): string | null {
  if (preview.invalid > 0) {
    const rows = preview.invalid === 1 ? '1 invalid row' : `${count(preview.invalid)} invalid rows`;
    return `The file has ${rows}. Correct ${preview.invalid === 1 ? 'it' : 'them'} in the file and upload it again: an import is applied whole or not at all.`;
  }
  if (preview.to_create === 0) return 'Nothing to import: every row of the file is already a user.';
  return null;
}

export interface ImportPreviewProps {
  preview: UserImportPreview;
  fileName: string;
  applying: boolean;
  onApply: () => void;
  onUploadAnother: () => void;
}

/** The dry run: what the apply will create, what it leaves as it is, and every row that keeps it from running. */
export function ImportPreview({ preview, fileName, applying, onApply, onUploadAnother }: ImportPreviewProps) {
  const blocker = applyBlocker(preview);
  const ignored = ignoredColumnsText(preview.ignored_columns);
  const blockerId = useId();
  const more = (listed: number, total: number, what: string) =>
    total > listed ? <p>{`Showing the first ${count(listed)} of ${count(total)} ${what}.`}</p> : null;
  return (
    <Stack $gap="lg">
      <Section title={`Preview of ${fileName}`}>
        <DescriptionList>
          <dt>Rows in the file</dt>
          <dd>{count(preview.rows)}</dd>
          <dt>New users to create</dt>
          <dd>{count(preview.to_create)}</dd>
          <dt>Licenses to create</dt>
          <dd>{count(preview.licenses_to_create)}</dd>
          <dt>Already users (left as they are)</dt>
          <dd>{count(preview.existing)}</dd>
          <dt>Invalid rows</dt>
          <dd>{count(preview.invalid)}</dd>
        </DescriptionList>
        {ignored && <p>{ignored}</p>}
        {blocker && <Notice id={blockerId}>{blocker}</Notice>}
        <Actions>
          <Button
            variant="primary"
            onClick={onApply}
            disabled={blocker !== null || applying}
            aria-describedby={blocker ? blockerId : undefined}
          >
            {applying ? 'Applying...' : 'Apply import'}
          </Button>
          <Button onClick={onUploadAnother} disabled={applying}>
            Upload another file
          </Button>
        </Actions>
      </Section>
      {preview.invalid > 0 && (
        <Section title="Invalid rows">
          <Table columns={INVALID_COLUMNS} rows={preview.invalid_rows} getRowId={lineOf} caption="Invalid rows" />
          {more(preview.invalid_rows.length, preview.invalid, 'invalid rows')}
        </Section>
      )}
      {preview.existing > 0 && (
        <Section title="Rows that are already users">
          <Table
            columns={EXISTING_COLUMNS}
            rows={preview.existing_rows}
            getRowId={lineOf}
            caption="Rows that are already users"
          />
          {more(preview.existing_rows.length, preview.existing, 'rows that are already users')}
        </Section>
      )}
    </Stack>
  );
}
