import { describe, expect, it } from 'vitest';
import { pickLocale } from './i18n';
import { localTime } from './thread';
import { keepThread, storedThreads, threadFromPath, threadsForCode } from './threadStore';

const token = 'a'.repeat(43);

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe('threadFromPath', () => {
  it('reads the code and token of a conversation path, nothing else', () => {
    expect(threadFromPath(`/found/K7M2P9QX4T/t/${token}`)).toEqual({ code: 'K7M2P9QX4T', token });
    expect(threadFromPath('/found/K7M2P9QX4T')).toBeNull();
    expect(threadFromPath(`/found/K7M2P9QX4T/t/${token}/x`)).toBeNull();
    expect(threadFromPath('/found/K7M2P9QX4T/t/<script>')).toBeNull();
  });
});

describe('keepThread', () => {
  it('keeps conversations newest first, once each, and finds them by code in any case', () => {
    const storage = memoryStorage();
    const a = { path: `/found/AAAAA22222/t/${token}`, itemName: 'Keys', at: '2026-01-01T00:00:00Z' };
    const b = { path: `/found/BBBBB33333/t/${token}`, itemName: 'Bag', at: '2026-01-02T00:00:00Z' };
    keepThread(a, storage);
    keepThread(b, storage);
    keepThread(a, storage);
    expect(storedThreads(storage).map((t) => t.itemName)).toEqual(['Keys', 'Bag']);
    expect(threadsForCode('aaaaa22222', storedThreads(storage))).toEqual([a]);
  });

  it('ignores stored junk and a blocked storage', () => {
    const storage = memoryStorage();
    storage.setItem('homing.finderThreads', '[{"path":"javascript:alert(1)","itemName":"x"}, 5, null]');
    expect(storedThreads(storage)).toEqual([]);
    storage.setItem('homing.finderThreads', 'not json');
    expect(storedThreads(storage)).toEqual([]);
    expect(() => keepThread({ path: '/found/A/t/x', itemName: 'x', at: '' }, null)).not.toThrow();
  });
});

describe('localTime', () => {
  const now = new Date('2026-03-10T15:00:00');
  const at = (local: string) => new Date(local).toISOString();
  it('gives the time alone today, in the finder’s locale: 24-hour or 12-hour', () => {
    expect(localTime(at('2026-03-10T14:02:00'), 'en-GB', now)).toBe('14:02');
    expect(localTime(at('2026-03-10T14:02:00'), 'es', now)).toBe('14:02');
    expect(localTime(at('2026-03-10T14:02:00'), 'fr', now)).toBe('14:02');
    expect(localTime(at('2026-03-10T14:02:00'), 'en-US', now)).toMatch(/^2:02\sPM$/);
  });
  it('writes the early hours as the locale does: "00:20" and "09:05" in en-GB and fr, "9:05" in es', () => {
    expect(localTime(at('2026-03-10T00:20:00'), 'en-GB', now)).toBe('00:20');
    expect(localTime(at('2026-03-10T09:05:00'), 'en-GB', now)).toBe('09:05');
    expect(localTime(at('2026-03-10T09:05:00'), 'fr', now)).toBe('09:05');
    expect(localTime(at('2026-03-10T09:05:00'), 'es', now)).toBe('9:05');
    expect(localTime(at('2026-03-10T00:20:00'), 'en-US', now)).toMatch(/^12:20\sAM$/);
  });
  it('puts the spec’s MM-DD-YYYY date before the time on another day', () => {
    expect(localTime(at('2026-03-09T14:02:00'), 'en-GB', now)).toBe('03-09-2026 14:02');
    expect(localTime(at('2026-03-09T09:05:00'), 'en-US', now)).toMatch(/^03-09-2026 9:05\sAM$/);
  });
});

describe('pickLocale', () => {
  it('keeps the browser’s region for the chosen language', () => {
    expect(pickLocale(['en-GB', 'en'], 'en')).toBe('en-GB');
    expect(pickLocale(['de-DE', 'es_MX'], 'es')).toBe('es-MX');
    expect(pickLocale(['fr'], 'fr')).toBe('fr');
    expect(pickLocale(['de'], 'en')).toBe('en');
  });
});
