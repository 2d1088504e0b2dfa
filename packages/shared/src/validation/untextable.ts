/**
 * Ranges we never text (PRODUCT.md, Privacy): they cost the sender per message or reach no person's
 * phone. +881 satellite (Iridium, Globalstar), +882/+883 international networks, +870 Inmarsat, +979
 * international premium rate, +808 shared cost; in North America, +1 900 and +1 976 premium lines.
 * The one refusal for every number Homing would text: a finder's, a sign-up's, an account's new
 * number, a backup contact's; the worker checks it again before each text. Imports nothing: the
 * finder page's phone chunk (intlPhone.ts) and the server's schemas share it.
 */
const UNTEXTABLE = /^\+(881|882|883|870|979|808|1900|1976)/;

/** True for a number (E.164) in a premium-rate or satellite range (`UNTEXTABLE`). */
export const isPremiumOrSatellite = (e164: string) => UNTEXTABLE.test(e164);

/** What a form is told when it gives such a number. */
export const UNTEXTABLE_PHONE =
  'We cannot text premium-rate or satellite numbers. Please give another number or an e-mail address';
