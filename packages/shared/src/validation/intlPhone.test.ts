import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { foundReportRequest, FOUND_MESSAGES } from '../schemas/found';
import { checkUsPhone, countryFromLanguages, finderPhoneForReport, formatFinderPhone } from './finderPhone';
import {
  checkPhone,
  formatPhoneAsTyped,
  isAcceptedFinderPhone,
  phoneAsWritten,
  phoneForReport,
} from './intlPhone';
import { PHONE_COUNTRIES } from './phoneCountries';

describe('international finder phones', () => {
  it('keeps the country table in step with libphonenumber-js', () => {
    expect(Object.keys(PHONE_COUNTRIES).sort()).toEqual([...getCountries()].sort());
    for (const country of getCountries())
      expect(PHONE_COUNTRIES[country as keyof typeof PHONE_COUNTRIES]).toBe(getCountryCallingCode(country));
  });

  it.each([
    [['es-MX', 'es'], 'MX'],
    [['fr-CA'], 'CA'],
    [['fr', 'en-GB'], 'GB'],
    [['zh-Hant-TW'], 'TW'],
    [['en'], 'US'],
    [['xx-ZZ'], 'US'],
    [[], 'US'],
  ])('picks the country of %j: %s', (languages, country) => {
    expect(countryFromLanguages(languages)).toBe(country);
  });

  it('formats and sends a number of another country as E.164', () => {
    expect(formatPhoneAsTyped('5512345678', 'MX')).toBe('55 1234 5678');
    expect(phoneForReport('55 1234 5678', 'MX')).toBe('+525512345678');
    expect(formatPhoneAsTyped('07911123456', 'GB')).toBe('07911 123456');
    expect(phoneForReport('07911 123456', 'GB')).toBe('+447911123456');
    // A "+" number is read as written, whatever country is picked.
    expect(phoneForReport('+33 6 12 34 56 78', 'MX')).toBe('+33612345678');
    expect(phoneForReport('55 1234', 'MX')).toBe('');
  });

  it('keeps its own copy of the US rules equal to finderPhone.ts', () => {
    for (const typed of [
      '',
      '5',
      '55',
      '555',
      '5551',
      '55512',
      '555123',
      '5551234',
      '555123456',
      '5551234567',
      '(555) 123-4567 ext 9',
      'abc',
    ])
      expect([typed, formatPhoneAsTyped(typed, 'US'), phoneForReport(typed, 'US') || '']).toEqual([
        typed,
        formatFinderPhone(typed),
        finderPhoneForReport(typed),
      ]);
  });

  it('keeps the spec for US numbers: 3-3-4 with dashes, +1 and 10 digits', () => {
    expect(formatPhoneAsTyped('5551234567', 'US')).toBe('555-123-4567');
    expect(phoneForReport('555-123-4567', 'US')).toBe('+15551234567');
    expect(phoneForReport('555-123-456', 'US')).toBe('');
  });

  it.each([
    ['', true],
    ['+15551230000', true],
    ['+525512345678', true],
    ['+447911123456', true],
    ['+52 55 1234 5678', false],
    ['+4479111', false],
    ['+1555123000', false],
    ['5551230000', false],
  ])('the server accepts %j: %s', (phone, accepted) => {
    expect(isAcceptedFinderPhone(phone)).toBe(accepted);
  });

  it('refuses with the message that fits: US shape or international', () => {
    const message = (finderPhone: string) =>
      foundReportRequest.safeParse({ foundNotes: 'x', finderPhone }).error?.issues[0]?.message;
    expect(message('+1555123000')).toBe(FOUND_MESSAGES.phone);
    expect(message('5551230000')).toBe(FOUND_MESSAGES.phone);
    expect(message('+4479111')).toBe(FOUND_MESSAGES.phoneInternational);
  });
});

describe('a typed number checked as the server checks it (none silently dropped)', () => {
  it.each([
    ['', 'GB', { ok: true, e164: '' }],
    ['07911 12', 'GB', { ok: false, problem: 'incomplete' }],
    ['07700 900123', 'GB', { ok: false, problem: 'invalid' }],
    ['07911 123456', 'GB', { ok: true, e164: '+447911123456' }],
    ['06 12 34', 'FR', { ok: false, problem: 'incomplete' }],
    ['01 23 45 67 89 01', 'FR', { ok: false, problem: 'invalid' }],
    ['06 12 34 56 78', 'FR', { ok: true, e164: '+33612345678' }],
    ['612 34 56', 'ES', { ok: false, problem: 'incomplete' }],
    ['612 345 678', 'ES', { ok: true, e164: '+34612345678' }],
    ['+44 7911 123456', 'US', { ok: true, e164: '+447911123456' }],
    ['+1 900 555 0123', 'FR', { ok: false, problem: 'invalid' }],
    ['+881 6 1234 5678', 'GB', { ok: false, problem: 'invalid' }],
  ] as const)('%j in %s → %j', (typed, country, expected) => {
    expect(checkPhone(typed, country)).toEqual(expected);
  });

  it.each([
    ['', { ok: true, e164: '' }],
    ['555-12', { ok: false, problem: 'incomplete' }],
    ['415-555-013', { ok: false, problem: 'incomplete' }],
    ['415-555-0132', { ok: true, e164: '+14155550132' }],
    ['900-555-0123', { ok: false, problem: 'invalid' }],
    ['976-555-0123', { ok: false, problem: 'invalid' }],
  ] as const)('US %j → %j', (typed, expected) => {
    expect(checkUsPhone(typed)).toEqual(expected);
  });

  it('accepts exactly what the server accepts', () => {
    const typed: [string, 'US' | 'GB' | 'FR' | 'ES' | 'MX'][] = [
      ['555-123-4567', 'US'],
      ['900-123-4567', 'US'],
      ['555-123', 'US'],
      ['07911 123456', 'GB'],
      ['07700 900123', 'GB'],
      ['06 12 34 56 78', 'FR'],
      ['612 345 678', 'ES'],
      ['55 1234 5678', 'MX'],
      ['+870 773 112 345', 'GB'],
      ['+44 20 7946 0958', 'FR'],
    ];
    for (const [number, country] of typed) {
      const result = country === 'US' ? checkUsPhone(number) : checkPhone(number, country);
      const sent = country === 'US' ? finderPhoneForReport(number) : phoneForReport(number, country);
      expect(result.ok, number).toBe(!!sent && isAcceptedFinderPhone(sent));
      const accepted = foundReportRequest.safeParse({ foundNotes: 'x', finderPhone: sent }).success;
      if (result.ok) expect(accepted, number).toBe(true);
    }
  });
});

describe('a number as labels print it', () => {
  it('groups it as people write it, in international form', () => {
    expect(phoneAsWritten('+15550100199')).toBe('+1 555 010 0199');
    expect(phoneAsWritten(' +1 555  010 0199 ')).toBe('+1 555 010 0199');
    expect(phoneAsWritten('+447700900123')).toBe('+44 7700 900123');
    expect(phoneAsWritten('+33612345678')).toBe('+33 6 12 34 56 78');
  });

  it('leaves what it cannot read as given', () => {
    expect(phoneAsWritten(' 555-0100 ')).toBe('555-0100');
    expect(phoneAsWritten('+')).toBe('+');
  });
});
