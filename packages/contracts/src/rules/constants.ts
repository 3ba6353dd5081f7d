/** SPEC §9: business constants and limits. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 1000;
export const DEFAULT_ORDER = 'asc' as const;
export const DEFAULT_ORDER_BY = 'id';
export const UNSET = -1;
export const TOAST_MS = 5000;
export const SOCKET_TIMEOUT_MS = 5000;
export const MAPS_FAILURE_CHECK_MS = 300;
export const HISTORY_ENTRIES = 5;
/** A new password may not repeat the current one nor any of this many before it (issue 16). */
export const PASSWORD_HISTORY = 5;
export const LOGIN_FIELD_MIN = 1;
export const LOGIN_FIELD_MAX = 20;
export const HEADSHOT_MAX_MB = 2;
export const HEADSHOT_TYPES = ['png', 'jpg', 'jpeg', 'webp'] as const;
export const DRAWER_WIDE_LANGUAGES = ['en', 'th', 'ja'] as const;
export const DRAWER_WIDTH_WIDE = 280;
export const DRAWER_WIDTH_NARROW = 240;
export const CONTENT_MIN_HEIGHT_VH = 85;
export const DATE_RANGE_MAX_MONTHS = 3;
export const DATE_RANGE_WEEK_DAYS = 7;
export const LOCALE_STORAGE_KEY = 'locale';
export const CHINESE_TIME_ZONES = ['Asia/Taipei', 'Asia/Shanghai'] as const;
export const Locale = { en: 'en', zhTW: 'zh-TW' } as const;
export type Locale = (typeof Locale)[keyof typeof Locale];
export const locales: Locale[] = ['en', 'zh-TW'];
