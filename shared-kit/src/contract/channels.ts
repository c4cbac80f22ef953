// Owned by the catalog area (issue: mfe-catalog): schemas and types of the distribution channel API. The
// users area lists channels (channel memberships) with DistributionChannel; extend, do not rename.
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';

/** A manufacturer's distribution channel; type `Release` is the one everybody is always in. */
export const DistributionChannel = Type.Object({ id: Id, type: Type.String(), name: Type.String() });
export type DistributionChannel = Static<typeof DistributionChannel>;
