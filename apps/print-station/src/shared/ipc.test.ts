import { describe, expect, it } from 'vitest';
import {
  API_PATH,
  calibrationSetSchema,
  historySchema,
  loginInputSchema,
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

  it('parse the admin screens’ print request with the shared schema', () => {
    const parsed = printSheetsSchema.parse({
      printer: 'HomingPDF',
      request: {
        title: 'Set 1',
        templateId: 'avery-4221',
        domainName: 'homing.test',
        brandWord: 'homing',
        sets: [{ setId: null, setName: 'Test', codes: [{ value: 'K7M2P9QX4T' }] }],
      },
    });
    expect(parsed.request).toMatchObject({ startColumn: 1, startRow: 1, confirmPages: true, symbols: 'qr' });
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
