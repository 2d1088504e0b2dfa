import { ITEM_MESSAGES } from '@homing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAppError } from '../middleware/errorHandler';
import { assignedItem } from '../testing/codeFactory';
import { signUp, startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ REPORT_LIMIT_PER_ADDRESS: '1000', REPORT_LIMIT_PER_ITEM: '1000' });
});
afterAll(() => server.close());

const NUL = '\u0000';

describe('text input that PostgreSQL or people would misread', () => {
  it('refuses NUL on the three raw-SQL paths with a 400 naming the field, and stores nothing', async () => {
    const owner = await signUp(server);
    const { code, itemId } = await assignedItem(server.db.knex, owner.user.id);
    const login = await server.api('POST', '/api/auth/login', {
      body: { identifier: `ann${NUL}@example.com`, password: 'whatever1' },
    });
    expect(login.status).toBe(400);
    expect(login.body).toMatchObject({
      success: false,
      error: 'Email or phone contains characters that are not allowed',
    });

    const scan = await server.api('POST', '/api/analytics/scan', { body: { qrCode: `${code}${NUL}` } });
    expect(scan.status).toBe(400);
    const scanMeta = await server.api('POST', '/api/analytics/scan', {
      body: { qrCode: code, platform: `x${NUL}` },
    });
    expect(scanMeta.status).toBe(400);
    expect(scanMeta.body.error).toBe('platform contains characters that are not allowed');

    const report = await server.api('POST', `/api/found/${code}/report`, {
      body: { foundNotes: `On the bus${NUL}`, finderName: 'Sam' },
    });
    expect(report.status).toBe(400);
    expect(report.body.error).toBe('Your message contains characters that are not allowed');
    expect(await server.db.knex('found_reports').where({ itemId })).toHaveLength(0);
    expect(await server.db.knex('scan_events')).toHaveLength(0);
  });

  it('answers 404 for a route parameter holding NUL or another control character', async () => {
    const { token } = await signUp(server);
    for (const [path, opts] of [
      ['/api/found/%00', {}],
      ['/api/found/AB%00CD', {}],
      ['/api/found/AB%1BCD/report', { body: { foundNotes: 'here' } }],
      ['/api/qr-code-event/%00', { token }],
      ['/api/items/%00', { token }],
    ] as const) {
      const res = await server.api(opts && 'body' in opts ? 'POST' : 'GET', path, opts);
      expect(res.status, path).toBe(404);
      expect(res.body.success).toBe(false);
    }
  });

  it('keeps line breaks in a message, which is many lines by nature', async () => {
    const owner = await signUp(server);
    const { code } = await assignedItem(server.db.knex, owner.user.id);
    const res = await server.api('POST', `/api/found/${code}/report`, {
      body: { foundNotes: 'Line one\r\nLine two\tindented' },
    });
    expect(res.status).toBe(201);
  });

  it('takes a name of zero-width characters for an empty one', async () => {
    const { token } = await signUp(server);
    const res = await server.api('POST', '/api/items', {
      token,
      body: { itemTypeId: 'keys', name: '\u200B\u200C\u200D\uFEFF \u2060' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ITEM_MESSAGES.nameRequired);
  });

  it('shows finders an item name with bidi overrides removed', async () => {
    const { token } = await signUp(server);
    // U+202E would show "Wallet gpj.exe" to a finder as "Wallet exe.jpg".
    const created = await server.api<{ item: { id: string; name: string } }>('POST', '/api/items', {
      token,
      body: { itemTypeId: 'keys', name: 'Wallet \u202Egpj.exe\u202C', description: 'Black' },
    });
    expect(created.status).toBe(201);
    expect(created.body.item.name).toBe('Wallet gpj.exe');
    const stored = await server.db.knex('items').where({ id: created.body.item.id }).first('name');
    expect(stored.name).toBe('Wallet gpj.exe');
  });

  it('maps PostgreSQL data errors (class 22) to 400, and nothing else of the driver', () => {
    const pgError = (code: string) => Object.assign(new Error('db said no'), { code, severity: 'ERROR' });
    for (const code of ['22021', '22P05', '22001', '22003'])
      expect(toAppError(pgError(code)), code).toMatchObject({ status: 400, id: 'validation_error' });
    expect(toAppError(pgError('42P01')).status).toBe(500);
  });
});
