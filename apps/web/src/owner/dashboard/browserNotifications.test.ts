import type { NotificationPreferences } from '@homing/shared';
import { describe, expect, it } from 'vitest';
import { mayNotify } from './browserNotifications';

const prefs: NotificationPreferences = {
  email: true,
  sms: false,
  browser: true,
  quietHours: { enabled: true, start: '22:00', end: '07:00', timeZone: 'UTC' },
  urgentBreaksThrough: true,
  escalationDelayMinutes: 15,
};
const noon = new Date('2026-07-01T12:00:00Z');
const night = new Date('2026-07-01T23:00:00Z');
const base = { permission: 'granted', hidden: true, now: noon };

describe('browser notifications follow the owner preferences', () => {
  it('notify a page in the background, with permission, outside quiet hours', () => {
    expect(mayNotify(prefs, base)).toBe(true);
    expect(mayNotify({ ...prefs, browser: false }, base)).toBe(false);
    expect(mayNotify(prefs, { ...base, permission: 'denied' })).toBe(false);
    expect(mayNotify(prefs, { ...base, hidden: false })).toBe(false);
    expect(mayNotify(null, base)).toBe(false);
  });

  it('wait in quiet hours unless urgent and allowed through', () => {
    expect(mayNotify(prefs, { ...base, now: night })).toBe(false);
    expect(mayNotify(prefs, { ...base, now: night, urgent: true })).toBe(true);
    expect(mayNotify({ ...prefs, urgentBreaksThrough: false }, { ...base, now: night, urgent: true })).toBe(
      false,
    );
  });
});
