import type { AccountContacts, SessionUser } from '@homing/shared';
import { api, sessionStore } from '../api';
import { NETWORK_ERROR, type ApiResult } from '../api/client';

/** The server's words, or a fallback; a request that never arrived has its own. */
export function errorText(result: ApiResult<unknown>, fallback: string) {
  if (result.code === NETWORK_ERROR) return 'Network error. Please check your connection and try again.';
  return result.error || fallback;
}

/** Signs this browser in with a session the server just opened (after a password reset). */
export function adoptSession(user: SessionUser, sessionToken: string) {
  sessionStore.set({ sessionToken, user });
}

export const accountApi = {
  requestReset: (identifier: string) =>
    api.post<{ channel: 'email' | 'sms'; message: string }>(
      '/api/auth/password-reset',
      { identifier },
      { auth: false },
    ),
  confirmReset: (
    body: { token: string; password: string } | { phoneNumber: string; code: string; password: string },
  ) =>
    api.post<{ user: SessionUser; sessionToken: string }>('/api/auth/password-reset/confirm', body, {
      auth: false,
    }),
  confirmEmail: (token: string) =>
    api.post<{ user: SessionUser }>('/api/auth/confirm-email', { token }, { auth: false }),
  contacts: () => api.get<AccountContacts>('/api/users/me/contacts'),
  changeEmail: (email: string, currentPassword: string) =>
    api.post<{ sent: boolean; contacts: AccountContacts }>('/api/users/me/contacts/email', {
      email,
      currentPassword,
    }),
  changePhone: (phoneNumber: string, smsOptIn: boolean, currentPassword: string) =>
    api.post<{ sent: boolean; contacts: AccountContacts }>('/api/users/me/contacts/phone', {
      phoneNumber,
      smsOptIn,
      currentPassword,
    }),
  undoContactChange: (token: string) =>
    api.post<{ restored: 'email' | 'phone'; message: string }>(
      '/api/auth/undo-contact-change',
      { token },
      { auth: false },
    ),
  confirmPhone: (code: string) =>
    api.post<{ contacts: AccountContacts }>('/api/users/me/contacts/phone/confirm', { code }),
};
