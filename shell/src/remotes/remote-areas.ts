import type { AccessLevel, RemoteName } from 'shared-kit';
import { CONSOLE_PAGE_TABLES, firstSegmentOf } from 'shared-kit/pages';

export interface RemoteArea {
  remote: RemoteName;
  /** The first path segments under /Home that this remote renders. */
  segments: string[];
  /** Who may open the area's pages of a segment in the console (the server enforces its own rules on every call). */
  accessOf: (segment: string) => readonly AccessLevel[];
  title: string;
}

/** Each remote's area, read from its page table (shared-kit/pages): no remote is loaded to know it. */
export const REMOTE_AREAS: RemoteArea[] = Object.values(CONSOLE_PAGE_TABLES).map((table) => {
  const pages = Object.values(table.pages);
  return {
    remote: table.remote,
    title: table.title,
    segments: [...new Set(pages.map((page) => firstSegmentOf(page.path)))],
    accessOf: (segment) => [
      ...new Set(pages.filter((page) => firstSegmentOf(page.path) === segment).flatMap((page) => page.access)),
    ],
  };
});

export function areaOfPath(pathAfterHome: string): RemoteArea | undefined {
  const segment = firstSegmentOf(pathAfterHome);
  return REMOTE_AREAS.find((area) => area.segments.includes(segment));
}
