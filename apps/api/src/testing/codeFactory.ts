import crypto from 'node:crypto';
import { defaultTemplate } from '@homing/label-layout';
import type { Knex } from 'knex';
import { inTransaction } from '../ctx';
import { sessionCreator } from '../services/accounts/sessionCreator';
import { setCreator } from '../services/labels/setCreator';
import type { TestServer } from './testServer';

/** Factories take a running test server, or just its database (benchmarks have no test server). */
type Target = TestServer | Knex;
const knexOf = (target: Target): Knex => ('db' in target ? target.db.knex : target);

export interface MadeSet {
  setId: string;
  codes: { id: string; value: string }[];
}

/**
 * A set of `count` codes made by the set creator, with its lifecycle flags set directly (the admin
 * flow that prints, splits and releases is not needed to test owners). `child` puts the set under
 * a parent, like a split; children need `released` as well to be claimable.
 */
export async function makeSet(
  target: Target,
  opts: { count?: number; printed?: boolean; released?: boolean; child?: boolean; name?: string } = {},
): Promise<MadeSet> {
  return inTransaction(
    knexOf(target),
    async (trx) => {
      const { set, codes } = await setCreator(
        { count: opts.count ?? 1, templateId: defaultTemplate.id, name: opts.name ?? 'Test set' },
        { trx },
      );
      const parentSetId = opts.child ? await parentSet(trx) : null;
      await trx('qr_code_sets')
        .where({ id: set.id })
        .update({
          isPrinted: opts.printed ?? true,
          isReleased: opts.released ?? false,
          parentSetId,
        });
      return { setId: set.id, codes: codes.map((c) => ({ id: c.id, value: c.value })) };
    },
    rethrow,
  );
}

const rethrow = (err: unknown) => {
  throw err;
};

async function parentSet(trx: Knex.Transaction) {
  const [parent] = await trx('qr_code_sets')
    .insert({ name: 'Parent', templateId: defaultTemplate.id, rows: 1, columns: 1, isPrinted: true })
    .returning('id');
  return (parent as { id: string }).id;
}

/** Gives a code to a user directly (as if they had claimed it), optionally on one of their items. */
export async function giveCode(target: Target, codeId: string, userId: string, itemId: string | null = null) {
  await knexOf(target)('qr_codes')
    .where({ id: codeId })
    .update({
      ownerId: userId,
      claimedAt: new Date(),
      itemId,
      assignedAt: itemId ? new Date() : null,
    });
}

/** An item of `ownerId` wearing a claimed label of its own, written straight to the database. */
export async function assignedItem(
  target: Target,
  ownerId: string,
  opts: { name?: string; status?: string; description?: string } = {},
) {
  const { codes } = await makeSet(target, { count: 1 });
  const [item] = await knexOf(target)('items')
    .insert({
      ownerId,
      itemTypeId: 'keys',
      name: opts.name ?? 'House keys',
      description: opts.description ?? 'Blue fob',
      status: opts.status ?? 'active',
    })
    .returning('id');
  await giveCode(target, codes[0]!.id, ownerId, item.id);
  return { itemId: item.id as string, code: codes[0]!.value, codeId: codes[0]!.id };
}

/** Creates an item over HTTP (JSON body) and returns it. */
export async function makeItem(
  server: TestServer,
  token: string,
  fields: { name?: string; itemTypeId?: string } = {},
) {
  const res = await server.api<{ item: { id: string; name: string; qrCode: string | null } }>(
    'POST',
    '/api/items',
    {
      token,
      body: {
        itemTypeId: fields.itemTypeId ?? 'keys',
        name: fields.name ?? 'House keys',
        description: 'On a red ring',
      },
    },
  );
  if (res.status !== 201) throw new Error(`item not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.item;
}

/** Sends multipart form data (fields and at most one file) with the bearer token. */
export async function postMultipart(
  server: TestServer,
  path: string,
  opts: {
    token?: string;
    fields?: Record<string, string>;
    file?: { name: string; body: Buffer; type?: string };
  },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
  if (opts.file)
    form.append(
      'photo',
      new Blob([new Uint8Array(opts.file.body)], { type: opts.file.type ?? 'image/jpeg' }),
      opts.file.name,
    );
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: opts.token ? { Authorization: `Bearer ${opts.token}` } : {},
    body: form,
  });
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { raw: text };
  }
  return { status: res.status, body };
}

/**
 * `n` accounts with sessions, written directly: signing up over HTTP hashes a password with scrypt
 * each time, which is slow for crowds (the race test).
 */
export async function quickUsers(server: TestServer, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    email: `crowd.${Date.now()}.${i}.${crypto.randomBytes(3).toString('hex')}@example.com`,
    passwordHash: 'not-a-hash',
  }));
  const users = (await server.db.knex('users').insert(rows).returning('id')) as { id: string }[];
  return Promise.all(
    users.map(async (u) => ({
      user: u,
      token: await sessionCreator({ userId: u.id, ttlMs: 3_600_000 }, { trx: server.db.knex }),
    })),
  );
}
