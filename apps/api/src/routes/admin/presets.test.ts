/** Print presets (PRODUCT.md, Printing): saved by name by an admin, listed, replaced by name, deleted. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminServer, type AdminServer } from '../../testing/adminServer';

interface Preset {
  id: string;
  name: string;
  templateId: string;
  printer: string;
  startColumn: number;
  startRow: number;
  copies: number;
}

let t: AdminServer;
beforeAll(async () => {
  t = await startAdminServer();
});
afterAll(async () => {
  await t.server.close();
});

const put = (body: unknown) =>
  t.server.api<{ data: { preset: Preset } }>('POST', '/api/admin/print-presets', {
    token: t.admin.token,
    body,
  });
const list = async () =>
  (await t.api.get<{ presets: Preset[] }>('/api/admin/print-presets')).body.data.presets.map(
    ({ id: _id, ...rest }) => rest,
  );

describe('/api/admin/print-presets', () => {
  it('saves template, printer, start and copies by name, lists them by name, replaces by name', async () => {
    expect(await list()).toEqual([]);
    // Offsets an older client still sends are not the preset's (calibration stays on the station).
    const ql = await put({
      name: 'QL round',
      templateId: 'brother-dk-11218',
      printer: 'QL570',
      copies: 2,
      xMm: 0.4,
      yMm: -0.2,
    });
    expect(ql.status).toBe(200);
    expect(ql.body.data.preset).toEqual({
      id: expect.any(String),
      name: 'QL round',
      templateId: 'brother-dk-11218',
      printer: 'QL570',
      startColumn: 1,
      startRow: 1,
      copies: 2,
    });
    await put({
      name: 'Office',
      templateId: 'avery-4221',
      printer: 'HomingPDF',
      startColumn: 3,
      startRow: 4,
    });
    expect((await list()).map((p) => p.name)).toEqual(['Office', 'QL round']);

    const replaced = await put({ name: 'office', templateId: 'avery-5160', printer: 'HomingPDF' });
    expect(replaced.body.data.preset).toMatchObject({
      name: 'office',
      templateId: 'avery-5160',
      startColumn: 1,
    });
    expect(await list()).toEqual([
      {
        name: 'office',
        templateId: 'avery-5160',
        printer: 'HomingPDF',
        startColumn: 1,
        startRow: 1,
        copies: 1,
      },
      {
        name: 'QL round',
        templateId: 'brother-dk-11218',
        printer: 'QL570',
        startColumn: 1,
        startRow: 1,
        copies: 2,
      },
    ]);

    const del = await t.server.api('POST', `/api/admin/print-presets/${ql.body.data.preset.id}/delete`, {
      token: t.admin.token,
    });
    expect(del.status).toBe(200);
    expect((await list()).map((p) => p.name)).toEqual(['office']);
    const again = await t.server.api('POST', `/api/admin/print-presets/${ql.body.data.preset.id}/delete`, {
      token: t.admin.token,
    });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ success: false, error: 'Preset not found' });
  });

  it.each([
    [{ name: 'x', templateId: 'avery-9999', printer: 'P' }, 'Unknown template'],
    [
      { name: 'x', templateId: 'brother-dk-11218', printer: 'P', startColumn: 2 },
      'Start column must be 1-1 and start row 1-1 for Brother DK-11218 24 mm Round',
    ],
    [{ name: 'x', templateId: 'avery-4221', printer: 'P', copies: 0 }, 'Copies must be 1 or more'],
    [{ name: 'x', templateId: 'avery-4221', printer: 'P', copies: 100 }, 'Copies must be 99 or less'],
    [{ name: 'x', templateId: 'avery-4221', printer: 'P', copies: 1.5 }, 'Copies must be a whole number'],
    [{ name: '', templateId: 'avery-4221', printer: 'P' }, 'Name the preset'],
    [{ name: 'x', templateId: 'avery-4221', printer: 'a b' }, 'Not a printer name'],
  ])('refuses %j with 400 and says why', async (body, error) => {
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, data: null, error });
  });

  it('is for admins only', async () => {
    const res = await t.server.api('GET', '/api/admin/print-presets', { token: t.owner.token });
    expect(res.status).toBe(403);
  });
});
