import type { QrCodeSetDetail, QrCodeSetSummary, SplitSetRequest } from '@homing/shared';
import { makeItem } from './codeFactory';
import { signUp, startTestServer, type TestServer } from './testServer';

/** A test server with one admin and one owner, and shortcuts for the admin API. */
export async function startAdminServer() {
  const server = await startTestServer({ DOMAIN_NAME: 'homing.test' });
  const admin = await signUp(server, { admin: true });
  const owner = await signUp(server);
  const as = (token: string) => ({
    get: <T>(path: string) => server.api<{ data: T }>('GET', path, { token }),
    post: <T>(path: string, body: unknown) => server.api<{ data: T }>('POST', path, { token, body }),
  });
  const api = as(admin.token);

  async function createSet(templateId = 'avery-4221') {
    const res = await api.post<QrCodeSetDetail>('/api/admin/qr-sets/create-with-codes', { templateId });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  }
  async function markPrinted(...setIds: string[]) {
    return api.post<{ updatedCount: number }>('/api/admin/qr-sets/mark-sets-printed', { setIds });
  }
  async function split(body: SplitSetRequest) {
    return api.post<{ parent: QrCodeSetSummary; children: QrCodeSetSummary[] }>(
      '/api/admin/qr-sets/split',
      body,
    );
  }
  async function printedSet() {
    const set = await createSet();
    await markPrinted(set.id);
    return set;
  }
  /** The owner claims the codes (and with `assign` puts each on a new item) through the API. */
  async function claim(codeIds: string[], opts: { assign?: boolean } = {}) {
    const owned = as(owner.token);
    for (const id of codeIds) {
      const { value } = await server.db.knex('qr_codes').where({ id }).first('value');
      const claimed = await owned.post('/api/qr-codes/claim', { qrCode: value, claimAll: false });
      if (claimed.status !== 200) throw new Error(`claim failed: ${JSON.stringify(claimed.body)}`);
      if (!opts.assign) continue;
      const item = await makeItem(server, owner.token, { name: 'Keys' });
      const assigned = await owned.post(`/api/items/${item.id}/qr-assignment`, { qrCode: value });
      if (assigned.status !== 200) throw new Error(`assignment failed: ${JSON.stringify(assigned.body)}`);
    }
  }
  return { server, admin, owner, api, as, createSet, markPrinted, split, printedSet, claim };
}

export type AdminServer = Awaited<ReturnType<typeof startAdminServer>>;
export type { TestServer };
