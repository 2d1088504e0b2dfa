import type { SessionUser } from '@homing/shared';
import { NETWORK_ERROR, type ApiClient, type ApiResult } from '../api/client';

/** The register payload in PRODUCT.md (Entities) (plus the opt-in the server checks for phones). */
export interface RegisterPayload {
  password: string;
  name?: string;
  email?: string;
  phoneNumber?: string;
  smsOptIn?: boolean;
}

export type AuthOutcome =
  | { success: true; user: SessionUser; sessionToken: string; message: string }
  /** `throttled`: too many failed sign-ins; a password reset lets the owner in at once. */
  | { success: false; error: string; notice?: boolean; throttled?: boolean };

interface AuthData {
  user?: SessionUser | null;
  sessionToken?: string | null;
  message?: string;
}

const TEXTS = {
  login: { ok: 'Login successful!', failed: 'Login failed', network: 'Network error during login' },
  register: {
    ok: 'Account created successfully!',
    failed: 'Registration failed',
    network: 'Network error during registration',
  },
} as const;

/** PRODUCT.md, Errors: server text as returned, else the fallback; a failed request has its own text. */
export function toAuthOutcome(result: ApiResult<AuthData>, kind: 'login' | 'register'): AuthOutcome {
  const texts = TEXTS[kind];
  if (!result.success) {
    if (result.code === NETWORK_ERROR) return { success: false, error: texts.network };
    if (kind === 'login' && result.status === 429)
      return { success: false, error: result.error || texts.failed, throttled: true };
    return { success: false, error: result.error || texts.failed };
  }
  const user = result.data?.user ?? (result.user as SessionUser | undefined);
  const sessionToken = result.data?.sessionToken ?? (result.sessionToken as string | undefined);
  // A sign-up with a contact that already has an account: no session, and the server's
  // "check your e-mail" (the page never says the account exists).
  const message = result.data?.message ?? result.message;
  if (kind === 'register' && !user && !sessionToken && typeof message === 'string')
    return { success: false, error: message, notice: true };
  if (!user || !sessionToken) return { success: false, error: texts.failed };
  return { success: true, user, sessionToken, message: texts.ok };
}

export async function requestLogin(api: ApiClient, identifier: string, password: string) {
  const result = await api.post<AuthData>('/api/auth/login', { identifier, password }, { auth: false });
  return toAuthOutcome(result, 'login');
}

/** This browser's IANA time zone, sent at sign-up so the owner's messages read in their own time. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export async function requestRegister(api: ApiClient, payload: RegisterPayload) {
  const timeZone = browserTimeZone();
  const body = timeZone ? { ...payload, timeZone } : payload;
  const result = await api.post<AuthData>('/api/auth/register', body, { auth: false });
  return toAuthOutcome(result, 'register');
}
