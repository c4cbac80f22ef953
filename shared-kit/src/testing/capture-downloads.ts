/** A file the page under test handed to the browser to save: its name and, once read, its text. */
export interface SavedDownload {
  name: string;
  text: string;
}

/**
 * Records every download (an object URL clicked through an anchor) in the calling describe block's tests, in order;
 * the list is emptied before each test. The text is read asynchronously: wait for it before comparing.
 */
export function captureDownloads(): SavedDownload[] {
  const saved: SavedDownload[] = [];
  beforeEach(() => {
    saved.length = 0;
    const blobs = new Map<string, Blob>();
    let next = 0;
    URL.createObjectURL = jest.fn((blob: Blob) => {
      const url = `blob:test/${++next}`;
      blobs.set(url, blob);
      return url;
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const entry = { name: this.download, text: '' };
      saved.push(entry);
      // jsdom's Blob has no text(): read it the old way.
      const reader = new FileReader();
      reader.onload = () => (entry.text = String(reader.result));
      reader.readAsText(blobs.get(this.href)!);
    });
  });
  afterEach(() => jest.restoreAllMocks());
  return saved;
}
