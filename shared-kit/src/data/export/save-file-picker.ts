/** What an export writes through: a FileSystemWritableFileStream of the File System Access API. */
export interface ExportFileWriter {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

interface SaveFilePickerOptions {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}

/** Chromium's save dialog; Firefox and Safari have none. */
type SaveFilePicker = (options: SaveFilePickerOptions) => Promise<{ createWritable(): Promise<ExportFileWriter> }>;

/**
 * Asks where to save the export, so it streams to disk instead of being held in the tab (a million licences are
 * some 150 MB). Answers null where the browser has no save dialog, or refuses it (no user activation, a sandboxed
 * frame): the caller then keeps the file in memory and downloads it. Rejects with an AbortError when the person
 * dismisses the dialog. Must be called before any other await of the click, while it still counts as the user's.
 */
export async function chooseExportFile(suggestedName: string): Promise<ExportFileWriter | null> {
  const picker = (window as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  if (typeof picker !== 'function') return null;
  try {
    const handle = await picker.call(window, {
      suggestedName,
      types: [{ description: 'CSV file', accept: { 'text/csv': ['.csv'] } }],
    });
    return await handle.createWritable();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return null;
  }
}
