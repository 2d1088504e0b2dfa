import { describe, expect, it } from 'vitest';
import {
  API_PATH,
  calibrationSetSchema,
  historySchema,
  loginInputSchema,
  ONLY_WHAT_THE_SERVER_SAYS,
  printSheetsSchema,
  saveSetsPdfSchema,
} from './ipc';

describe('IPC schemas', () => {
  it('accept an http(s) server only', () => {
    const login = { serverUrl: 'https://homing.example', identifier: ' a@example.com ', password: 'pw' };
    expect(loginInputSchema.parse(login)).toEqual({ ...login, identifier: 'a@example.com' });
    expect(loginInputSchema.safeParse({ ...login, serverUrl: 'file:///etc' }).error?.issues[0]?.message).toBe(
      'The server URL must start with http:// or https://',
    );
  });

  it('allow the admin API and the few reads the screens make', () => {
    for (const ok of [
      '/api/admin/qr-sets',
      '/api/admin/qr-sets/abc/labels.pdf?startCol=3&startRow=4',
      '/api/templates',
      '/api/app-config',
      '/api/auth/me',
    ])
      expect(API_PATH.test(ok), ok).toBe(true);
    for (const bad of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/items',
      'http://x/api/admin/',
      '/api/admin/x#y',
    ])
      expect(API_PATH.test(bad), bad).toBe(false);
  });

  it('take a sheets job as set ids and a start, or a test page; never codes or a domain for a set', () => {
    const setId = '6f1c2a5e-1111-4222-8333-000000000001';
    expect(printSheetsSchema.parse({ printer: 'HomingPDF', job: { kind: 'sets', setIds: [setId] } })).toEqual(
      {
        printer: 'HomingPDF',
        job: { kind: 'sets', setIds: [setId], startColumn: 1, startRow: 1 },
      },
    );
    expect(
      printSheetsSchema.parse({
        printer: 'P',
        job: { kind: 'test', count: 5, domainName: 'your-domain.example' },
      }).job,
    ).toMatchObject({ kind: 'test', count: 5 });
    for (const job of [
      { kind: 'sets', setIds: [setId], codes: [{ value: 'K7M2P9QX4T' }] },
      { kind: 'sets', setIds: [setId], domainName: 'evil.example' },
      { kind: 'test', count: 5, domainName: 'x.example', setIds: [setId] },
    ]) {
      const parsed = printSheetsSchema.safeParse({ printer: 'P', job });
      expect(parsed.error?.issues[0].message, JSON.stringify(job)).toBe(ONLY_WHAT_THE_SERVER_SAYS);
    }
    expect(printSheetsSchema.safeParse({ printer: 'P', request: { title: 'x' } }).success).toBe(false);
  });

  it('bound calibration offsets, history size and PDF downloads', () => {
    expect(calibrationSetSchema.safeParse({ printer: 'P', xMm: 0.5, yMm: -21 }).success).toBe(false);
    expect(calibrationSetSchema.parse({ printer: 'P', xMm: 0.5, yMm: -2 })).toEqual({
      printer: 'P',
      xMm: 0.5,
      yMm: -2,
    });
    expect(historySchema.parse({})).toEqual({ limit: 100 });
    expect(saveSetsPdfSchema.safeParse({ setIds: [] }).success).toBe(false);
  });
});
