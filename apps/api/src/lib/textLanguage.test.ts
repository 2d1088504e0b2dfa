import { describe, expect, it } from 'vitest';
import { onlyLanguageKeyword, textLanguage, withoutLanguageKeyword } from './textLanguage';

describe('textLanguage', () => {
  it.each([
    ['HOMING 8CWNC 2KDP2 Found your keys at the station', 'en'],
    ['HOMING 8CWNC 2KDP2 Encontré tus llaves en la estación', 'es'],
    ['homing 8cwnc 2kdp2 hola, tengo tu perro', 'es'],
    ['HOMING 8CWNC 2KDP2 Bonjour, j’ai trouvé vos clés à la gare', 'fr'],
    ['Merci, je passe demain', 'fr'],
    ['Gracias, te espero en la puerta', 'es'],
    // A keyword chooses: the language's name, or its two letters in capitals.
    ['ES', 'es'],
    ['8CWNC 2KDP2 FR keys found', 'fr'],
    ['francais', 'fr'],
    ['English please', 'en'],
  ] as const)('%s → %s', (text, locale) => {
    expect(textLanguage(text)).toBe(locale);
  });

  it('says nothing when the words tell nothing', () => {
    expect(textLanguage('8CWNC 2KDP2')).toBeNull();
    expect(textLanguage('ok 5pm')).toBeNull();
  });

  it('knows a text that only chooses the language', () => {
    expect(onlyLanguageKeyword(' ES ')).toBe(true);
    expect(onlyLanguageKeyword('Français.')).toBe(true);
    expect(onlyLanguageKeyword('es')).toBe(false);
    expect(onlyLanguageKeyword('ES gracias')).toBe(false);
  });

  it('takes the keyword a text begins with out of the words for the owner', () => {
    expect(withoutLanguageKeyword('ES Encontré tus llaves en la estación')).toBe(
      'Encontré tus llaves en la estación',
    );
    expect(withoutLanguageKeyword('FR: j’ai trouvé vos clés')).toBe('j’ai trouvé vos clés');
    expect(withoutLanguageKeyword('Español, encontré tu perro')).toBe('encontré tu perro');
    expect(withoutLanguageKeyword('FRANCAIS merci')).toBe('merci');
    expect(withoutLanguageKeyword(' ES ')).toBe('');
    // Words stay words: a language named in a sentence, Spanish "es", a text shouted in capitals.
    for (const text of ['English is not my language', 'es mi perro?', 'EN LA ESTACION', 'Thanks, ES later'])
      expect(withoutLanguageKeyword(text)).toBe(text);
  });
});
