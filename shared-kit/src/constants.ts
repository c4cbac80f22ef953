// Business constants (docs/console.md, Constants), in one place for the server and the console.
export const PAGE_SIZE_OPTIONS = [100, 250] as const;
export const DEFAULT_PAGE_SIZE = 100;
export const FALLBACK_PAGE_SIZE = 25;
export const FIRST_LOAD_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 250;
/** The ids of every object: PostgreSQL's positive `integer`s (the contract's `Id`, the console's id parameters). */
export const ID_RANGE = { minimum: 1, maximum: 2147483647 } as const;
export const DEPENDENCY_PICKER_SIZE = 100;
export const LICENSE_PRODUCT_PICKER_SIZE = 250;
export const TRANSFER_USER_PICKER_SIZE = 100;
export const BUILD_PICKER_SIZE = 250;
export const PAGINATION_ALL_PAGES_UP_TO = 7;
export const HTTP_TIMEOUT_MS = 100_000;
export const SESSION_LIFETIME_HOURS = 24;
export const REMEMBERED_LIST_STATES = 10;
export const COUNTRY_CODE_MAX_LENGTH = 2;
export const MANUFACTURER_SAVED_LEAVE_DELAY_MS = 2000;
export const COPY_CONFIRMATION_MS = 1000;

/** CSV export of a list: `GET <list path>/export.csv` with the list's search (docs/history-and-export.md). */
export const EXPORT_PATH_SUFFIX = '/export.csv';

export const AUTH_STORAGE_KEY = 'producthub_auth';
export const LIST_STATE_STORAGE_KEY = 'producthub_list_state';
export const AUTH_COOKIE_NAME = 'authorization';
export const AUTH_SCHEME = 'MSession';

export const ACCESS_LEVELS = ['superuser', 'manufacturer'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const PRODUCT_TYPES = ['Full', 'PluginOnly', 'ContentOnly'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const BUILD_OSES = ['macOS', 'Windows', 'any'] as const;
export type BuildOs = (typeof BUILD_OSES)[number];

export const LICENSE_TYPES = ['NFR', 'Standard', 'Free'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];
export const DEFAULT_LICENSE_TYPE: LicenseType = 'NFR';

export const DISABLE_REASONS = ['DuplicateOrder', 'CancelledOrder', 'FraudulentUse'] as const;
export type DisableReason = (typeof DISABLE_REASONS)[number];
export const DEFAULT_DISABLE_REASON: DisableReason = 'DuplicateOrder';

export const SIGNATURE_SEED_VERSIONS = [4, 5] as const;
export type SignatureSeedVersion = (typeof SIGNATURE_SEED_VERSIONS)[number];
export const DEFAULT_SIGNATURE_SEED_VERSION: SignatureSeedVersion = 5;
export const HARDWARE_FINGERPRINT_VERSION = 2;

export const RELEASE_CHANNEL_TYPE = 'Release';
export const PRODUCTION_ENVIRONMENT = 'production';

export const PRODUCT_DEFAULTS = {
  type: 'Full' as ProductType,
  trial_days: 0,
  machine_limit: 3,
  app_sort_order: 1,
  app_sort_order_featured: 1,
};
