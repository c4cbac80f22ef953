// Product limits the console and the server share. No TypeBox here, so the console can use them without
// shipping the schema library.

export const PRODUCT_TEXT_MAX_LENGTH = 1000;
export const PRODUCT_TRIAL_DAYS_MAX = 3650;
export const PRODUCT_MACHINE_LIMIT_MAX = 1000;
export const PRODUCT_SORT_ORDER_MAX = 1_000_000;

/** A product's optional details, texts and links, in the API's field order: blank means none (null). */
export const PRODUCT_DETAIL_TEXTS = [
  'series',
  'content_base_directory',
  'tagline',
  'page',
  'app_image',
  'plugin_browser_logo',
  'plugin_browser_moodshot',
] as const;

/** Every optional text of a product the console's form edits as a text box. */
export const PRODUCT_OPTIONAL_TEXTS = ['identifier', ...PRODUCT_DETAIL_TEXTS] as const;
