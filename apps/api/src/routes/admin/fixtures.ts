import type { QrCodeSetDetail, QrCodeSetSummary, SplitSetRequest } from '@homing/shared';
import { signUp, startTestServer, type TestServer } from '../../testing/testServer';

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
  /** Simulates owners claiming (and attaching) codes, straight in the database. */
  async function claim(codeIds: string[], opts: { assign?: boolean } = {}) {
    const knex = server.db.knex;
    for (const id of codeIds) {
      let itemId: string | null = null;
      if (opts.assign) {
        const type = await knex('item_types').first('id');
        [{ id: itemId }] = await knex('items')
          .insert({ ownerId: owner.user.id, itemTypeId: type.id, name: 'Keys' })
          .returning('id');
      }
      await knex('qr_codes').where({ id }).update({ ownerId: owner.user.id, claimedAt: new Date(), itemId });
    }
  }

  return { server, admin, owner, api, as, createSet, markPrinted, split, printedSet, claim };
}

export type AdminServer = Awaited<ReturnType<typeof startAdminServer>>;
export type { TestServer };
