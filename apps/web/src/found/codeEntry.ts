// The parser itself, not the package index: the index brings the QR encoder, which the finder
// page must not load.
import { parseTypedCode, printedCode, type TypedCode } from '@homing/label-layout/codeText';
import { CODE_LENGTH, checkedCodeFix, verifyCheckedCode, type CodeFix } from '@homing/shared/codes';
import { h, uid } from './dom';
import type { Translator } from './i18n';

/** Where a code's finder page is. */
export const finderPath = (code: string) => `/found/${encodeURIComponent(code)}`;

/** The hint's example: a code as printed, check symbol included. */
const EXAMPLE = printedCode('K7M2P9QX4T');

type CheckRefused = { ok: false; reason: 'check'; fix: CodeFix | null };

/** Why a typed code cannot be one, in the reader's language; for a refused check, the slip if known. */
export function codeProblem(
  { t }: Translator,
  parsed: Exclude<TypedCode, { ok: true }> | CheckRefused,
): string {
  if (parsed.reason === 'empty') return t('codeEmpty');
  if (parsed.reason === 'check')
    return parsed.fix
      ? t('codeCheckFix', {
          typed: parsed.fix.typed,
          meant: parsed.fix.meant,
          code: printedCode(parsed.fix.fixed.slice(0, CODE_LENGTH)),
        })
      : t('codeCheck');
  if (parsed.reason === 'length') return t('codeLength', { count: parsed.length });
  return t('codeCharacters', { characters: Array.from(parsed.invalid).join(' ') });
}

/**
 * A typed code, read as parseTypedCode reads it, and also with the check symbol printed after the
 * code (one symbol more): a slip in it is caught here, before any look-up, and named when one
 * slip alone explains it (a look-alike, two neighbours swapped).
 */
export function readTypedCode(input: string): TypedCode | CheckRefused {
  const parsed = parseTypedCode(input);
  if (parsed.ok || parsed.reason !== 'length') return parsed;
  const compact = (input.trim().split('/').filter(Boolean).at(-1) ?? '')
    .replace(/[\s\-–—_.]+/g, '')
    .toUpperCase();
  const checked = verifyCheckedCode(compact);
  if (!checked) return parsed;
  return checked.ok ? checked : { ...checked, fix: checkedCodeFix(compact) };
}

/**
 * `/found` with no code: a finder whose camera will not read the label types the code printed
 * under the symbol and goes on to that label's page. Checked as typed (any case, spaces, dashes,
 * or the whole address), so a slip gets a message here rather than a "not found" page.
 */
export function codeEntryForm(
  tr: Translator,
  {
    go = (path) => location.assign(path),
    titleTag = 'h1',
    brandName = 'Homing',
  }: {
    go?: (path: string) => void;
    /** `h2` under a page's own heading (an unknown code's "QR code not found"). */
    titleTag?: 'h1' | 'h2';
    /** The brand the labels carry, in the heading ("Found something with a Homing label?"). */
    brandName?: string;
  } = {},
) {
  const { t } = tr;
  const titleId = titleTag === 'h1' ? 'finder-title' : uid('code-title');
  const ids = { input: uid('code'), hint: uid('code-hint'), error: uid('code-error') };
  const input = h('input', {
    id: ids.input,
    name: 'code',
    type: 'text',
    className: 'field__input finder-code__input',
    autocomplete: 'off',
    autocapitalize: 'characters',
    autocorrect: 'off',
    spellcheck: 'false',
    enterkeyhint: 'go',
    maxlength: 200,
    'aria-describedby': ids.hint,
  });
  const error = h('p', { id: ids.error, className: 'field__error', role: 'alert', hidden: true });
  const field = h(
    'div',
    { className: 'field' },
    h('label', { className: 'field__label', for: ids.input }, t('codeLabel')),
    input,
    h('p', { id: ids.hint, className: 'field__hint' }, t('codeHint', { example: EXAMPLE })),
    error,
  );
  const setError = (text: string | null) => {
    error.textContent = text ?? '';
    error.hidden = !text;
    field.classList.toggle('field--invalid', Boolean(text));
    if (text) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    input.setAttribute('aria-describedby', text ? `${ids.hint} ${ids.error}` : ids.hint);
  };
  input.addEventListener('input', () => setError(null));

  const title = h(
    titleTag,
    { id: titleId, className: 'finder-state__title' },
    t('codeTitle', { brand: brandName }),
  );
  const form = h(
    'form',
    { className: 'finder-card finder-form finder-code', novalidate: true, 'aria-labelledby': titleId },
    title,
    h('p', { className: 'finder-item__intro' }, t('codeIntro')),
    field,
    h(
      'button',
      { type: 'submit', className: 'button button--primary button--large button--block' },
      t('codeSubmit'),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const parsed = readTypedCode(input.value);
    if (!parsed.ok) {
      setError(codeProblem(tr, parsed));
      input.focus();
      return;
    }
    go(finderPath(parsed.code));
  });
  /** The configured brand, once known (`/found` asks for it after the form shows). */
  const setBrand = (name: string) => (title.textContent = t('codeTitle', { brand: name }));
  return { form, input, setBrand };
}
