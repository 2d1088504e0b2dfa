/**
 * Every text of the finder page, per language. English is the specification's wording, exactly;
 * Spanish and French say the same thing the way a native speaker would, not word for word.
 * French puts a narrow no-break space (\u202f) before ! ? : ; as French typography does.
 */
const en = {
  pageTitle: 'Found item',
  loading: 'Loading...',
  loadFailed: 'Failed to load item information',
  notFoundOrInactive: 'Item not found or inactive',
  notFound: 'Item not found',
  notFoundHint: 'Check the code on the label, or scan it again.',
  youFound: 'You found {name}!',
  photoAlt: 'Photo of {name}',
  intro:
    'Thank you for helping. Your message goes straight to the owner; their contact details stay private.',
  messageLabel: 'Your message',
  messagePlaceholder: 'Tell the owner...',
  messageRequired: 'Please tell the owner something about where you found it',
  phoneLabel: 'Your phone number',
  phoneHint: 'Recommended, so the owner can thank you and arrange the return. Only the owner sees it.',
  locationLabel: 'Share your location once (recommended)',
  submit: 'Message Owner',
  sending: 'Sending...',
  submitFailed: 'Failed to submit found report. Please try again.',
  tooMany: 'Several messages were sent in a short time. Please try again in a few minutes.',
  confirmTitle: 'Are you sure?',
  confirmBody: "Without your number we won't be able to provide updates from the owner.",
  continueWithout: 'Continue without number',
  addNumber: 'Add Number',
  sentTitle: 'Your message has been sent.',
  sentBody: 'The owner has been notified. Thank you for helping {name} get back home.',
  ownerTitle: 'This is your item',
  ownerOpenReport:
    'Someone found it and sent you a message. Once it is back with you, mark it recovered to get your free gift.',
  ownerPreview: 'This is your item. Below is what a finder sees when they scan its label.',
  markRecovered: 'Mark as recovered',
  saving: 'Saving...',
  voucher: 'Welcome home! Here is your free gift:',
  recoveredNoGift: 'Welcome home! The item is marked recovered. This recovery does not come with a gift.',
  recoverFailed: 'Could not mark the item as recovered. Please try again.',
  noOpenReport: 'There is no new finder report for this item to mark as recovered.',
  codeTitle: 'Found something with a QR label?',
  codeIntro: 'Type the code printed under the QR code on the label to contact the owner.',
  codeLabel: 'Code on the label',
  codeHint: '10 letters and digits, for example K7M2P 9QX4T',
  codeSubmit: 'Continue',
  codeEmpty: 'Please type the code printed on the label.',
  codeLength: 'A code has 10 letters and digits; this has {count}. Please check it.',
  codeCharacters: 'Codes use the digits 2-9 and the letters A-Z except I and O. Please check: {characters}',
  codeInstead: 'Type the code instead',
};

export type MessageKey = keyof typeof en;
type Messages = Record<MessageKey, string>;

const es: Messages = {
  pageTitle: 'Objeto encontrado',
  loading: 'Cargando...',
  loadFailed: 'No se pudo cargar la información del objeto',
  notFoundOrInactive: 'Objeto no encontrado o inactivo',
  notFound: 'Objeto no encontrado',
  notFoundHint: 'Revisa el código de la etiqueta o vuelve a escanearla.',
  youFound: '¡Has encontrado {name}!',
  photoAlt: 'Foto de {name}',
  intro:
    'Gracias por ayudar. Tu mensaje le llega directamente al dueño; sus datos de contacto siguen siendo privados.',
  messageLabel: 'Tu mensaje',
  messagePlaceholder: 'Cuéntale al dueño...',
  messageRequired: 'Cuéntale al dueño dónde lo encontraste',
  phoneLabel: 'Tu número de teléfono',
  phoneHint:
    'Recomendado, para que el dueño pueda darte las gracias y acordar la devolución. Solo lo verá el dueño.',
  locationLabel: 'Compartir mi ubicación una vez (recomendado)',
  submit: 'Escribir al dueño',
  sending: 'Enviando...',
  submitFailed: 'No se pudo enviar el aviso. Inténtalo de nuevo.',
  tooMany: 'Se han enviado varios mensajes en poco tiempo. Inténtalo de nuevo dentro de unos minutos.',
  confirmTitle: '¿Seguro que quieres continuar?',
  confirmBody: 'Sin tu número, el dueño no podrá ponerse en contacto contigo para darte novedades.',
  continueWithout: 'Continuar sin número',
  addNumber: 'Añadir número',
  sentTitle: 'Tu mensaje se ha enviado.',
  sentBody: 'Ya hemos avisado al dueño. ¡Gracias por ayudar a que {name} vuelva a casa!',
  ownerTitle: 'Este objeto es tuyo',
  ownerOpenReport:
    'Alguien lo encontró y te ha escrito. Cuando vuelva a estar contigo, márcalo como recuperado y recibe tu regalo.',
  ownerPreview: 'Este objeto es tuyo. Debajo ves lo mismo que verá quien escanee su etiqueta.',
  markRecovered: 'Marcar como recuperado',
  saving: 'Guardando...',
  voucher: '¡De vuelta en casa! Aquí tienes tu regalo:',
  recoveredNoGift:
    '¡De vuelta en casa! El objeto está marcado como recuperado. Esta recuperación no incluye regalo.',
  recoverFailed: 'No se pudo marcar como recuperado. Inténtalo de nuevo.',
  noOpenReport: 'No hay ningún aviso nuevo de este objeto que marcar como recuperado.',
  codeTitle: '¿Has encontrado algo con una etiqueta QR?',
  codeIntro: 'Escribe el código impreso bajo el código QR de la etiqueta para avisar al dueño.',
  codeLabel: 'Código de la etiqueta',
  codeHint: '10 letras y números, por ejemplo K7M2P 9QX4T',
  codeSubmit: 'Continuar',
  codeEmpty: 'Escribe el código impreso en la etiqueta.',
  codeLength: 'Un código tiene 10 letras y números; este tiene {count}. Revísalo.',
  codeCharacters:
    'Los códigos usan los números del 2 al 9 y las letras de la A a la Z salvo la I y la O. Revisa: {characters}',
  codeInstead: 'Escribir el código',
};

const fr: Messages = {
  pageTitle: 'Objet trouvé',
  loading: 'Chargement...',
  loadFailed: 'Impossible de charger les informations de l’objet',
  notFoundOrInactive: 'Objet introuvable ou inactif',
  notFound: 'Objet introuvable',
  notFoundHint: 'Vérifiez le code de l’étiquette ou scannez-la à nouveau.',
  youFound: 'Vous avez trouvé {name}\u202f!',
  photoAlt: 'Photo de {name}',
  intro:
    'Merci de votre aide. Votre message est transmis directement au propriétaire, dont les coordonnées restent privées.',
  messageLabel: 'Votre message',
  messagePlaceholder: 'Écrivez au propriétaire...',
  messageRequired: 'Dites au propriétaire où vous l’avez trouvé',
  phoneLabel: 'Votre numéro de téléphone',
  phoneHint:
    'Conseillé, pour que le propriétaire puisse vous remercier et organiser le retour. Lui seul le verra.',
  locationLabel: 'Partager ma position une seule fois (recommandé)',
  submit: 'Écrire au propriétaire',
  sending: 'Envoi en cours...',
  submitFailed: 'L’envoi du signalement a échoué. Veuillez réessayer.',
  tooMany: 'Plusieurs messages ont été envoyés en peu de temps. Veuillez réessayer dans quelques minutes.',
  confirmTitle: 'Vous confirmez\u202f?',
  confirmBody: 'Sans votre numéro, le propriétaire ne pourra pas vous donner de nouvelles.',
  continueWithout: 'Continuer sans numéro',
  addNumber: 'Ajouter mon numéro',
  sentTitle: 'Votre message a été envoyé.',
  sentBody: 'Le propriétaire a été prévenu. Merci d’aider {name} à rentrer à la maison\u202f!',
  ownerTitle: 'Cet objet vous appartient',
  ownerOpenReport:
    'Quelqu’un l’a trouvé et vous a écrit. Une fois l’objet récupéré, indiquez-le pour recevoir votre cadeau.',
  ownerPreview: 'Cet objet vous appartient. Voici ce que voit la personne qui scanne son étiquette.',
  markRecovered: 'Marquer comme récupéré',
  saving: 'Enregistrement...',
  voucher: 'Bon retour à la maison\u202f! Voici votre cadeau\u202f:',
  recoveredNoGift:
    'Bon retour à la maison\u202f! L’objet est marqué comme récupéré. Cette récupération ne donne pas droit à un cadeau.',
  recoverFailed: 'Impossible de marquer l’objet comme récupéré. Veuillez réessayer.',
  noOpenReport: 'Aucun nouveau signalement à clore pour cet objet.',
  codeTitle: 'Vous avez trouvé un objet avec une étiquette QR\u202f?',
  codeIntro: 'Saisissez le code imprimé sous le QR code de l’étiquette pour prévenir le propriétaire.',
  codeLabel: 'Code de l’étiquette',
  codeHint: '10 lettres et chiffres, par exemple K7M2P 9QX4T',
  codeSubmit: 'Continuer',
  codeEmpty: 'Saisissez le code imprimé sur l’étiquette.',
  codeLength: 'Un code compte 10 lettres et chiffres\u202f; celui-ci en a {count}. Vérifiez-le.',
  codeCharacters:
    'Les codes utilisent les chiffres de 2 à 9 et les lettres de A à Z sauf I et O. Vérifiez\u202f: {characters}',
  codeInstead: 'Saisir le code',
};

export const MESSAGES = { en, es, fr } as const;

/**
 * Item type names by type id (migrations' item_types). English uses the server's display name;
 * a type added later falls back to it in every language.
 */
export const TYPE_NAMES: Record<keyof typeof MESSAGES, Partial<Record<string, string>>> = {
  en: {},
  es: {
    pets: 'Mascota',
    keys: 'Llaves',
    bag: 'Bolso',
    wallet: 'Cartera',
    phone: 'Teléfono',
    laptop: 'Portátil',
    luggage: 'Equipaje',
    bike: 'Bicicleta',
    other: 'Otro',
  },
  fr: {
    pets: 'Animal',
    keys: 'Clés',
    bag: 'Sac',
    wallet: 'Portefeuille',
    phone: 'Téléphone',
    laptop: 'Ordinateur portable',
    luggage: 'Bagage',
    bike: 'Vélo',
    other: 'Autre',
  },
};
