// Owned by the catalog area (issue: mfe-catalog): schemas and types of the releases API, and the release
// distribution rule (docs/console.md, Distribution rule) that the console and the server both enforce.
import { Type, type Static } from '@sinclair/typebox';
import { BUILD_PICKER_SIZE } from '../constants';
import { Build } from './builds';
import { ReleaseDistribution } from './channels';
import { Id, Paged, Text, Timestamps } from './common';
import { APP_VERSION_PATTERN, RELEASE_TEXT_MAX_LENGTH } from './release-rules';

/** A release (docs/console.md, Records), with its builds and the channels it is distributed to. */
export const Release = Type.Object({
  id: Id,
  product_id: Id,
  description: Type.Union([Text(), Type.Null()]),
  unlocks_wo_license: Type.Boolean(),
  manual: Type.Union([Text(), Type.Null()]),
  app_version_min: Type.Union([Text(), Type.Null()]),
  app_version_max: Type.Union([Text(), Type.Null()]),
  builds: Type.Array(Build),
  distributions: Type.Array(ReleaseDistribution),
  ...Timestamps,
});
export type Release = Static<typeof Release>;

export const ReleaseList = Paged(Release);

export const ProductReleaseParams = Type.Object({ id: Id, releaseId: Id });
export type ProductReleaseParams = Static<typeof ProductReleaseParams>;

const OptionalText = Type.Optional(Type.Union([Text({ maxLength: RELEASE_TEXT_MAX_LENGTH }), Type.Null()]));
const OptionalVersion = Type.Optional(
  Type.Union([Type.Literal(''), Text({ pattern: APP_VERSION_PATTERN }), Type.Null()]),
);

const editableFields = {
  description: OptionalText,
  unlocks_wo_license: Type.Optional(Type.Boolean()),
  manual: OptionalText,
  app_version_min: OptionalVersion,
  app_version_max: OptionalVersion,
  /** The ids of the release's builds (builds of the same product). */
  builds: Type.Optional(Type.Array(Id, { maxItems: BUILD_PICKER_SIZE })),
};

/** POST /products/{productId}/releases */
export const ReleaseCreateBody = Type.Object(editableFields, { additionalProperties: false });
export type ReleaseCreateBody = Static<typeof ReleaseCreateBody>;

/** PATCH /products/{productId}/releases/{id}: the console sends every field; read-only ones are ignored. */
export const ReleasePatchBody = Type.Object(
  {
    ...editableFields,
    id: Type.Optional(Type.Integer()),
    product_id: Type.Optional(Type.Integer()),
    created_at: Type.Optional(Text()),
    updated_at: Type.Optional(Text()),
  },
  { additionalProperties: false },
);
export type ReleasePatchBody = Static<typeof ReleasePatchBody>;

export * from './release-rules';
