import styled from 'styled-components';
import { Button } from 'shared-kit';
import type { ListKey } from '../api-key';
import { useCsvExport, type CsvExportState } from './use-csv-export';

export const EXPORT_LABEL = 'Export CSV';

const numberFormat = new Intl.NumberFormat('en-US');
const rowCount = (rows: number) => `${numberFormat.format(rows)} ${rows === 1 ? 'row' : 'rows'}`;

export function exportStatus(state: CsvExportState): string {
  switch (state.phase) {
    case 'running':
      // Rows added since the list was loaded can take the export past its total: then the count alone.
      return state.total !== null && state.rows <= state.total
        ? `${numberFormat.format(state.rows)} of ${rowCount(state.total)}`
        : `${rowCount(state.rows)} so far`;
    case 'done':
      return `Exported ${rowCount(state.rows)}.`;
    case 'cancelled':
      return 'Export cancelled.';
    case 'failed':
      return 'Export failed.';
    default:
      return '';
  }
}

const Layout = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Status = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
  font-variant-numeric: tabular-nums;
`;

export interface ExportButtonProps {
  /** The list's key from its key factory, for its current search (its paging is ignored); null while unknown. */
  list: ListKey | null;
}

/** "Export CSV" of a list: downloads the whole searched list as it streams in, with progress and Cancel. */
export function ExportButton({ list }: ExportButtonProps) {
  const { state, start, cancel } = useCsvExport(list);
  const running = state.phase === 'running';
  return (
    <Layout>
      <Button onClick={() => void start()} disabled={running || !list} aria-busy={running}>
        {EXPORT_LABEL}
      </Button>
      {running && (
        <Button size="small" onClick={cancel} aria-label="Cancel export">
          Cancel
        </Button>
      )}
      {/* Always present, so screen readers announce each change of its text. A live region without the status role:
          a page's own status (its loading spinner) stays the one status on the page. */}
      <Status aria-live="polite" aria-atomic="true" data-export-status="">
        {exportStatus(state)}
      </Status>
    </Layout>
  );
}
