// Owned by the catalog area (issue: mfe-catalog): schemas and types of the products API. The users area
// lists products (licence creation picker) with Product; extend, do not rename.
import { Type, type Static } from '@sinclair/typebox';
import { PRODUCT_TYPES } from '../constants';
import { Id, Timestamp } from './common';

export const ProductTypeSchema = Type.Union(PRODUCT_TYPES.map((type) => Type.Literal(type)));

/** A product as SPEC §3 shapes it (the private key never leaves the server). */
export const Product = Type.Object({
  id: Id,
  manufacturer_id: Id,
  name: Type.String(),
  type: ProductTypeSchema,
  public_key: Type.String(),
  plugin_name: Type.String(),
  dependency_id: Type.Union([Id, Type.Null()]),
  deprecated: Type.Boolean(),
  upgrade_id: Type.Union([Type.String(), Type.Null()]),
  identifier: Type.Union([Type.String(), Type.Null()]),
  trial_days: Type.Integer(),
  series: Type.Union([Type.String(), Type.Null()]),
  content_base_directory: Type.Union([Type.String(), Type.Null()]),
  tagline: Type.Union([Type.String(), Type.Null()]),
  page: Type.Union([Type.String(), Type.Null()]),
  app_image: Type.Union([Type.String(), Type.Null()]),
  plugin_browser_logo: Type.Union([Type.String(), Type.Null()]),
  plugin_browser_moodshot: Type.Union([Type.String(), Type.Null()]),
  app_featured: Type.Boolean(),
  app_sort_order: Type.Integer(),
  app_sort_order_featured: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Product = Static<typeof Product>;
