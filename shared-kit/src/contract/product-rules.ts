// Product limits the console and the server share. No TypeBox here, so the console can use them without
// shipping the schema library.

export const PRODUCT_TEXT_MAX_LENGTH = 1000;
export const PRODUCT_TRIAL_DAYS_MAX = 3650;
export const PRODUCT_MACHINE_LIMIT_MAX = 1000;
export const PRODUCT_SORT_ORDER_MAX = 1_000_000;

/** A product's optional texts and links, in the API's field order: blank means none (null). The form edits each as text. */
export const PRODUCT_OPTIONAL_TEXTS = [
  'identifier',
  'series',
  'content_base_directory',
  'tagline',
  'page',
  'app_image',
  'plugin_browser_logo',
  'plugin_browser_moodshot',
] as const;
