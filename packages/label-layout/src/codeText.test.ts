import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { checkSymbol, verifyCheckedCode } from '@homing/shared/codes';
import { CODE_ALPHABET, parseTypedCode, printedCode, readableCode } from './codeText';
import { labelQrText } from './qr/matrix';

describe('readableCode', () => {
  it.each([
    ['K7M2P9QX4T', 'K7M2P 9QX4T'],
    ['k7m2p9qx4t', 'K7M2P 9QX4T'],
    ['ABC234', 'ABC234'],
    ['ABCDEFGHJKLMN', 'ABCDE FGHJK LMN'],
  ])('%s → %s', (value, shown) => expect(readableCode(value)).toBe(shown));
});

describe('parseTypedCode', () => {
  it.each([
    'K7M2P9QX4T',
    'k7m2p 9qx4t',
    ' K7M2P-9QX4T ',
    'https://homing.example/qr/K7M2P9QX4T',
    'homing.example/found/k7m2p9qx4t/',
  ])('reads %j as K7M2P9QX4T', (input) => {
    expect(parseTypedCode(input)).toEqual({ ok: true, code: 'K7M2P9QX4T' });
  });

  it('says why anything else is not a code', () => {
    expect(parseTypedCode('   ')).toEqual({ ok: false, reason: 'empty' });
    expect(parseTypedCode('K7M2P 9QX4')).toEqual({ ok: false, reason: 'length', length: 9 });
    expect(parseTypedCode('K7M2P9QX4TT')).toEqual({ ok: false, reason: 'length', length: 11 });
    // 0, O, 1 and I are never printed: someone misread a look-alike.
    expect(parseTypedCode('K0M2P1QX4O')).toEqual({ ok: false, reason: 'characters', invalid: '01O' });
    expect(parseTypedCode('K7M2P9QX4!')).toEqual({ ok: false, reason: 'characters', invalid: '!' });
  });

  it('has 32 distinct symbols without look-alikes', () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    expect(CODE_ALPHABET).not.toMatch(/[01OI]/);
  });

  it('keeps a label’s URL in QR alphanumeric mode: every symbol is one of its 45 characters', () => {
    const QR_ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
    for (const symbol of CODE_ALPHABET) expect(QR_ALPHANUMERIC).toContain(symbol);
    // The encoder agrees: a URL holding every symbol needs no byte (8-bit) segment.
    const { segments } = QRCode.create(labelQrText('homing.example', CODE_ALPHABET));
    for (const { mode } of segments) expect(['Alphanumeric', 'Numeric']).toContain(mode.id);
  });
});

describe('printedCode', () => {
  it('prints a code with its check symbol after a dash, which reads back as the code', () => {
    const printed = printedCode('k7m2p9qx4t');
    expect(printed).toBe(`K7M2P 9QX4T-${checkSymbol('K7M2P9QX4T')}`);
    expect(verifyCheckedCode(printed.replace(/[ -]/g, ''))).toEqual({ ok: true, code: 'K7M2P9QX4T' });
  });

  it('prints a code of another length or alphabet as it is', () => {
    expect(printedCode('WWWWWWWWWWWWWW')).toBe('WWWWW WWWWW WWWW');
    expect(printedCode('K7M2P9QX40')).toBe('K7M2P 9QX40');
  });
});
