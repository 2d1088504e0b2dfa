import { afterAll, beforeAll } from 'vitest';
import { assignedItem } from './codeFactory';
import { readEventStream } from './eventStreamReader';
import { startFinderTestServer } from './finderServer';
import { signUp, type TestServer } from './testServer';
import { WAIT_MS } from './patience';

// Finder–owner conversation tests (routes/found/thread*.test.ts): their server, a finder's address,
// a conversation opened by a report, and the waits and streams they read it through.

/**
 * The finder test server (real SMTP sink and SMS peer) the conversation tests run on: at most 6
 * messages per conversation and 4 per sender, which the message-limit test counts against.
 */
export const startThreadTestServer = () =>
  startFinderTestServer({
    THREAD_MESSAGE_LIMIT_PER_THREAD: '6',
    THREAD_MESSAGE_LIMIT_PER_SENDER: '4',
  });

/**
 * One test file's thread server and its peers (vitest hooks): `server`, `sink` and `sms` are set
 * before the first test runs, and all closed after the file.
 */
export function threadTestSuite() {
  const peers = {} as Awaited<ReturnType<typeof startThreadTestServer>>;
  beforeAll(async () => {
    Object.assign(peers, await startThreadTestServer());
  });
  afterAll(async () => {
    await peers.close?.();
  });
  return peers;
}

let addressCounter = 0;
/** A finder of their own: a fresh client address. */
export const finderAddress = () => ({ 'X-Forwarded-For': `203.0.113.${++addressCounter}` });

/** The API path of a finder's conversation link (`/found/{code}/t/{token}`). */
export const apiPath = (threadPath: string) => `/api${threadPath}`;

/** Reads a server-sent-event stream (with a bearer header for the owner, bare for a finder). */
export async function openEvents(server: TestServer, path: string, token?: string) {
  const res = await fetch(`${server.url}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const type = res.headers.get('content-type') ?? '';
  if (res.status !== 200 || !type.includes('text/event-stream'))
    throw new Error(`${path} is no event stream: ${res.status} ${type}`);
  return readEventStream(res);
}

/** `read()` again every 25 ms until `ok` holds, or after `timeoutMs` (WAIT_MS): its last value (the caller checks it). */
export const until = async <T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = WAIT_MS) => {
  const end = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 25));
    value = await read();
  }
  return value;
};

export interface Conversation {
  owner: Awaited<ReturnType<typeof signUp>>;
  ownerPhone: string;
  code: string;
  itemId: string;
  reportId: string;
  threadPath: string;
  finder: Record<string, string>;
}

/**
 * An owner reachable by e-mail and SMS, their item ("Red keyring"), and a finder's report (from a
 * fresh address) opening a conversation.
 */
export async function startConversation(
  server: TestServer,
  report: Record<string, unknown> = { foundNotes: 'Found your keys at the bakery' },
): Promise<Conversation> {
  const owner = await signUp(server);
  const ownerPhone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await server.db
    .knex('users')
    .where({ id: owner.user.id })
    .update({ phoneNumber: ownerPhone, smsOptIn: true, phoneVerifiedAt: new Date() });
  const { code, itemId } = await assignedItem(server.db.knex, owner.user.id, { name: 'Red keyring' });
  const finder = finderAddress();
  const res = await server.api<{ data: { reportId: string; threadPath: string } }>(
    'POST',
    `/api/found/${code}/report`,
    { body: report, headers: finder },
  );
  if (res.status !== 201) throw new Error(`report refused: ${res.status} ${JSON.stringify(res.body)}`);
  const { reportId, threadPath } = res.body.data;
  return { owner, ownerPhone, code, itemId, reportId, threadPath, finder };
}
