import { z } from 'zod';

/** Every API answer: `{ success, data, error }` (PRODUCT.md, Calls). */
export type Envelope<T> =
  { success: true; data: T; error: null } | { success: false; data: null; error: string; code?: string };

export const appConfig = z.object({
  domainName: z.string(),
  isDevelopment: z.boolean(),
  brandName: z.string(),
  brandWord: z.string(),
  companyName: z.string(),
  /** The number finders text, printed on labels (SMS_PUBLIC_NUMBER); null: none. */
  smsNumber: z.string().nullable().default(null),
});
export type AppConfig = z.infer<typeof appConfig>;
