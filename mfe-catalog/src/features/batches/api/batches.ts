import {
  useApiResource,
  type Batch,
  type BatchList,
  type BatchVoided,
  type CreateBatchBody,
  type ResourceResult,
} from 'shared-kit';
import { batchKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

/** GET /products/{id}/batches: the product's reseller batches with their redeemed and voided counts. */
export const useBatches = (productId: number): ResourceResult<BatchList> =>
  useApiResource<BatchList>(batchKeys.list(productId));

interface NewBatch {
  productId: number;
  body: CreateBatchBody;
}

const createBatch: ApiMutation<NewBatch, Batch> = {
  name: 'create-batch',
  method: 'POST',
  path: ({ productId }) => batchKeys.list(productId),
  body: ({ body }) => body,
  invalidates: ({ productId }) => [batchKeys.list(productId)],
};

/** POST /products/{id}/batches: N unassigned serials for a reseller, made in one statement. */
export const useCreateBatch = () => useApiMutation<NewBatch, Batch>(createBatch);

interface BatchRef {
  productId: number;
  batchId: number;
}

const voidBatch: ApiMutation<BatchRef, BatchVoided> = {
  name: 'void-batch',
  method: 'POST',
  path: ({ productId, batchId }) => batchKeys.void(productId, batchId),
  // No serials named: every unsold serial of the batch.
  body: () => ({}),
  invalidates: ({ productId }) => [batchKeys.list(productId)],
};

/** POST /products/{id}/batches/{batchId}/void: voids the batch's unsold serials (redeemed ones stay). */
export const useVoidBatch = () => useApiMutation<BatchRef, BatchVoided>(voidBatch);
