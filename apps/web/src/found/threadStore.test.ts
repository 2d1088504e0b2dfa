import { describe, expect, it } from 'vitest';
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
  it('gives the time alone today and the date too otherwise', () => {
    const now = new Date('2026-03-10T15:00:00');
    expect(localTime(new Date('2026-03-10T14:02:00').toISOString(), 'en-GB', now)).toBe('14:02');
    expect(localTime(new Date('2026-03-09T14:02:00').toISOString(), 'en-GB', now)).toMatch(/9 Mar.*14:02/);
  });
});
