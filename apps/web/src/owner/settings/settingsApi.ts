import type {
  BackupContact,
  NotificationPreferences,
  PasswordChangeRequest,
  SessionUser,
  SignedInSession,
} from '@homing/shared';
import { api } from '../../api';

/** The owner's settings calls (`/api/users/me/...`). */
export const settingsApi = {
  updateProfile: (name: string) => api.put<{ user: SessionUser }>('/api/users/me/profile', { name }),
  changePassword: (body: PasswordChangeRequest) =>
    api.post<{ message: string; signedOutSessions: number }>('/api/users/me/password', body),
  preferences: () => api.get<NotificationPreferences>('/api/users/me/notification-preferences'),
  savePreferences: (body: NotificationPreferences) =>
    api.put<NotificationPreferences>('/api/users/me/notification-preferences', body),
  backupContacts: () => api.get<{ contacts: BackupContact[] }>('/api/users/me/backup-contacts'),
  addBackupContact: (contact: string) =>
    api.post<{ contacts: BackupContact[] }>('/api/users/me/backup-contacts', { contact }),
  removeBackupContact: (id: string) =>
    api.delete<{ contacts: BackupContact[] }>(`/api/users/me/backup-contacts/${encodeURIComponent(id)}`),
  confirmBackupContact: (token: string) =>
    api.post<{ message: string }>('/api/backup-contacts/confirm', { token }, { auth: false }),
  sessions: () => api.get<{ sessions: SignedInSession[] }>('/api/users/me/sessions'),
  signOutSession: (id: string) =>
    api.delete<{ signedOut: boolean }>(`/api/users/me/sessions/${encodeURIComponent(id)}`),
  signOutOthers: () => api.post<{ signedOutSessions: number }>('/api/users/me/sessions/sign-out-others'),
  deleteAccount: (password: string) =>
    api.post<{ deleted: boolean; message: string }>('/api/users/me/delete', { password }),
};

/** Downloads the account's export (a JSON file) with the bearer token in a header, never a URL. */
export async function downloadExport(token: string): Promise<boolean> {
  const base = await api.baseUrl();
  const res = await fetch(`${base}/api/users/me/export`, {
    headers: { Authorization: `Bearer ${token}` },
    cache: 'no-store',
  });
  if (!res.ok) return false;
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'export.json';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}

/** Every IANA zone the browser knows, the owner's own first. */
export function timeZones(current: string): string[] {
  const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, here, 'UTC', ...all])];
}
