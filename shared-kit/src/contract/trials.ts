// Owned by the licensing area (issue: mfe-licensing): schemas and types of the trials API.
import { Type, type Static } from '@sinclair/typebox';
import { Id, ListQuery, Paged, Text, Timestamp } from './common';
import { HARDWARE_FINGERPRINT_MAX_LENGTH } from './licenses';

/** A product trial (docs/console.md, Records): one per hardware fingerprint and product. */
export const Trial = Type.Object({
  id: Id,
  hardware_fingerprint: Text(),
  created_at: Timestamp,
});
export type Trial = Static<typeof Trial>;

export const TrialList = Paged(Trial);
export type TrialList = Static<typeof TrialList>;

export const TrialListQuery = ListQuery({
  hardware_fingerprint: Type.Optional(Text({ maxLength: HARDWARE_FINGERPRINT_MAX_LENGTH })),
});
export type TrialListQuery = Static<typeof TrialListQuery>;

export const TrialParams = Type.Object({ id: Id, trialId: Id });
export type TrialParams = Static<typeof TrialParams>;
