import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, PASSWORD_TOO_SHORT, SMS_OPT_IN_REQUIRED } from '@homing/shared';
import {
  EMPTY_VALUES,
  PASSWORD_REQUIRED,
  checkContact,
  joinName,
  prepareSubmission,
  showsSmsOptIn,
} from './authForm';

const values = (over: Partial<typeof EMPTY_VALUES>) => ({ ...EMPTY_VALUES, ...over });

describe('checkContact', () => {
  it('gives the spec messages', () => {
    expect(checkContact('')).toEqual({ error: CONTACT_MESSAGES.empty });
    expect(checkContact('555123456789')).toEqual({ error: CONTACT_MESSAGES.invalidPhone });
    expect(checkContact('nope')).toEqual({ error: CONTACT_MESSAGES.invalidEmail });
  });

  it('formats a valid phone', () => {
    expect(checkContact('5551234567')).toEqual({ display: '(555) 123-4567' });
    expect(checkContact('a@b.co')).toEqual({});
  });
});

describe('prepareSubmission', () => {
  it('reports contact and password problems together', () => {
    expect(prepareSubmission('register', values({ contact: 'x', password: 'short' }))).toEqual({
      ok: false,
      errors: { contact: CONTACT_MESSAGES.invalidEmail, password: PASSWORD_TOO_SHORT },
    });
    expect(prepareSubmission('login', values({ contact: 'a@b.co' }))).toEqual({
      ok: false,
      errors: { password: PASSWORD_REQUIRED },
    });
  });

  it('logs in with a normalised identifier', () => {
    expect(prepareSubmission('login', values({ contact: ' Ada@Example.com ', password: 'x' }))).toEqual({
      ok: true,
      kind: 'login',
      identifier: 'ada@example.com',
      password: 'x',
    });
    expect(prepareSubmission('login', values({ contact: '(555) 123-4567', password: 'x' }))).toMatchObject({
      identifier: '+15551234567',
    });
  });

  it('registers by email with the joined name', () => {
    expect(
      prepareSubmission(
        'register',
        values({ contact: 'a@b.co', password: 'longenough', firstName: ' Ada ', lastName: 'Lovelace' }),
      ),
    ).toEqual({
      ok: true,
      kind: 'register',
      payload: { password: 'longenough', name: 'Ada Lovelace', email: 'a@b.co' },
    });
  });

  it('registers a phone only with the SMS opt-in', () => {
    const phone = values({ contact: '555-123-4567', password: 'longenough' });
    expect(prepareSubmission('register', phone)).toEqual({
      ok: true,
      kind: 'register',
      payload: { password: 'longenough', phoneNumber: '+15551234567', smsOptIn: true },
    });
    expect(prepareSubmission('register', { ...phone, smsOptIn: false })).toEqual({
      ok: false,
      errors: { form: SMS_OPT_IN_REQUIRED },
    });
  });
});

describe('helpers', () => {
  it('shows the opt-in only for phone-like input', () => {
    expect(showsSmsOptIn('555')).toBe(true);
    expect(showsSmsOptIn('(555) 123-4567')).toBe(true);
    expect(showsSmsOptIn('a@b.co')).toBe(false);
    expect(showsSmsOptIn('')).toBe(false);
  });

  it('joins names and drops blanks', () => {
    expect(joinName('', '')).toBe('');
    expect(joinName('Ada', ' ')).toBe('Ada');
  });
});
