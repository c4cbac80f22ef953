import type { Product } from 'shared-kit/contract';
import type { ProductRow } from '../db/schema';
import { withApiTimestamps } from '../db/api-timestamps';

export const toProduct = (row: Omit<ProductRow, 'private_key_encrypted'>): Product => withApiTimestamps(row);
