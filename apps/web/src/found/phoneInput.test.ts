import { describe, expect, it } from 'vitest';
import { FINDER_PHONE_MAX_LENGTH, reformatPhone } from './phoneInput';

describe('reformatPhone (the shared formatFinderPhone as typed)', () => {
  it.each([
    ['5', 1, '5', 1],
    ['5551', 4, '555-1', 5],
    ['555-1234', 8, '555-123-4', 9],
    ['5551234567', 10, '555-123-4567', 12],
    ['(555) 123-4567 ext 9', 20, '555-123-4567', 12],
    ['555-123-45678', 13, '555-123-4567', 12],
    ['abc', 3, '', 0],
  ])('%j (caret %i) → %j (caret %i)', (value, caret, expected, expectedCaret) => {
    expect(reformatPhone(value, caret)).toEqual({ value: expected, caret: expectedCaret });
  });

  it('keeps the caret after the same digits when editing in the middle', () => {
    // "555-1234-567": a 4 typed after "555-123" (caret 8) is moved into the last group.
    expect(reformatPhone('555-1234-567', 8)).toEqual({ value: '555-123-4567', caret: 9 });
    // Deleting the first dash: the caret stays after "555".
    expect(reformatPhone('555123-4567', 3)).toEqual({ value: '555-123-4567', caret: 3 });
  });

  it('fits the display length of 12', () => {
    expect(FINDER_PHONE_MAX_LENGTH).toBe(12);
    expect(reformatPhone('99999999999999', 14).value).toHaveLength(12);
  });
});

describe('reformatPhone for other countries (PRODUCT.md, Validation)', () => {
  it('leaves the number as typed until the rules arrive, then formats it the country’s way', async () => {
    const { intlPhoneNow, loadIntlPhone } = await import('./intlPhoneLoader');
    if (!intlPhoneNow()) expect(reformatPhone('5512345678', 10, 'MX').value).toBe('5512345678');
    expect(await loadIntlPhone()).not.toBeNull();
    expect(reformatPhone('5512345678', 10, 'MX')).toEqual({ value: '55 1234 5678', caret: 12 });
    // The caret stays after the same digits: after "5512" (4 digits) → "55 12|34 5678".
    expect(reformatPhone('5512345678', 4, 'MX')).toEqual({ value: '55 1234 5678', caret: 5 });
    // The US field keeps the spec's digits only, at most 10.
    expect(reformatPhone('+447911123456', 13, 'US').value).toBe('447-911-1234');
    expect(reformatPhone('+447911123456', 13, 'GB').value).toBe('+44 7911 123456');
  });

  it('sends E.164 for another country and the spec’s +1 for the US, and names a number it cannot send', async () => {
    const { checkPhone } = await import('./phoneInput');
    expect(await checkPhone('55 1234 5678', 'MX')).toEqual({ ok: true, e164: '+525512345678' });
    expect(await checkPhone('555-123-4567', 'US')).toEqual({ ok: true, e164: '+15551234567' });
    expect(await checkPhone('', 'MX')).toEqual({ ok: true, e164: '' });
    expect(await checkPhone('555-123', 'US')).toEqual({ ok: false, problem: 'incomplete' });
    expect(await checkPhone('55 12', 'MX')).toEqual({ ok: false, problem: 'incomplete' });
    expect(await checkPhone('07700 900123', 'GB')).toEqual({ ok: false, problem: 'invalid' });
  });
});
