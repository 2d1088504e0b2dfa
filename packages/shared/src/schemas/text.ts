import { z } from 'zod';

// Text rules every payload shares. PostgreSQL refuses NUL in text (22021) and a lone control
// character is never something a person typed, so both are refused at the edge as a 400, before
// any query. Invisible characters are the other trick: a name of only zero-width spaces looks
// empty, and bidi overrides make a finder read a name backwards ("gpj.exe" shown as "exe.jpg").

/* eslint-disable no-control-regex */
/** C0 controls (tab, line feed and carriage return allowed), DEL and the C1 controls. */
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** The same with tab, line feed and carriage return refused too: for one-line fields. */
const CONTROL_LINE = /[\u0000-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */
/** Zero-width spaces, joiners, word joiner, byte-order mark, Mongolian vowel separator. */
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF\u180E]/g;
/** Bidi embeddings, overrides and isolates: they reorder the text around them. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export const TEXT_MESSAGES = {
  control: (label: string) => `${label} contains characters that are not allowed`,
} as const;

/** True when the text holds a control character other than tab, line feed or carriage return. */
export const hasControlCharacters = (text: string, opts: { multiline?: boolean } = {}) =>
  (opts.multiline ? CONTROL_MULTILINE : CONTROL_LINE).test(text);

/** Bidi embeddings, overrides and isolates removed: the text reads in its natural order. */
export const withoutBidiControls = (text: string) => text.replace(BIDI_CONTROLS, '');

/**
 * A name as people see it: bidi controls removed and, when nothing but invisible characters and
 * spaces is left, the empty string (so "required" rules see it as empty).
 */
export const visibleName = (text: string) => {
  const plain = withoutBidiControls(text).trim();
  return plain.replace(ZERO_WIDTH, '').trim() === '' ? '' : plain;
};

/**
 * A string with control characters refused (`label` names the field in the message). `multiline`
 * allows tab and line breaks (descriptions, messages); one-line fields refuse them too.
 */
export const safeText = (label: string, opts: { multiline?: boolean; error?: string } = {}) =>
  z
    .string(opts.error ? { error: opts.error } : undefined)
    .refine((v) => !hasControlCharacters(v, opts), TEXT_MESSAGES.control(label));

/** A one-line name: control characters refused, bidi controls removed, invisible-only as empty. */
export const nameText = (label: string, opts: { error?: string } = {}) =>
  safeText(label, opts).transform(visibleName);
