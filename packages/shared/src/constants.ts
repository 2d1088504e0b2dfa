// Business constants in PRODUCT.md (Limits) and the design's decisions; one definition for every app.
export const PASSWORD_MIN_LENGTH = 8;
export const PHONE_COUNTRY_CODE = '+1';
export const ITEMS_PAGE_SIZE = 20;
export const DASHBOARD_LIST_MAX = 5;
export const PENDING_ASSIGNMENT_MINUTES = 10;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Longest side of a stored photo: sharp enough for a phone screen, small enough for a finder's data plan. */
export const PHOTO_MAX_SIDE = 1600;
export const PAGES_TO_PRINT = { min: 1, max: 10, default: 1 } as const;
export const TEST_PRINT_MAX_CODES = 240;
export const DEFAULT_LABELS_PER_SHEET = 80;
export const DEFAULT_DOMAIN = 'localhost:3000';
export const STORAGE_KEYS = { sessionToken: 'sessionToken', currentUser: 'currentUser' } as const;
