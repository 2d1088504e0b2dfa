/** Test support: the real API on the embedded database, one admin, sets made through the admin API. */
import { signUp, startTestServer } from '../../../api/src/testing/testServer';
import type { QrCodeSetDetail } from '@homing/shared';
import type { StationApi, StationSet } from '../core/apiClient';
import { createApiClient } from '../core/apiClient';

export const DOMAIN = 'homing.test';

export async function startStationServer(domain = DOMAIN, env: Record<string, string> = {}) {
  const server = await startTestServer({ DOMAIN_NAME: domain, ...env });
  const admin = await signUp(server, { admin: true });
  const api: StationApi = createApiClient({ serverUrl: server.url, token: admin.token });

  async function post<T>(path: string, body: unknown): Promise<T> {
    const res = await server.api<{ data: T }>('POST', path, { token: admin.token, body });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  /** A new top-level set of one sheet (80 codes on Avery 4221 unless named), not printed. */
  const unprintedSet = (templateId = 'avery-4221') =>
    post<QrCodeSetDetail>('/api/admin/qr-sets/create-with-codes', { templateId });

  async function printedSet() {
    const set = await unprintedSet();
    await post('/api/admin/qr-sets/mark-sets-printed', { setIds: [set.id] });
    return set;
  }

  /** A printed set split 5 rows per set, its first child (40 codes) released. */
  async function releasedChild(): Promise<StationSet> {
    const parent = await printedSet();
    const { children } = await post<{ children: { id: string }[] }>('/api/admin/qr-sets/split', {
      setId: parent.id,
      rowsPerSet: 5,
    });
    await post('/api/admin/qr-sets/mark-sets-released', { setIds: [children[0].id] });
    return api.getSet(children[0].id);
  }

  return {
    server,
    admin,
    api,
    unprintedSet,
    printedSet,
    releasedChild,
    getSet: (id: string) => api.getSet(id),
  };
}

export type StationServer = Awaited<ReturnType<typeof startStationServer>>;
