import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../app';
import type { RouteDef } from '../routing';
import { assignedItem, makeSet } from '../testing/codeFactory';
import { signUp, startTestServer, type TestServer } from '../testing/testServer';

// Every route that reads a body or path parameters gets RUNS generated requests (NUL
// bytes, control and invisible characters, huge strings, deep objects, wrong types, raw bodies)
// from an admin, who passes every guard; GET routes with at most a query get QUERY_ONLY_RUNS. No
// answer may be a 5xx. One server, a few requests in flight at a time. FUZZ_SEED replays a run
// (fast-check prints the seed of a failure). `npm test` sends 40 per route (a new seed each run, so
// runs add up); FUZZ_RUNS=1000 is a deep run.
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** GET routes without path parameters read at most a query: fewer runs cover it. */
const QUERY_ONLY_RUNS = Math.max(1, Math.round(RUNS / 4));
const IN_FLIGHT = 4;
// node:http with a keep-alive agent: much lighter than fetch for thousands of small requests.
const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let server: TestServer;
let token: string;
let known: string[];
beforeAll(async () => {
  server = await startTestServer({
    // Limits high enough that the queries behind them run rather than a 429.
    SCAN_LIMIT_PER_MINUTE: '100000',
    REPORT_LIMIT_PER_ADDRESS: '100000',
    REPORT_LIMIT_PER_ITEM: '100000',
  });
  const admin = await signUp(server, { admin: true });
  token = admin.token;
  // Real ids and codes in the pool, so some requests reach the queries behind the lookups.
  const { itemId, code } = await assignedItem(server.db.knex, admin.user.id);
  const { setId, codes } = await makeSet(server, { count: 4, released: true });
  known = [itemId, code, setId, codes[0]!.value, codes[1]!.id];
});
afterAll(async () => {
  agent.destroy();
  await server.close();
});

const KEYS = [
  'name', 'itemTypeId', 'description', 'status', 'photoUrl', 'omitQR', 'email', 'phoneNumber', 'password',
  'identifier', 'smsOptIn', 'qrCode', 'setId', 'setIds', 'claimAll', 'foundNotes', 'finderName',
  'finderEmail', 'finderPhone', 'latitude', 'longitude', 'address', 'foundAt', 'reportMetadata',
  'scannedAt', 'deviceType', 'platform', 'language', 'timezone', 'referrer', 'count', 'codesPerPage',
  'rowsPerSet', 'templateId', 'page', 'limit', 'startCol', 'startRow', 'howToRedeem', 'redeemUrl',
  'validDays', 'monthlyLimit', '__proto__', 'constructor',
]; // prettier-ignore

const nastyChar = fc.constantFrom(
  '\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\u200b', '\u202e', '\u2066', '\ufeff', '\ud800',
  '\udfff', '\n', '\r', '\t', '%', '%00', '\\', "'", '"', '/', '..', '😀', 'ß', '\u0301',
); // prettier-ignore
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.oneof(nastyChar, fc.string({ maxLength: 4 })), { maxLength: 12 }).map((a) => a.join('')),
  fc.constantFrom('a'.repeat(70_000), 'é'.repeat(5_000), '\u0000'.repeat(1_000), ' '.repeat(300)),
  fc.constantFrom('keys', 'pets', 'active', 'inactive', 'avery-4221', '+15550100002', 'a@b.co', '51.5007'),
  fc.uuid(),
  fc.constant(null).map(() => fc.sample(fc.constantFrom(...known), 1)[0]!),
);
const value = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.constantFrom(0, -1, 1, 1e308, -0, 2 ** 53, 800, 80),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('any'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), tie('any'), {
      maxKeys: 4,
    }),
  ),
})).any;
const deep = fc
  .integer({ min: 100, max: 3000 })
  .map((n) => JSON.parse('['.repeat(n) + ']'.repeat(n)) as unknown);
const bodyObject = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 8 });

type Body = { json: unknown } | { raw: string; type: string } | null;
const body: fc.Arbitrary<Body> = fc.oneof(
  { arbitrary: bodyObject.map((json) => ({ json })), weight: 6 },
  { arbitrary: fc.oneof(value, deep).map((json) => ({ json })), weight: 2 },
  {
    arbitrary: fc.record({
      raw: fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('{"name":', '{"a":"\\u0000"}', '--X\r\n')),
      type: fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=X',
        'multipart/form-data',
      ),
    }),
    weight: 2,
  },
  { arbitrary: fc.constant(null), weight: 1 },
);
const query = fc.dictionary(fc.constantFrom(...KEYS), fc.oneof(nastyString, fc.integer().map(String)), {
  maxKeys: 4,
});
const param = fc.oneof(
  nastyString.filter((s): s is string => typeof s === 'string' && s.length > 0 && s.length < 4_000),
  fc.constantFrom('%00', '%E0%A4%A', '%ED%A0%80', '%FF%FE', '%2e%2e%2f', '..%2F..%2Fetc%2Fpasswd'),
);

/** Percent-encodes every UTF-8 byte; a lone surrogate goes as its raw (invalid) bytes ED A0 80. */
function encodeParam(v: string) {
  if (/^%/.test(v)) return v; // already an escape sequence, possibly a malformed one
  let out = '';
  for (const ch of v) {
    const code = ch.codePointAt(0)!;
    const bytes =
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        : [...Buffer.from(ch)];
    out += /^[\w.~-]$/.test(ch)
      ? ch
      : bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

interface Request {
  params: Record<string, string>;
  body: Body;
  query: Record<string, string>;
}

async function send(route: RouteDef, req: Request) {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeParam(req.params[name]!));
  const search = new URLSearchParams(req.query).toString();
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  let payload: string | undefined;
  if (route.method !== 'get' && req.body) {
    if ('json' in req.body) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(req.body.json);
    } else {
      headers['Content-Type'] = req.body.type;
      payload = req.body.raw;
    }
  }
  if (payload !== undefined) headers['Content-Length'] = String(Buffer.byteLength(payload));
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      `${server.url}${path}${search ? `?${search}` : ''}`,
      { method: route.method.toUpperCase(), headers, agent },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
        res.once('error', reject);
      },
    );
    req.once('error', reject);
    req.end(payload);
  });
}

const fuzzed = (deps: TestServer['deps']) =>
  allRoutes(deps).filter(
    // Logout would end the session every other request uses; the event stream never ends.
    (r) => r.path !== '/api/auth/logout' && r.path !== '/api/users/me/events',
  );

describe('fuzzing every route with a body, path parameters or a query', () => {
  it(`answers ${RUNS} generated requests per route without a single 5xx`, async () => {
    const routes = fuzzed(server.deps);
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    const queue = [...routes];
    const worker = async () => {
      for (let route = queue.shift(); route; route = queue.shift()) {
        const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
        const request = fc.record({
          params: fc.record(Object.fromEntries(names.map((n) => [n, param]))) as fc.Arbitrary<
            Record<string, string>
          >,
          body,
          query,
        });
        const started = Date.now();
        const result = await fc.check(
          fc.asyncProperty(request, async (req) => (await send(route, req)) < 500),
          {
            numRuns: names.length || route.method !== 'get' ? RUNS : QUERY_ONLY_RUNS,
            seed: SEED,
            endOnFailure: true,
          },
        );
        if (process.env.FUZZ_TIMES) console.log(route.method, route.path, Date.now() - started, 'ms');
        if (result.failed)
          failures.push(
            `${route.method.toUpperCase()} ${route.path} (seed ${result.seed}): ${String(result.errorInstance ?? '5xx')} ${JSON.stringify(result.counterexample).slice(0, 300)}`,
          );
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    expect(failures).toEqual([]);
  });
});
