import { format, type Lang, type Params } from './i18n';

/**
 * The finder page's texts for lost mode, labels with no item and the phone's country (PRODUCT.md, Lost mode),
 * kept apart from messages.ts. English first; Spanish and French as a native speaker says them
 * (French with a narrow no-break space before ! ? : ;).
 */
const en = {
  lostTitle: 'This item is lost',
  stolenTitle: 'This item was stolen',
  lostOwnerSays: 'A message from the owner:',
  reward: 'Reward: {reward}',
  stolenHint: 'Please do not confront anyone. Tell the owner where you saw it.',
  shareLocationTitle: 'Help the owner find it',
  shareLocationBody:
    'Share where you are right now: only the owner sees it, once. Your browser will ask first.',
  shareLocation: 'Share my location',
  locating: 'Finding your location...',
  locationShared: 'Thank you! The owner now knows where it was seen.',
  locationRefused: 'Your location was not shared. You can still message the owner below.',
  unattachedTitle: 'Unassigned QR Code',
  unattachedBody:
    'This QR code has been claimed but is not assigned to an item yet. You can still send its owner a message.',
  phoneCountryLabel: 'Country code',
  unattachedSent: 'The owner has been notified. Thank you for helping!',
};

export type LostTextKey = keyof typeof en;

const es: Record<LostTextKey, string> = {
  lostTitle: 'Este objeto está perdido',
  stolenTitle: 'Este objeto fue robado',
  lostOwnerSays: 'Un mensaje del dueño:',
  reward: 'Recompensa: {reward}',
  stolenHint: 'No te enfrentes a nadie. Cuéntale al dueño dónde lo viste.',
  shareLocationTitle: 'Ayuda al dueño a encontrarlo',
  shareLocationBody:
    'Comparte dónde estás ahora mismo: solo lo verá el dueño, una vez. Tu navegador te lo preguntará antes.',
  shareLocation: 'Compartir mi ubicación',
  locating: 'Buscando tu ubicación...',
  locationShared: '¡Gracias! El dueño ya sabe dónde se vio.',
  locationRefused: 'No se compartió tu ubicación. Aun así puedes escribir al dueño aquí abajo.',
  unattachedTitle: 'Código QR sin asignar',
  unattachedBody:
    'Esta etiqueta tiene dueño, pero todavía no está asociada a ningún objeto. Aun así puedes enviarle un mensaje.',
  phoneCountryLabel: 'Prefijo del país',
  unattachedSent: 'Ya hemos avisado al dueño. ¡Gracias por ayudar!',
};

const fr: Record<LostTextKey, string> = {
  lostTitle: 'Cet objet est perdu',
  stolenTitle: 'Cet objet a été volé',
  lostOwnerSays: 'Un message du propriétaire\u202f:',
  reward: 'Récompense\u202f: {reward}',
  stolenHint: 'N’intervenez pas vous-même. Indiquez au propriétaire où vous l’avez vu.',
  shareLocationTitle: 'Aidez le propriétaire à le retrouver',
  shareLocationBody:
    'Partagez l’endroit où vous êtes en ce moment\u202f: seul le propriétaire le verra, une seule fois. Votre navigateur vous le demandera d’abord.',
  shareLocation: 'Partager ma position',
  locating: 'Recherche de votre position...',
  locationShared: 'Merci\u202f! Le propriétaire sait maintenant où il a été vu.',
  locationRefused:
    'Votre position n’a pas été partagée. Vous pouvez quand même écrire au propriétaire ci-dessous.',
  unattachedTitle: 'Code QR non attribué',
  unattachedBody:
    'Cette étiquette appartient à quelqu’un mais n’est encore attachée à aucun objet. Vous pouvez tout de même lui écrire.',
  phoneCountryLabel: 'Indicatif du pays',
  unattachedSent: 'Le propriétaire a été prévenu. Merci de votre aide\u202f!',
};

export const LOST_TEXT: Record<Lang, Record<LostTextKey, string>> = { en, es, fr };

/** One of these texts in the page's language. */
export const lostT = (lang: Lang, key: LostTextKey, params?: Params) => format(LOST_TEXT[lang][key], params);
