import { describe, expect, it } from 'vitest';
import { codeFromPath } from './app';

describe('codeFromPath', () => {
  it.each([
    ['/found/ABC234', 'ABC234'],
    ['/found/abc234/', 'abc234'],
    ['/FOUND/ABC234', 'ABC234'],
    ['/found/A%20B', 'A B'],
    ['/found/', ''],
    ['/found', ''],
    ['/found/a/b', ''],
    ['/found/%E0%A4%A', ''],
  ])('%s → %j', (path, code) => {
    expect(codeFromPath(path)).toBe(code);
  });
});
