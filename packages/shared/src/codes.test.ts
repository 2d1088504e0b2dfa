import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  LOOK_ALIKES,
  checkSymbol,
  checkedCodeFix,
  dammStep,
  verifyCheckedCode,
} from './codes';

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

describe('naming the slip in a refused code', () => {
  const printed = (value: string) => value + checkSymbol(value);

  it('names a swap of two neighbours when it alone explains the refusal', () => {
    fc.assert(
      fc.property(code, fc.integer({ min: 0, max: CODE_LENGTH - 1 }), (value, at) => {
        const right = printed(value);
        if (right[at] === right[at + 1]) return;
        const typed = right.slice(0, at) + right[at + 1] + right[at] + right.slice(at + 2);
        const fix = checkedCodeFix(typed);
        // Named only when no other slip explains it too; when named, it is the right code.
        if (fix)
          expect(fix).toEqual({
            typed: right[at + 1]! + right[at],
            meant: right[at]! + right[at + 1],
            fixed: right,
          });
      }),
      { numRuns: 500 },
    );
  });

  it('names a look-alike typed for its twin, and the fix it names always passes the check', () => {
    let named = 0;
    fc.assert(
      fc.property(code, (value) => {
        const right = printed(value);
        for (const [a, b] of LOOK_ALIKES) {
          const at = right.indexOf(a);
          if (at < 0) continue;
          const typed = right.slice(0, at) + b + right.slice(at + 1);
          const fix = checkedCodeFix(typed);
          if (!fix) continue;
          named += 1;
          expect(verifyCheckedCode(fix.fixed)).toEqual({ ok: true, code: fix.fixed.slice(0, CODE_LENGTH) });
          if (fix.fixed === right) expect(fix).toMatchObject({ typed: b, meant: a });
        }
      }),
      { numRuns: 300 },
    );
    // Most slips are named: a refusal that says where is the point of this.
    expect(named).toBeGreaterThan(100);
  });

  it('the example: K7M2P 9QX4T with its check passes; M2 typed as 2M is named', () => {
    const right = printed('K7M2P9QX4T');
    expect(checkedCodeFix(right)).toBeNull();
    expect(checkedCodeFix(right.replace('M2', '2M'))).toEqual({ typed: '2M', meant: 'M2', fixed: right });
    expect(checkedCodeFix('8CWNC2KDP2')).toBeNull();
  });
});
