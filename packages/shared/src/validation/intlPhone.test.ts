import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { foundReportRequest, FOUND_MESSAGES } from '../schemas/found';
import { countryFromLanguages, finderPhoneForReport, formatFinderPhone } from './finderPhone';
import { formatPhoneAsTyped, isAcceptedFinderPhone, phoneForReport } from './intlPhone';
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
