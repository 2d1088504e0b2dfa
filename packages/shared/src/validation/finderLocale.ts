// Kept free of zod so the finder's small bundle can import it.

/**
 * The languages of the finder's page and of everything we send a finder (their conversation link,
 * the owner's replies). A language added here needs the page's texts (apps/web/src/found) and the
 * API's (apps/api/src/notifications/finderMessages.ts); TypeScript asks for both.
 */
export const FINDER_LOCALES = ['en', 'es', 'fr'] as const;
export type FinderLocale = (typeof FINDER_LOCALES)[number];
