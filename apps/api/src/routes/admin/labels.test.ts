import type { BulkCreateCodesResult } from '@homing/shared';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminServer, type AdminServer } from '../../testing/adminServer';

let t: AdminServer;
beforeAll(async () => {
  t = await startAdminServer();
});
afterAll(async () => {
  await t.server.close();
});

const download = (path: string, token = t.admin.token) =>
  fetch(t.server.url + path, { headers: { Authorization: `Bearer ${token}` } });

async function pdfOf(res: Response) {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  const doc = await PDFDocument.load(bytes);
  for (const page of doc.getPages()) {
    expect(page.getSize()).toEqual({ width: 612, height: 792 });
    expect(page.getMediaBox()).toEqual({ x: 0, y: 0, width: 612, height: 792 });
    expect(page.getCropBox()).toEqual(page.getMediaBox());
    expect(page.getRotation().angle).toBe(0);
  }
  return doc;
}

describe('GET /api/admin/qr-sets/{id}/labels.pdf', () => {
  it("answers the set's exact-size sheet as a PDF attachment", async () => {
    const set = await t.createSet();
    const res = await download(`/api/admin/qr-sets/${set.id}/labels.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="homing-labels-set-[\w-]+\.pdf"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const doc = await pdfOf(res);
    expect(doc.getPageCount()).toBe(1);
  });

  it('starts at the given column and row, overflowing onto a second sheet', async () => {
    const set = await t.createSet();
    const res = await download(`/api/admin/qr-sets/${set.id}/labels.pdf?startCol=5&startRow=2`);
    expect(res.status).toBe(200);
    expect((await pdfOf(res)).getPageCount()).toBe(2);
  });

  it('prints on another template when asked, with its own start limits', async () => {
    const set = await t.createSet('round-1in-32');
    const ok = await download(`/api/admin/qr-sets/${set.id}/labels.pdf?templateId=avery-4221`);
    expect((await pdfOf(ok)).getPageCount()).toBe(1);
    const res = await download(`/api/admin/qr-sets/${set.id}/labels.pdf?startCol=5`);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Start column must be 1-4 and start row 1-8 for 1" Round');
  });

  it('refuses a bad start or template with 400 and an unknown set with 404', async () => {
    const set = await t.createSet();
    for (const query of ['startCol=9', 'startRow=11', 'startCol=0', 'startCol=x', 'templateId=nope']) {
      const res = await download(`/api/admin/qr-sets/${set.id}/labels.pdf?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json()).success).toBe(false);
    }
    const missing = await download('/api/admin/qr-sets/00000000-0000-4000-8000-000000000000/labels.pdf');
    expect(missing.status).toBe(404);
  });

  it('prints a split parent whole, its codes in grid order', async () => {
    const set = await t.printedSet();
    await t.split({ setId: set.id, rowsPerSet: 2 });
    const res = await download(`/api/admin/qr-sets/${set.id}/labels.pdf`);
    expect((await pdfOf(res)).getPageCount()).toBe(1);
  });

  it('is for admins only', async () => {
    const set = await t.createSet();
    expect((await download(`/api/admin/qr-sets/${set.id}/labels.pdf`, t.owner.token)).status).toBe(403);
    expect((await fetch(`${t.server.url}/api/admin/qr-sets/${set.id}/labels.pdf`)).status).toBe(401);
  });
});

describe('GET /api/admin/qr-sets/labels.pdf?setIds=', () => {
  it('puts several sets in one PDF, each from a new sheet', async () => {
    const bulk = await t.api.post<BulkCreateCodesResult>('/api/admin/qr-codes/bulk', {
      count: 100,
      codesPerPage: 40,
    });
    const { setIds } = bulk.body.data;
    expect(setIds).toHaveLength(3);
    const res = await download(`/api/admin/qr-sets/labels.pdf?setIds=${setIds.join(',')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/batch-.*-and-more\.pdf"$/);
    expect((await pdfOf(res)).getPageCount()).toBe(3);
  });

  it('refuses a missing or malformed list with 400', async () => {
    expect((await download('/api/admin/qr-sets/labels.pdf')).status).toBe(400);
    expect((await download('/api/admin/qr-sets/labels.pdf?setIds=a,b')).status).toBe(400);
  });
});
