import { describe, expect, it } from 'vitest';
import { detectDeviceType, foundReportPayload, scanPayload, type ClientEnv } from './clientInfo';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  kindle:
    'Mozilla/5.0 (Linux; U; en-us; KFAPWI Build/JDQ39) AppleWebKit/535.19 (KHTML, like Gecko) Silk/3.13 Safari/535.19',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  operaMini:
    'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
  empty: '',
};

const env = (over: Partial<ClientEnv> = {}): ClientEnv => ({
  userAgent: UA.iphone,
  platform: 'iPhone',
  language: 'es-ES',
  timezone: 'Europe/Madrid',
  screenWidth: 390,
  screenHeight: 844,
  connectionType: '4g',
  referrer: '',
  ...over,
});
const NOW = new Date('2025-05-01T10:20:30.000Z');

describe('detectDeviceType', () => {
  it.each([
    ['iphone', 'mobile'],
    ['androidPhone', 'mobile'],
    ['operaMini', 'mobile'],
    ['androidTablet', 'tablet'],
    ['ipad', 'tablet'],
    ['kindle', 'tablet'],
    ['windows', 'desktop'],
    ['mac', 'desktop'],
    ['empty', 'desktop'],
  ] as const)('%s → %s, as the server decides', (name, expected) => {
    expect(detectDeviceType(UA[name])).toBe(expected);
  });
});

describe('scanPayload', () => {
  it('carries the spec fields, with screen size as W x H', () => {
    expect(scanPayload('ABC234', env({ referrer: 'https://example.com/' }), NOW)).toEqual({
      qrCode: 'ABC234',
      scannedAt: '2025-05-01T10:20:30.000Z',
      deviceType: 'mobile',
      platform: 'iPhone',
      language: 'es-ES',
      timezone: 'Europe/Madrid',
      screenSize: '390x844',
      connectionType: '4g',
      referrer: 'https://example.com/',
    });
  });

  it("says 'direct' without a referrer and 'unknown' without a connection type", () => {
    const payload = scanPayload('ABC234', env({ connectionType: undefined }), NOW);
    expect(payload.referrer).toBe('direct');
    expect(payload.connectionType).toBe('unknown');
  });
});

describe('foundReportPayload', () => {
  const base = {
    message: '  On the bench by the lake  ',
    phoneDisplay: '',
    position: null,
    env: env(),
    now: NOW,
    locale: 'es' as const,
  };

  it('is the found report in PRODUCT.md (Entities)', () => {
    expect(
      foundReportPayload({
        ...base,
        phoneDisplay: '555-123-4567',
        position: { latitude: 40.712776, longitude: -74.005974 },
      }),
    ).toEqual({
      finderName: '',
      finderEmail: '',
      finderPhone: '+15551234567',
      foundNotes: 'On the bench by the lake',
      latitude: '40.7128',
      longitude: '-74.0060',
      foundAt: '2025-05-01T10:20:30.000Z',
      reportMetadata: {
        deviceType: 'mobile',
        platform: 'iPhone',
        language: 'es-ES',
        timezone: 'Europe/Madrid',
        screenSize: '390x844',
        connectionType: '4g',
      },
      locale: 'es',
    });
  });

  it("carries the page's language, whatever the browser's first one is", () => {
    expect(foundReportPayload({ ...base, locale: 'fr' }).locale).toBe('fr');
  });

  it('has no coordinates (and no address) without a position', () => {
    const payload = foundReportPayload(base);
    expect(payload).not.toHaveProperty('latitude');
    expect(payload).not.toHaveProperty('longitude');
    expect(payload).not.toHaveProperty('address');
  });

  it('always writes 4 decimals', () => {
    const payload = foundReportPayload({ ...base, position: { latitude: 0, longitude: 2.35 } });
    expect([payload.latitude, payload.longitude]).toEqual(['0.0000', '2.3500']);
  });

  it.each([
    ['555-123-4567', '+15551234567'],
    ['5551234567', '+15551234567'],
    ['555-123-456', ''],
    ['', ''],
  ])('phone %j is sent as %j', (phoneDisplay, expected) => {
    expect(foundReportPayload({ ...base, phoneDisplay }).finderPhone).toBe(expected);
  });
});
