import { CODE_ALPHABET as ALPHABET } from '@homing/shared/codes';
import type { LabelCode } from '../src/pdf/labelSheets';

/** Deterministic codes, so a failing test reproduces. */
export function sampleCodes(count: number, setName = 'Set 12', seed = 1): LabelCode[] {
  let state = seed;
  const next = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: count }, () => ({
    value: Array.from({ length: 10 }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join(''),
    setName,
  }));
}
