import {
  PRODUCT_DEFAULTS,
  type Product,
  type ProductCreateBody,
  type ProductPatchBody,
  type ProductType,
} from 'shared-kit';
import { PRODUCT_MACHINE_LIMIT_MAX, PRODUCT_OPTIONAL_TEXTS, PRODUCT_TRIAL_DAYS_MAX } from 'shared-kit/contract';
import { contractErrors, type ContractRules } from 'shared-kit/forms';

/** The form as typed: numbers stay text until saved (docs/console.md, Product form: saved as the numbers the text converts to). */
export interface ProductFormValues {
  type: ProductType;
  name: string;
  plugin_name: string;
  /** The selected product id, or '' for none. */
  dependency_id: string;
  identifier: string;
  trial_days: string;
  series: string;
  content_base_directory: string;
  tagline: string;
  page: string;
  app_image: string;
  plugin_browser_logo: string;
  plugin_browser_moodshot: string;
  app_featured: boolean;
  app_sort_order: string;
  app_sort_order_featured: string;
  upgrade_id: string;
  deprecated: boolean;
  machine_limit: string;
}

export type ProductFormErrors = Partial<Record<keyof ProductFormValues, string>>;

/** The defaults (docs/console.md, Product form): type Full, trial days 0, sort orders 1. */
export const NEW_PRODUCT_FORM: ProductFormValues = {
  type: PRODUCT_DEFAULTS.type,
  name: '',
  plugin_name: '',
  dependency_id: '',
  identifier: '',
  trial_days: String(PRODUCT_DEFAULTS.trial_days),
  series: '',
  content_base_directory: '',
  tagline: '',
  page: '',
  app_image: '',
  plugin_browser_logo: '',
  plugin_browser_moodshot: '',
  app_featured: false,
  app_sort_order: String(PRODUCT_DEFAULTS.app_sort_order),
  app_sort_order_featured: String(PRODUCT_DEFAULTS.app_sort_order_featured),
  upgrade_id: '',
  deprecated: false,
  machine_limit: String(PRODUCT_DEFAULTS.machine_limit),
};

export function formOfProduct(product: Product): ProductFormValues {
  return {
    type: product.type,
    name: product.name,
    plugin_name: product.plugin_name,
    dependency_id: product.dependency_id === null ? '' : String(product.dependency_id),
    identifier: product.identifier ?? '',
    trial_days: String(product.trial_days),
    series: product.series ?? '',
    content_base_directory: product.content_base_directory ?? '',
    tagline: product.tagline ?? '',
    page: product.page ?? '',
    app_image: product.app_image ?? '',
    plugin_browser_logo: product.plugin_browser_logo ?? '',
    plugin_browser_moodshot: product.plugin_browser_moodshot ?? '',
    app_featured: product.app_featured,
    app_sort_order: String(product.app_sort_order),
    app_sort_order_featured: String(product.app_sort_order_featured),
    upgrade_id: product.upgrade_id ?? '',
    deprecated: product.deprecated,
    machine_limit: String(product.machine_limit),
  };
}

/** docs/console.md, Product form: anything but ContentOnly clears the dependency; anything but PluginOnly the content base directory. */
export function withType(values: ProductFormValues, type: ProductType): ProductFormValues {
  return {
    ...values,
    type,
    dependency_id: type === 'ContentOnly' ? values.dependency_id : '',
    content_base_directory: type === 'PluginOnly' ? values.content_base_directory : '',
  };
}

const toNumber = (text: string) => Number(text.trim());

/** The console's texts (docs/console.md, Product form) for what the contract's product schema refuses. */
const PRODUCT_MESSAGES: ContractRules<ProductFormValues, unknown>['messages'] = {
  type: 'Type is required.',
  name: 'Name is required.',
  plugin_name: 'Plugin Name is required.',
  trial_days: `Trial Days must be a whole number from 0 to ${PRODUCT_TRIAL_DAYS_MAX}.`,
  app_sort_order: 'App Sort Order must be a whole number.',
  app_sort_order_featured: 'App Sort Order Featured must be a whole number.',
  machine_limit: `Machine Limit must be a whole number from 1 to ${PRODUCT_MACHINE_LIMIT_MAX}.`,
};

/** docs/console.md, Product form: Dependency required for ContentOnly (a rule across two fields, which the server checks too). */
const dependencyRule = (values: ProductFormValues): ProductFormErrors =>
  values.type === 'ContentOnly' && !values.dependency_id
    ? { dependency_id: 'Dependency is required for a ContentOnly product.' }
    : {};

/** The form checked as the server checks the body it sends: POST's schema when creating, PATCH's on `product`. */
export function productContract(
  product?: Product,
): ContractRules<ProductFormValues, ProductCreateBody | ProductPatchBody> {
  return {
    // Loaded with the first check: the schema library stays out of the remote's first load.
    schema: () =>
      import('shared-kit/contract').then((contract) =>
        product ? contract.ProductPatchBody : contract.ProductCreateBody,
      ),
    toBody: (values) => (product ? toPatchBody(values, product) : toCreateBody(values)),
    messages: PRODUCT_MESSAGES,
    rules: dependencyRule,
  };
}

/** docs/console.md, Product form: Type, Name and Plugin Name required; Dependency required for ContentOnly; numbers must be numbers. */
export const validateProductForm = (values: ProductFormValues): Promise<ProductFormErrors> =>
  contractErrors(productContract(), values);

/** docs/console.md, Product form: the content base directory is blanked unless PluginOnly, the dependency unless ContentOnly. */
function savedFields(values: ProductFormValues) {
  const typed = withType(values, values.type);
  return {
    ...typed,
    name: typed.name.trim(),
    plugin_name: typed.plugin_name.trim(),
    trial_days: toNumber(typed.trial_days),
    app_sort_order: toNumber(typed.app_sort_order),
    app_sort_order_featured: toNumber(typed.app_sort_order_featured),
    machine_limit: toNumber(typed.machine_limit),
    dependency_id: typed.dependency_id ? Number(typed.dependency_id) : null,
  };
}

/** POST /products: fields left empty are omitted (docs/console.md, Product form). */
export function toCreateBody(values: ProductFormValues): ProductCreateBody {
  const fields = savedFields(values);
  const body: ProductCreateBody = {
    type: fields.type,
    name: fields.name,
    plugin_name: fields.plugin_name,
    trial_days: fields.trial_days,
    app_featured: fields.app_featured,
    app_sort_order: fields.app_sort_order,
    app_sort_order_featured: fields.app_sort_order_featured,
    machine_limit: fields.machine_limit,
  };
  if (fields.dependency_id !== null) body.dependency_id = fields.dependency_id;
  for (const field of PRODUCT_OPTIONAL_TEXTS) {
    const text = fields[field].trim();
    if (text) body[field] = text;
  }
  return body;
}

/** PATCH /products/{id}: every field is sent (docs/console.md, Product form), on top of the product as loaded. */
export function toPatchBody(values: ProductFormValues, product: Product): ProductPatchBody {
  const fields = savedFields(values);
  return {
    ...product,
    type: fields.type,
    name: fields.name,
    plugin_name: fields.plugin_name,
    dependency_id: fields.dependency_id,
    trial_days: fields.trial_days,
    app_featured: fields.app_featured,
    app_sort_order: fields.app_sort_order,
    app_sort_order_featured: fields.app_sort_order_featured,
    machine_limit: fields.machine_limit,
    upgrade_id: fields.upgrade_id.trim(),
    deprecated: fields.deprecated,
    ...Object.fromEntries(PRODUCT_OPTIONAL_TEXTS.map((field) => [field, fields[field].trim()])),
  };
}
