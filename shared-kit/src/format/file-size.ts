const UNITS = ['B', 'KB', 'MB', 'GB'] as const;
const BASE = 1024;
const DECIMALS = 2;

function toByteCount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** docs/console.md, Builds: B/KB/MB/GB, base 1024, 2 decimals; 'Unknown' for anything that is not a size. */
export function formatFileSize(bytes: unknown): string {
  const count = toByteCount(bytes);
  if (count === null || count < 0) return 'Unknown';

  let size = count;
  let unit = 0;
  // Compare the rounded value so 1048575 bytes reads '1.00 MB', not '1024.00 KB'.
  while (unit < UNITS.length - 1 && Number(size.toFixed(DECIMALS)) >= BASE) {
    size /= BASE;
    unit += 1;
  }
  return `${size.toFixed(DECIMALS)} ${UNITS[unit]}`;
}
