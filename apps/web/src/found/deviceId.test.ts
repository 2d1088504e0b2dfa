import { describe, expect, it } from 'vitest';
import { finderDeviceId } from './deviceId';

const memory = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
};

describe('finderDeviceId', () => {
  it('keeps one random id per browser', () => {
    const storage = memory();
    const id = finderDeviceId(storage);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(finderDeviceId(storage)).toBe(id);
    expect(finderDeviceId(memory())).not.toBe(id);
  });

  it('is null when storage is blocked', () => {
    expect(finderDeviceId(null)).toBeNull();
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(finderDeviceId(throwing)).toBeNull();
  });
});
