import type { FinderLocale } from '@homing/shared';

/**
 * What finders answer an owner by text, in English, Spanish and French: thanks, times, places,
 * clothing, yes and no, emoji. Each must reach the owner's conversation as written. Some are the
 * ones an earlier parser read as label codes (their letters add up to ten or eleven symbols of the
 * code alphabet: BLUE+JACKET, THANKS+MATE, GREAT+THANKS), one has digits in the shape of a code
 * in the middle of a sentence, and "Yes" is also a carrier's opt-in keyword.
 */
export const ORDINARY_REPLIES: readonly { locale: FinderLocale; text: string }[] = [
  { locale: 'en', text: "Yes no problem, I'm at the café with him, blue jacket" },
  { locale: 'en', text: 'Thanks mate, see you at 6' },
  { locale: 'en', text: 'Great, thanks' },
  { locale: 'en', text: 'GREAT THANKS' },
  { locale: 'en', text: 'BLUE JACKET' },
  { locale: 'en', text: 'THANKS MATE' },
  { locale: 'en', text: 'Yes' },
  { locale: 'en', text: 'No' },
  { locale: 'en', text: 'ok 👍' },
  { locale: 'en', text: 'Strawberry smoothie place next to the station' },
  { locale: 'en', text: 'I’ll be there at 5:30pm, red coat and grey beanie' },
  { locale: 'en', text: 'Locker 23456 78923, the key is at the front desk' },
  { locale: 'en', text: 'Sorry, running 10 min late 🙏' },
  { locale: 'en', text: 'Is tomorrow morning OK? Around 9' },
  { locale: 'es', text: 'Sí, claro' },
  { locale: 'es', text: '¡Muchas gracias! Nos vemos a las 18:30' },
  { locale: 'es', text: 'Estoy en la cafetería de la estación, con una chaqueta azul' },
  { locale: 'es', text: 'No, lo siento, hoy no puedo' },
  { locale: 'es', text: 'MUCHAS GRACIAS AMIGO' },
  { locale: 'es', text: 'Perfecto, mañana a las 9 en la plaza mayor' },
  { locale: 'es', text: 'Llevo un abrigo negro y una bufanda roja 🧣' },
  { locale: 'es', text: 'es el perro marrón, ¿verdad?' },
  { locale: 'es', text: 'Vale 😊' },
  { locale: 'fr', text: 'Oui, pas de problème' },
  { locale: 'fr', text: 'Merci beaucoup ! À demain 18h30' },
  { locale: 'fr', text: 'Je suis au café en face de la gare, veste bleue' },
  { locale: 'fr', text: 'Non, désolé, je ne peux pas ce soir' },
  { locale: 'fr', text: 'MERCI MADAME' },
  { locale: 'fr', text: 'Rendez-vous à la boulangerie, je porte un manteau vert' },
  { locale: 'fr', text: 'Très bien 😀 à tout à l’heure' },
  { locale: 'fr', text: 'Ça marche, je garde le chien jusqu’à 20h' },
  { locale: 'fr', text: 'Parfait, grand merci' },
];
