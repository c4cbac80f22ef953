import { usePagedList, type AuditEvent, type PagedListResult } from 'shared-kit';
import { auditEventKeys } from '../keys';

/** The kinds of record the server keeps history of (`object_type` of GET /audit-events). */
export type HistoryObjectType =
  | 'product'
  | 'release'
  | 'build'
  | 'build_file'
  | 'license'
  | 'end_user'
  | 'trial'
  | 'manufacturer'
  | 'system_user'
  | 'order';

export interface HistoryPage {
  objectType: HistoryObjectType;
  objectId: number;
  page: number;
  perPage: number;
}

/** GET /audit-events of one record, newest first. */
export const recordHistoryKey = ({ objectType, objectId, page, perPage }: HistoryPage) =>
  auditEventKeys.list({ object_type: objectType, object_id: objectId, page, per_page: perPage });

export const useRecordHistory = (request: HistoryPage): PagedListResult<AuditEvent> =>
  usePagedList<AuditEvent>(recordHistoryKey(request));
