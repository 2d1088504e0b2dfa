/**
 * The instance's SMS number (SMS_PUBLIC_NUMBER) reaches everything that prints labels:
 * the app configuration the web print pages and the print station read, the templates (which say
 * when a label cannot carry it), and the set's PDF, whose text holds "or text CODE to NUMBER" for
 * every label, or on round labels "or text the code to" and the number beside the symbol.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { printedCode, SMS_SIDE_WORDS, smsLineText } from '@homing/label-layout';
import type { PrintTemplate, QrCodeSetDetail } from '@homing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../testing/testServer';

const NUMBER = '+1 555 010 0199';
const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;

let withNumber: TestServer;
let without: TestServer;
beforeAll(async () => {
  withNumber = await startTestServer({
    DOMAIN_NAME: 'homing.test',
    SMS_PUBLIC_NUMBER: NUMBER,
    SMS_INBOUND_SECRET: 'a-webhook-secret-of-16+',
  });
  without = await startTestServer({ DOMAIN_NAME: 'homing.test' });
});
afterAll(async () => {
  await withNumber?.close();
  await without?.close();
});

const pdfText = (bytes: Uint8Array) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-sms-pdf-'));
  try {
    fs.writeFileSync(path.join(dir, 'labels.pdf'), bytes);
    return execFileSync('pdftotext', [path.join(dir, 'labels.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

describe('SMS_PUBLIC_NUMBER on everything that prints labels', () => {
  it('the app configuration carries the number, or null without one', async () => {
    expect(
      (await withNumber.api<{ data: { smsNumber: unknown } }>('GET', '/api/app-config')).body.data.smsNumber,
    ).toBe(NUMBER);
    expect(
      (await without.api<{ data: { smsNumber: unknown } }>('GET', '/api/app-config')).body.data.smsNumber,
    ).toBeNull();
  });

  it('the templates say every label carries the configured number (the round ones on their sides)', async () => {
    const res = await withNumber.api<{ data: PrintTemplate[] }>('GET', '/api/templates');
    expect(res.body.data.length).toBeGreaterThan(5);
    for (const template of res.body.data) expect(template.noSmsLine, template.id).toBeNull();
  });

  it.skipIf(!hasPdftotext)(
    `a set's PDF holds the full line under every label with room, and none without a number${hasPdftotext ? '' : ' [SKIPPED: needs pdftotext: apt-get install poppler-utils]'}`,
    async () => {
      for (const [server, expectLine] of [
        [withNumber, true],
        [without, false],
      ] as const) {
        const admin = await signUp(server, { admin: true });
        const created = await server.api<{ data: QrCodeSetDetail }>(
          'POST',
          '/api/admin/qr-sets/create-with-codes',
          {
            token: admin.token,
            body: { templateId: 'avery-22805' },
          },
        );
        expect(created.status).toBe(201);
        const set = created.body.data;
        const res = await fetch(`${server.url}/api/admin/qr-sets/${set.id}/labels.pdf`, {
          headers: { Authorization: `Bearer ${admin.token}` },
        });
        expect(res.status).toBe(200);
        const text = pdfText(new Uint8Array(await res.arrayBuffer())).replace(/\s+/g, ' ');
        expect(set.qrCodes.length).toBeGreaterThan(0);
        for (const code of set.qrCodes) {
          expect(text).toContain(printedCode(code.value));
          if (expectLine) expect(text).toContain(smsLineText(code.value, NUMBER));
        }
        if (!expectLine) expect(text).not.toContain('or text');
      }
    },
  );

  it.skipIf(!hasPdftotext)(
    `on Avery 4221 (the default) every label has "or text the code to" and the number beside the symbol${hasPdftotext ? '' : ' [SKIPPED: needs pdftotext: apt-get install poppler-utils]'}`,
    async () => {
      const admin = await signUp(withNumber, { admin: true });
      const created = await withNumber.api<{ data: QrCodeSetDetail }>(
        'POST',
        '/api/admin/qr-sets/create-with-codes',
        { token: admin.token, body: { templateId: 'avery-4221' } },
      );
      expect(created.status).toBe(201);
      const res = await fetch(`${withNumber.url}/api/admin/qr-sets/${created.body.data.id}/labels.pdf`, {
        headers: { Authorization: `Bearer ${admin.token}` },
      });
      expect(res.status).toBe(200);
      const text = pdfText(new Uint8Array(await res.arrayBuffer()));
      const count = created.body.data.qrCodes.length;
      // pdftotext reads each turned line as a line of its own.
      expect(text.split('\n').filter((line) => line.trim() === SMS_SIDE_WORDS)).toHaveLength(count);
      expect(text.split('\n').filter((line) => line.trim() === NUMBER)).toHaveLength(count);
    },
  );
});
