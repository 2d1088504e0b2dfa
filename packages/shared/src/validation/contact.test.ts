import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, formatPhoneDisplay, looksLikePhone, parseContact, toE164 } from './contact';
import { finderPhoneForReport, formatFinderPhone } from './finderPhone';

describe('parseContact (PRODUCT.md, Validation)', () => {
  it.each([
    ['', CONTACT_MESSAGES.empty],
    ['   ', CONTACT_MESSAGES.empty],
    ['22345678901', CONTACT_MESSAGES.invalidPhone],
    ['555123456789', CONTACT_MESSAGES.invalidPhone],
    ['12345', CONTACT_MESSAGES.invalidEmail],
    ['+1 555 123 456', CONTACT_MESSAGES.invalidPhone],
    ['+44 12', CONTACT_MESSAGES.invalidPhone],
    ['+0 7700 900123', CONTACT_MESSAGES.invalidPhone],
    ['+44 7700 900123 456789', CONTACT_MESSAGES.invalidPhone],
    ['bob@', CONTACT_MESSAGES.invalidEmail],
    ['bob smith@example.com', CONTACT_MESSAGES.invalidEmail],
  ])('%j is refused with %j', (input, message) => {
    expect(parseContact(input)).toEqual({ kind: 'invalid', message });
  });

  it('accepts 10 digits, or 11 starting with 1, as E.164 with the (xxx) xxx-xxxx display', () => {
    expect(parseContact('5551234567')).toEqual({
      kind: 'phone',
      phoneNumber: '+15551234567',
      display: '(555) 123-4567',
    });
    expect(parseContact('1 (555) 123-4567')).toMatchObject({ kind: 'phone', phoneNumber: '+15551234567' });
    expect(toE164('+1 555 123 4567')).toBe('+15551234567');
    expect(formatPhoneDisplay('15551234567')).toBe('(555) 123-4567');
  });

  it("takes another country's number typed with its + and code, as E.164, shown so", () => {
    expect(parseContact('+44 7911 123456')).toEqual({
      kind: 'phone',
      phoneNumber: '+447911123456',
      display: '+447911123456',
    });
    expect(toE164('+33 6 12-34-56-78')).toBe('+33612345678');
    expect(toE164('+4930123456')).toBe('+4930123456'); // 10 digits after "+": not a US number
    expect(toE164('07700 900123')).toBeNull(); // without its code, a number is read as a US one
  });

  it('lower-cases e-mails', () => {
    expect(parseContact(' Ann@Example.COM ')).toEqual({ kind: 'email', email: 'ann@example.com' });
  });

  it('shows the opt-in only for phone-like input', () => {
    expect(looksLikePhone('555')).toBe(true);
    expect(looksLikePhone('ann@')).toBe(false);
    expect(looksLikePhone('')).toBe(false);
  });
});

describe('finder phone', () => {
  it('keeps digits only, at most 10, as 3-3-4', () => {
    expect(formatFinderPhone('555a1234567999')).toBe('555-123-4567');
    expect(formatFinderPhone('5551')).toBe('555-1');
    expect(finderPhoneForReport('555-123-4567')).toBe('+15551234567');
    expect(finderPhoneForReport('555-123-456')).toBe('');
  });
});
