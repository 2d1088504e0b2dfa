import { z } from 'zod';

/** The signed-in session's shape. Pure (no Node), so the browser twin shares it. */

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  phoneNumber: z.string().nullable().optional(),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const storedSessionSchema = z.object({
  serverUrl: z.url({ protocol: /^https?$/ }),
  token: z.string().min(1),
  user: sessionUserSchema,
});
export type StoredSession = z.infer<typeof storedSessionSchema>;
