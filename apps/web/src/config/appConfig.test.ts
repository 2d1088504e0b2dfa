import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../api/client';
import { copyrightLine, DEFAULT_APP_CONFIG, fetchAppConfig } from './appConfig';

const client = (get: ApiClient['get']) => ({ get }) as ApiClient;

describe('app configuration', () => {
  it('builds the footer line from the company name', () => {
    expect(copyrightLine(DEFAULT_APP_CONFIG)).toBe('© 2025 Homing Labs');
    expect(copyrightLine({ companyName: 'Acme' })).toBe('© 2025 Acme');
  });

  it('reads the configuration call', async () => {
    const data = { ...DEFAULT_APP_CONFIG, domainName: 'homing.example', isDevelopment: true };
    const api = client(async () => ({ success: true, data, error: null, status: 200 }) as never);
    expect(await fetchAppConfig(api)).toEqual(data);
  });

  it('only logs a failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = client(async () => {
      throw new Error('boom');
    });
    expect(await fetchAppConfig(failing)).toBeNull();
    const refused = client(async () => ({ success: false, data: null, error: 'nope', status: 500 }) as never);
    expect(await fetchAppConfig(refused)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
