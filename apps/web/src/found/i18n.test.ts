import { describe, expect, it } from 'vitest';
import { format, LANGUAGES, pickLanguage, translator } from './i18n';
import { MESSAGES } from './messages';

describe('pickLanguage', () => {
  it.each([
    [['es-ES', 'es', 'en'], 'es'],
    [['fr-CA'], 'fr'],
    [['FR'], 'fr'],
    [['es_MX'], 'es'],
    [['en-GB', 'es'], 'en'],
    [['de-DE', 'fr-FR', 'es'], 'fr'],
    [['de', 'it', 'pt-BR'], 'en'],
    [[], 'en'],
  ] as const)('%j → %s', (preferred, expected) => {
    expect(pickLanguage(preferred)).toBe(expected);
  });

  it('falls back to English without any preference', () => {
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage(null)).toBe('en');
  });
});

describe('format', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(format('You found {name}!', { name: 'Red bike' })).toBe('You found Red bike!');
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(format('no placeholders')).toBe('no placeholders');
  });
});

describe('messages', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('every language has every text, non-empty, with the same placeholders', () => {
    const keys = Object.keys(MESSAGES.en).sort();
    for (const lang of LANGUAGES) {
      expect(Object.keys(MESSAGES[lang]).sort()).toEqual(keys);
      for (const key of keys) {
        const text = MESSAGES[lang][key as keyof typeof MESSAGES.en];
        expect(text.trim(), `${lang}.${key}`).not.toBe('');
        expect(placeholders(text), `${lang}.${key}`).toEqual(placeholders(MESSAGES.en[key as 'loading']));
      }
    }
  });

  it('Spanish and French are translations, not copies of the English', () => {
    const same = (lang: 'es' | 'fr') =>
      Object.keys(MESSAGES.en).filter((k) => MESSAGES[lang][k as 'loading'] === MESSAGES.en[k as 'loading']);
    expect(same('es')).toEqual([]);
    expect(same('fr')).toEqual([]);
  });

  it("English is the specification's wording", () => {
    const { t } = translator('en');
    expect(t('loading')).toBe('Loading...');
    expect(t('loadFailed')).toBe('Failed to load item information');
    expect(t('notFoundOrInactive')).toBe('Item not found or inactive');
    expect(t('notFound')).toBe('Item not found');
    expect(t('youFound', { name: 'Keys' })).toBe('You found Keys!');
    expect(t('messagePlaceholder')).toBe('Tell the owner...');
    expect(t('locationLabel')).toBe('Share your location once (recommended)');
    expect(t('submit')).toBe('Message Owner');
    expect(t('confirmTitle')).toBe('Are you sure?');
    expect(t('confirmBody')).toBe("Without your number we won't be able to provide updates from the owner.");
    expect(t('continueWithout')).toBe('Continue without number');
    expect(t('addNumber')).toBe('Add Number');
    expect(t('sentTitle')).toBe('Your message has been sent.');
    expect(t('submitFailed')).toBe('Failed to submit found report. Please try again.');
  });
});

describe('translator', () => {
  it('names item types in the language, falling back to the server name', () => {
    expect(translator('es').typeName({ id: 'keys', displayName: 'Keys' })).toBe('Llaves');
    expect(translator('fr').typeName({ id: 'bike', displayName: 'Bike' })).toBe('Vélo');
    expect(translator('en').typeName({ id: 'keys', displayName: 'Keys' })).toBe('Keys');
    expect(translator('fr').typeName({ id: 'kayak', displayName: 'Kayak' })).toBe('Kayak');
  });

  it('fills placeholders in every language', () => {
    expect(translator('es').t('youFound', { name: 'Max' })).toBe('¡Has encontrado Max!');
    expect(translator('fr').t('youFound', { name: 'Max' })).toBe('Vous avez trouvé Max\u202f!');
  });
});
