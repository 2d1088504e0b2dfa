import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, CODE_LENGTH, checkSymbol, dammStep, verifyCheckedCode } from './codes';

const N = CODE_ALPHABET.length;
const symbols = Array.from({ length: N }, (_, i) => i);

const code = fc
  .array(fc.constantFrom(...CODE_ALPHABET), { minLength: CODE_LENGTH, maxLength: CODE_LENGTH })
  .map((chars) => chars.join(''));

describe('the check symbol', () => {
  // The three properties the scheme rests on, over every element (32³ triples): a proof by
  // exhaustion that a substitution or an adjacent swap anywhere changes the final value.
  it('is a quasigroup: each row and each column of the step is a permutation', () => {
    for (const a of symbols) {
      expect(new Set(symbols.map((b) => dammStep(a, b))).size).toBe(N);
      expect(new Set(symbols.map((b) => dammStep(b, a))).size).toBe(N);
    }
  });

  it('has a zero diagonal and is totally anti-symmetric', () => {
    for (const c of symbols) {
      expect(dammStep(c, c)).toBe(0);
      for (const x of symbols)
        for (const y of symbols)
          if (x !== y) expect(dammStep(dammStep(c, x), y)).not.toBe(dammStep(dammStep(c, y), x));
    }
  });

  it('is a symbol of the alphabet, and a code followed by it is accepted as that code', () => {
    fc.assert(
      fc.property(code, (value) => {
        const check = checkSymbol(value);
        expect(CODE_ALPHABET).toContain(check);
        expect(verifyCheckedCode(value + check)).toEqual({ ok: true, code: value });
      }),
    );
  });

  it('catches every single-symbol substitution, the check symbol included', () => {
    fc.assert(
      fc.property(code, (value) => {
        const printed = value + checkSymbol(value);
        for (let i = 0; i < printed.length; i++)
          for (const other of CODE_ALPHABET) {
            if (other === printed[i]) continue;
            const typed = printed.slice(0, i) + other + printed.slice(i + 1);
            expect(verifyCheckedCode(typed)).toEqual({ ok: false, reason: 'check' });
          }
      }),
      { numRuns: 300 },
    );
  });

  it('catches every swap of two different adjacent symbols, the check symbol included', () => {
    fc.assert(
      fc.property(code, (value) => {
        const printed = value + checkSymbol(value);
        for (let i = 0; i + 1 < printed.length; i++) {
          if (printed[i] === printed[i + 1]) continue;
          const typed = printed.slice(0, i) + printed[i + 1] + printed[i] + printed.slice(i + 2);
          expect(verifyCheckedCode(typed)).toEqual({ ok: false, reason: 'check' });
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('leaves codes of any other length to be read as before', () => {
    expect(verifyCheckedCode('8CWNC2KDP2')).toBeNull();
    expect(verifyCheckedCode('8CWNC2KDP2AB')).toBeNull();
    expect(verifyCheckedCode('8CWNC2KDP2O')).toBeNull();
  });
});
