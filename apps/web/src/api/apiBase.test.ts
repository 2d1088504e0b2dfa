import { describe, expect, it } from 'vitest';
import { pickApiBase } from './apiBase';

describe('pickApiBase', () => {
  it('uses relative paths when the API is this site', () => {
    expect(pickApiBase('http://localhost:3000', 'http://localhost:3000')).toBe('');
    expect(pickApiBase('https://homing.example/', 'https://homing.example')).toBe('');
  });

  it('keeps a path prefix of the API', () => {
    expect(pickApiBase('https://homing.example/backend/', 'https://homing.example')).toBe('/backend');
  });

  it('ignores a loopback default seen through a proxy or another host name', () => {
    expect(pickApiBase('http://localhost:3000', 'http://localhost:5173')).toBe('');
    expect(pickApiBase('http://localhost:3100', 'http://127.0.0.1:3100')).toBe('');
  });

  it('uses a real remote API host as given', () => {
    expect(pickApiBase('https://api.homing.example', 'https://homing.example')).toBe(
      'https://api.homing.example',
    );
  });

  it('falls back to same origin for missing or unusable values', () => {
    expect(pickApiBase(undefined, 'https://homing.example')).toBe('');
    expect(pickApiBase('', 'https://homing.example')).toBe('');
    expect(pickApiBase('not a url', 'https://homing.example')).toBe('');
    expect(pickApiBase('javascript:alert(1)', 'https://homing.example')).toBe('');
  });
});
