// Owned by the catalog area (issue: mfe-catalog): schemas and types of the products API. The users area
// lists products (licence creation picker) with Product; extend, do not rename.
import { Type, type Static } from '@sinclair/typebox';
import { PRODUCT_TYPES } from '../constants';
import { Id, ListQuery, Paged, Text, Timestamps } from './common';
import {
  PRODUCT_MACHINE_LIMIT_MAX,
  PRODUCT_SORT_ORDER_MAX,
  PRODUCT_TEXT_MAX_LENGTH,
  PRODUCT_TRIAL_DAYS_MAX,
} from './product-rules';

export const ProductTypeSchema = Type.Union(PRODUCT_TYPES.map((type) => Type.Literal(type)));

/** A product (docs/console.md, Records) (the private key never leaves the server). */
export const Product = Type.Object({
  id: Id,
  manufacturer_id: Id,
  name: Text(),
  type: ProductTypeSchema,
  public_key: Text(),
  plugin_name: Text(),
  dependency_id: Type.Union([Id, Type.Null()]),
  deprecated: Type.Boolean(),
  upgrade_id: Type.Union([Text(), Type.Null()]),
  identifier: Type.Union([Text(), Type.Null()]),
  trial_days: Type.Integer(),
  /** How many machines one licence may be activated on at once (client activations). */
  machine_limit: Type.Integer(),
  series: Type.Union([Text(), Type.Null()]),
  content_base_directory: Type.Union([Text(), Type.Null()]),
  tagline: Type.Union([Text(), Type.Null()]),
  page: Type.Union([Text(), Type.Null()]),
  app_image: Type.Union([Text(), Type.Null()]),
  plugin_browser_logo: Type.Union([Text(), Type.Null()]),
  plugin_browser_moodshot: Type.Union([Text(), Type.Null()]),
  app_featured: Type.Boolean(),
  app_sort_order: Type.Integer(),
  app_sort_order_featured: Type.Integer(),
  ...Timestamps,
});
export type Product = Static<typeof Product>;

/** GET /products: `identifier` matches anywhere in the identifier, case-insensitively; `type` filters. */
export const ProductListQuery = ListQuery({
  identifier: Type.Optional(Text({ maxLength: 200 })),
  type: Type.Optional(ProductTypeSchema),
});
export type ProductListQuery = Static<typeof ProductListQuery>;
export const ProductList = Paged(Product);

export * from './product-rules';

const RequiredText = (maxLength = 200) => Text({ minLength: 1, maxLength, pattern: '\\S' });
const OptionalText = (maxLength = 200) => Type.Optional(Type.Union([Text({ maxLength }), Type.Null()]));
const SortOrder = Type.Integer({ minimum: -PRODUCT_SORT_ORDER_MAX, maximum: PRODUCT_SORT_ORDER_MAX });

/** The fields a manufacturer edits; empty text means "no value". */
const editableFields = {
  name: RequiredText(),
  type: ProductTypeSchema,
  plugin_name: RequiredText(),
  dependency_id: Type.Optional(Type.Union([Id, Type.Null()])),
  identifier: OptionalText(),
  trial_days: Type.Optional(Type.Integer({ minimum: 0, maximum: PRODUCT_TRIAL_DAYS_MAX })),
  machine_limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PRODUCT_MACHINE_LIMIT_MAX })),
  series: OptionalText(),
  content_base_directory: OptionalText(PRODUCT_TEXT_MAX_LENGTH),
  tagline: OptionalText(PRODUCT_TEXT_MAX_LENGTH),
  page: OptionalText(PRODUCT_TEXT_MAX_LENGTH),
  app_image: OptionalText(PRODUCT_TEXT_MAX_LENGTH),
  plugin_browser_logo: OptionalText(PRODUCT_TEXT_MAX_LENGTH),
  plugin_browser_moodshot: OptionalText(PRODUCT_TEXT_MAX_LENGTH),
  app_featured: Type.Optional(Type.Boolean()),
  app_sort_order: Type.Optional(SortOrder),
  app_sort_order_featured: Type.Optional(SortOrder),
};

/** POST /products: the server generates the key pair. */
export const ProductCreateBody = Type.Object(editableFields, { additionalProperties: false });
export type ProductCreateBody = Static<typeof ProductCreateBody>;

/** PATCH /products/{id}: the console sends every field; read-only ones are accepted and ignored. */
export const ProductPatchBody = Type.Object(
  {
    ...Type.Partial(Type.Object(editableFields)).properties,
    deprecated: Type.Optional(Type.Boolean()),
    upgrade_id: OptionalText(),
    id: Type.Optional(Type.Integer()),
    manufacturer_id: Type.Optional(Type.Integer()),
    public_key: Type.Optional(Text()),
    created_at: Type.Optional(Text()),
    updated_at: Type.Optional(Text()),
  },
  { additionalProperties: false },
);
export type ProductPatchBody = Static<typeof ProductPatchBody>;
