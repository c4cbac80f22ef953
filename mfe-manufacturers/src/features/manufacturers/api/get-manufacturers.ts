import type { ListState } from 'shared-kit';
import { manufacturerKeys } from 'shared-kit/data';

/** GET /manufacturers: one page of every manufacturer (superuser only). */
export const manufacturersKey = ({ page, perPage }: ListState) => manufacturerKeys.list({ page, per_page: perPage });
