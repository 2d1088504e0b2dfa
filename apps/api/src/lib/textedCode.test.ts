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
    expect(read(text)).toMatchObject({ kind: 'code', code: CODE, message: 'found your keys at the station' });
  });

  it('finds the code after the message too', () => {
    expect(read(`Found your keys at the station ${SPACED}`)).toMatchObject({
      kind: 'code',
      code: CODE,
      message: 'Found your keys at the station',
      unmistakable: false,
    });
  });

  it('catches a slip when the check symbol is sent, before any look-up', () => {
    const wrong = [...'23456789AB'].find((c) => c !== CHECK)!;
    expect(read(`HOMING ${SPACED}${wrong} hello`)).toMatchObject({ kind: 'check', unmistakable: true });
    expect(read(`HOMING ${CODE[1]}${CODE[0]}${SPACED.slice(2)} ${CHECK} hello`)).toMatchObject({
      kind: 'check',
    });
    expect(read(`${SPACED}-${wrong} hello`)).toMatchObject({ kind: 'check', unmistakable: false });
  });

  it('reads a one-symbol word after a code as the message when it is not the check symbol', () => {
    const word = 'A';
    expect(read(`${SPACED} ${word} cat was on my porch`)).toMatchObject({
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

  it('reads words that only add up to ten symbols as words: no digit, no brand word, no right check', () => {
    for (const text of [
      'Thanks mate, see you at 6',
      'THANKS MATE',
      "Yes no problem, I'm at the café with him, blue jacket",
      'BLUE JACKET',
      'Great, thanks',
      'GREAT THANKS',
      'great thank',
      'Strawberry',
      'Hamburgers at the market',
      'HAPPY DAYS mate',
    ])
      expect(read(text), text).toEqual({ kind: 'none', message: text });
  });

  it('reads a code only in its printed shapes: two groups of five, or one of ten, and the check', () => {
    for (const text of [
      `${CODE.slice(0, 3)} ${CODE.slice(3, 7)} ${CODE.slice(7)} hi`,
      `${CODE.slice(0, 4)} ${CODE.slice(4)} hi`,
    ])
      expect(read(text).kind, text).toBe('none');
    // Letters alone are a code with the brand word before them, or with their right check.
    const letters = 'HJKLMNPQRS';
    expect(read(`${letters.slice(0, 5)} ${letters.slice(5)} hi`).kind).toBe('none');
    expect(read(`homing ${letters.slice(0, 5)} ${letters.slice(5)} hi`)).toMatchObject({
      kind: 'code',
      code: letters,
      unmistakable: true,
    });
    expect(read(`${letters.slice(0, 5)} ${letters.slice(5)}-${checkSymbol(letters)} hi`)).toMatchObject({
      kind: 'code',
      code: letters,
      message: 'hi',
    });
  });

  it('calls a code unmistakable with the brand word before it, or a right check alone on its line', () => {
    const text = `${SPACED}-${CHECK}\nFound your dog`;
    expect(read(text)).toEqual({
      kind: 'code',
      code: CODE,
      message: 'Found your dog',
      unmistakable: true,
      text,
    });
    expect(read(`Found your dog ${SPACED}-${CHECK}`)).toMatchObject({ kind: 'code', unmistakable: false });
    expect(read(`Found your dog\n${SPACED}`)).toMatchObject({ kind: 'code', unmistakable: false });
    expect(read(`Hi!\nHoming ${SPACED}\nFound your dog`)).toMatchObject({
      kind: 'code',
      unmistakable: true,
      message: 'Hi! Found your dog',
    });
  });
});
