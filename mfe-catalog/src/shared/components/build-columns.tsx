import { formatDateTime, type Build, type TableColumn } from 'shared-kit';
import { buildVersion, yesNo } from './build-format';

/** The columns a build shows wherever builds are listed (the product's builds, a release's builds). */
export const buildColumns: TableColumn<Build>[] = [
  { id: 'id', header: 'ID', cell: (build) => build.id, width: '72px' },
  { id: 'os', header: 'OS', cell: (build) => build.os },
  { id: 'version', header: 'Version', cell: buildVersion },
  { id: 'build_number', header: 'Build number', cell: (build) => build.build_number },
];

export const buildTimestampColumns: TableColumn<Build>[] = [
  { id: 'upload_confirmed', header: 'Upload Confirmed', cell: (build) => yesNo(build.upload_confirmed) },
  { id: 'created_at', header: 'Created At', cell: (build) => formatDateTime(build.created_at) },
  { id: 'updated_at', header: 'Updated At', cell: (build) => formatDateTime(build.updated_at) },
];
