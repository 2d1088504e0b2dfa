import { checkSymbol } from '@homing/shared';
import { describe, expect, it } from 'vitest';
import { parseTextedCode } from './textedCode';

// A code whose check symbol is no one-letter word (those are read as the message's first word).
const CODE = ['8CWNC2KDP2', '8CWNC2KDP3', '8CWNC2KDP4'].find((c) => !'AEUY'.includes(checkSymbol(c)))!;
const CHECK = checkSymbol(CODE);
const SPACED = `${CODE.slice(0, 5)} ${CODE.slice(5)}`;
const brand = ['homing', 'Homing'];
const read = (text: string) => parseTextedCode(text, brand);

describe('parseTextedCode', () => {
  it.each([
    `HOMING ${SPACED} found your keys at the station`,
    `homing ${SPACED.toLowerCase().replace(' ', '-')} found your keys at the station`,
    `${CODE} found your keys at the station`,
    `Homing: ${SPACED.toLowerCase()}, found your keys at the station`,
    `HOMING ${SPACED} ${CHECK} found your keys at the station`,
    `${SPACED}${CHECK.toLowerCase()} found your keys at the station`,
  ])('%s', (text) => {
    expect(read(text)).toEqual({ kind: 'code', code: CODE, message: 'found your keys at the station' });
  });

  it('finds the code after the message too', () => {
    expect(read(`Found your keys at the station ${SPACED}`)).toEqual({
      kind: 'code',
      code: CODE,
      message: 'Found your keys at the station',
    });
  });

  it('catches a slip when the check symbol is sent, before any look-up', () => {
    const wrong = [...'23456789AB'].find((c) => c !== CHECK)!;
    expect(read(`HOMING ${SPACED}${wrong} hello`)).toEqual({ kind: 'check' });
    expect(read(`HOMING ${CODE[1]}${CODE[0]}${SPACED.slice(2)} ${CHECK} hello`)).toEqual({ kind: 'check' });
  });

  it('reads a one-symbol word after a code as the message when it is not the check symbol', () => {
    const word = 'A';
    expect(read(`${SPACED} ${word} cat was on my porch`)).toEqual({
      kind: 'code',
      code: CODE,
      message: `${word} cat was on my porch`,
    });
  });

  it('a text without a code is the words alone', () => {
    expect(read('  Thanks, see you at 5 ')).toEqual({ kind: 'none', message: 'Thanks, see you at 5' });
    expect(read('HOMING 8CWNC 2KDP')).toEqual({ kind: 'none', message: 'HOMING 8CWNC 2KDP' });
    expect(read(`HOMING ${SPACED}XY hello`)).toEqual({ kind: 'none', message: `HOMING ${SPACED}XY hello` });
  });
});
