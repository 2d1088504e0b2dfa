/**
 * The symbols of a label's code: 32 of them, so a random byte gives 5 unbiased bits; no 0/O and no
 * 1/I, so nothing printed can be misread as its look-alike; all in QR alphanumeric mode's set, so
 * the label's upper-cased URL encodes at 5.5 bits a character (label-layout's codeText.test.ts
 * checks this against the QR encoder). The API makes codes of CODE_LENGTH symbols (≈ 50 bits);
 * the finder's page parses typed codes with the same alphabet.
 *
 * Its own entry (`@homing/shared/codes`), free of zod, so the finder bundle can import it.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_LENGTH = 10;
