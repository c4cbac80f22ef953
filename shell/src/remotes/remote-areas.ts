import type { AccessLevel, RemoteName } from 'shared-kit';

export interface RemoteArea {
  remote: RemoteName;
  /** The first path segments under /Home that this remote renders. */
  segments: string[];
  /** Who may open the area in the console (the server enforces its own rules on every call). */
  roles: AccessLevel[];
  title: string;
}

/** Each remote's own declaration (its package.json "producthubArea"), compiled in by the build (tools/webpack/remote-areas.js). */
declare const PRODUCTHUB_REMOTE_AREAS: RemoteArea[];

export const REMOTE_AREAS: RemoteArea[] = PRODUCTHUB_REMOTE_AREAS;

export function areaOfPath(pathAfterHome: string): RemoteArea | undefined {
  const segment = pathAfterHome.split('/')[0];
  return REMOTE_AREAS.find((area) => area.segments.includes(segment));
}
