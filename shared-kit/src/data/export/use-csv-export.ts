import { useCallback, useEffect, useRef, useState } from 'react';
import { unstable_serialize, useSWRConfig, type Cache } from 'swr';
import { errorMessage, useApiClient, useErrorModal, type Pagination } from 'shared-kit';
import type { ListKey } from '../api-key';
import { downloadExport, suggestedExportName } from './download-export';
import { saveFile } from './save-file';
import { chooseExportFile, type ExportFileWriter } from './save-file-picker';

export const EXPORT_FAILED = 'The export did not finish. Please try again.';

/** Progress reaches React at most this often: a fast download brings hundreds of chunks a second. */
const PROGRESS_INTERVAL_MS = 200;

export type CsvExportState =
  | { phase: 'idle' }
  /** `total`: how many rows the list said it holds when the export started, when known. */
  | { phase: 'running'; rows: number; total: number | null }
  | { phase: 'done'; rows: number }
  | { phase: 'cancelled' }
  | { phase: 'failed' };

/**
 * The total of the list's page already loaded for this key (the export is the same list with the same search):
 * nothing is asked of the server for it, and an unknown total leaves the progress as "N rows so far".
 */
function knownTotal(cache: Cache, list: ListKey): number | null {
  const page = cache.get(unstable_serialize(list))?.data as { pagination?: Pagination } | undefined;
  const total = page?.pagination?.records.total;
  return typeof total === 'number' ? total : null;
}

/** Exports the list `list` (its key: path and current search) as CSV; `cancel` aborts the download. */
export function useCsvExport(list: ListKey | null) {
  const api = useApiClient();
  const { cache } = useSWRConfig();
  const showError = useErrorModal();
  const [state, setState] = useState<CsvExportState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(async () => {
    if (!list || running.current) return;
    const controller = new AbortController();
    running.current = controller;
    let file: ExportFileWriter | null;
    try {
      file = await chooseExportFile(suggestedExportName(list[0]));
    } catch {
      // The save dialog was dismissed: nothing was asked of the server.
      running.current = null;
      setState({ phase: 'cancelled' });
      return;
    }
    const total = knownTotal(cache, list);
    setState({ phase: 'running', rows: 0, total });
    let shownAt = 0;
    const onRows = (rows: number) => {
      const now = Date.now();
      if (now - shownAt < PROGRESS_INTERVAL_MS) return;
      shownAt = now;
      setState({ phase: 'running', rows, total });
    };
    try {
      const sink = file ? (chunk: Uint8Array) => file.write(chunk) : undefined;
      const exported = await downloadExport(api, list[0], list[1] ?? {}, { signal: controller.signal, onRows, sink });
      if (file) await file.close();
      else if (exported.blob) saveFile(exported.blob, exported.fileName);
      setState({ phase: 'done', rows: exported.rows });
    } catch (error) {
      // A chosen file is discarded, not left half written.
      await file?.abort().catch(() => undefined);
      if (controller.signal.aborted) {
        setState({ phase: 'cancelled' });
      } else {
        setState({ phase: 'failed' });
        showError(errorMessage(error, EXPORT_FAILED));
      }
    } finally {
      running.current = null;
    }
  }, [api, cache, list, showError]);

  const cancel = useCallback(() => running.current?.abort(), []);
  return { state, start, cancel };
}
