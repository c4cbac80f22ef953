import { EXPORT_PATH_SUFFIX, type ApiClient, type Query } from 'shared-kit';
import { attachmentFileName } from './attachment-file-name';
import { createCsvRecordCounter } from './csv-record-counter';

export interface ExportedFile {
  /** The file, when it was kept in memory (no `sink`). */
  blob: Blob | null;
  fileName: string;
  rows: number;
}

export interface ExportOptions {
  signal: AbortSignal;
  /** Called as rows arrive, with the number of data rows so far. */
  onRows: (rows: number) => void;
  /** Where the bytes go as they arrive (a file the person chose); without it they are kept for a Blob. */
  sink?: (chunk: Uint8Array) => Promise<void>;
}

/** An export is the whole filtered list: the list's paging is left out, its search and filters kept. */
const PAGING = new Set(['page', 'per_page']);

export function exportQuery(query: Query): Query {
  return Object.fromEntries(Object.entries(query).filter(([name]) => !PAGING.has(name)));
}

const fallbackName = (path: string) => `${path.split('/').filter(Boolean).join('-') || 'export'}.csv`;

/** A name to offer before the answer names the file: the list's path and today's date, as the server names it. */
export const suggestedExportName = (path: string, today = new Date()) =>
  fallbackName(path).replace(/\.csv$/, `-${today.toISOString().slice(0, 10)}.csv`);

/**
 * GET `<list path>/export.csv` with the list's search, read as a stream through the API client (its base URL and
 * session), counting rows as they arrive. Aborting `signal` stops the download (and the server's query).
 */
export async function downloadExport(
  api: ApiClient,
  listPath: string,
  query: Query,
  { signal, onRows, sink }: ExportOptions,
): Promise<ExportedFile> {
  const response = await api.stream(`${listPath}${EXPORT_PATH_SUFFIX}`, exportQuery(query), signal);
  if (!response.body) throw new Error('The export answer has no body.');
  const reader = response.body.getReader();
  const counter = createCsvRecordCounter();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (sink) await sink(value);
    else chunks.push(value);
    counter.add(value);
    onRows(counter.rows);
  }
  const fileName = attachmentFileName(response.headers.get('Content-Disposition'), fallbackName(listPath));
  return {
    blob: sink ? null : new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }),
    fileName,
    rows: counter.rows,
  };
}
