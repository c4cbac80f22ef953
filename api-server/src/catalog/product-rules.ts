import type { ProductCreateBody, ProductPatchBody } from 'shared-kit/contract';
import { PRODUCT_DEFAULTS, PRODUCT_OPTIONAL_TEXTS, isHttpUrl, notAnHttpUrl } from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { ProductRow } from '../db/schema';
import { badRequest, conflict } from '../lib/http-error';
import { countDependants, findProduct, findProductByIdentifier } from './queries/products';

const OPTIONAL_TEXT_FIELDS = [...PRODUCT_OPTIONAL_TEXTS, 'upgrade_id'] as const;

/** The link fields of a product and their labels in the console's form (docs/console.md, Product form). */
const URL_FIELDS = {
  page: 'Product Page',
  app_image: 'App Image',
  plugin_browser_logo: 'Plugin Browser Logo',
  plugin_browser_moodshot: 'Plugin Browser Moodshot',
} as const;

/** The editable state of a product, after the rules of docs/console.md (Product form) are applied. */
export type ProductFields = Omit<
  ProductRow,
  'id' | 'manufacturer_id' | 'public_key' | 'private_key_encrypted' | 'created_at' | 'updated_at'
>;

export const DEPENDENCY_REQUIRED = 'Dependency is required for a ContentOnly product.';
export const DEPENDENCY_NOT_PLUGIN_ONLY = 'Dependency must be a PluginOnly product of your manufacturer.';
export const DEPENDENCY_ON_ITSELF = 'A product cannot be its own dependency.';
export const identifierTaken = (identifier: string) => `A product with the identifier '${identifier}' already exists.`;
export const mustStayPluginOnly = (count: number) =>
  `${count === 1 ? '1 ContentOnly product depends' : `${count} ContentOnly products depend`} on this product, so its type must stay PluginOnly.`;

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

const NEW_PRODUCT: ProductFields = {
  name: '',
  type: PRODUCT_DEFAULTS.type,
  plugin_name: '',
  dependency_id: null,
  identifier: null,
  trial_days: PRODUCT_DEFAULTS.trial_days,
  machine_limit: PRODUCT_DEFAULTS.machine_limit,
  series: null,
  content_base_directory: null,
  tagline: null,
  page: null,
  app_image: null,
  plugin_browser_logo: null,
  plugin_browser_moodshot: null,
  upgrade_id: null,
  app_featured: false,
  app_sort_order: PRODUCT_DEFAULTS.app_sort_order,
  app_sort_order_featured: PRODUCT_DEFAULTS.app_sort_order_featured,
  deprecated: false,
};

/** A new product's fields: the defaults (docs/console.md, Product form) for what the create body leaves out. */
export const fieldsOfCreate = (body: ProductCreateBody): ProductFields => fieldsOfPatch(NEW_PRODUCT, body);

/** An edited product's fields: what the body sends replaces what is stored. */
export function fieldsOfPatch(current: ProductFields, body: ProductPatchBody): ProductFields {
  // Only the editable fields: a stored row also carries its id, keys and timestamps, which an edit never writes.
  const next = Object.fromEntries(
    Object.keys(NEW_PRODUCT).map((field) => [field, current[field as keyof ProductFields]]),
  ) as unknown as ProductFields;
  if (body.name !== undefined) next.name = body.name.trim();
  if (body.plugin_name !== undefined) next.plugin_name = body.plugin_name.trim();
  if (body.type !== undefined) next.type = body.type;
  if (body.dependency_id !== undefined) next.dependency_id = body.dependency_id;
  for (const field of OPTIONAL_TEXT_FIELDS) {
    if (body[field] !== undefined) next[field] = blankToNull(body[field]);
  }
  for (const field of ['trial_days', 'machine_limit', 'app_sort_order', 'app_sort_order_featured'] as const) {
    if (body[field] !== undefined) next[field] = body[field];
  }
  for (const [field, label] of Object.entries(URL_FIELDS) as [keyof typeof URL_FIELDS, string][]) {
    const url = next[field];
    if (body[field] !== undefined && url !== null && !isHttpUrl(url)) throw badRequest(notAnHttpUrl(label));
  }
  if (body.app_featured !== undefined) next.app_featured = body.app_featured;
  if (body.deprecated !== undefined) next.deprecated = body.deprecated;
  return applyTypeRules(next);
}

/** docs/console.md, Product form: only a ContentOnly product has a dependency; only a PluginOnly one a content base directory. */
export function applyTypeRules(fields: ProductFields): ProductFields {
  return {
    ...fields,
    dependency_id: fields.type === 'ContentOnly' ? fields.dependency_id : null,
    content_base_directory: fields.type === 'PluginOnly' ? fields.content_base_directory : null,
  };
}

/** The rules that need the database: the dependency, the unique identifier, products that depend on this one. */
export async function checkProductRules(
  db: Db,
  manufacturerId: number,
  fields: ProductFields,
  productId?: number,
): Promise<void> {
  if (fields.type === 'ContentOnly') {
    if (fields.dependency_id === null) throw badRequest(DEPENDENCY_REQUIRED);
    if (fields.dependency_id === productId) throw badRequest(DEPENDENCY_ON_ITSELF);
    const dependency = await findProduct(db, manufacturerId, fields.dependency_id);
    if (!dependency || dependency.type !== 'PluginOnly') throw badRequest(DEPENDENCY_NOT_PLUGIN_ONLY);
  }
  if (fields.identifier !== null && (await findProductByIdentifier(db, manufacturerId, fields.identifier, productId))) {
    throw conflict(identifierTaken(fields.identifier));
  }
  if (productId !== undefined && fields.type !== 'PluginOnly') {
    const dependants = await countDependants(db, manufacturerId, productId);
    if (dependants > 0) throw conflict(mustStayPluginOnly(dependants));
  }
}
