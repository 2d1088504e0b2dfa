import { afterAll, beforeAll, it } from 'vitest';
import { signUp, startTestServer, uniqueEmail, type TestServer } from './testing/testServer';
import { workAfterAnswer } from './lib/afterAnswer';
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ WORKER: '0', PASSWORD_RESET_LIMIT: '100000' }); });
afterAll(() => server.close());
it('measures', async () => {
  const known = []; for (let i = 0; i < 40; i++) known.push((await signUp(server)).email);
  const t = async (id: string) => { const s = performance.now(); const r = await fetch(`${server.url}/api/auth/password-reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ identifier: id }) }); await r.text(); const d = performance.now() - s; await workAfterAnswer(); return d; };
  const a: number[] = [], b: number[] = [];
  for (let i = 0; i < 40; i++) { a.push(await t(known[i]!)); b.push(await t(uniqueEmail('n'))); }
  const med = (x: number[]) => x.sort((p, q) => p - q)[x.length >> 1]!;
  console.log('RATIO', med(a), med(b), med(a) / med(b));
}, 300000);
