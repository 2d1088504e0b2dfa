import {
  FINDER_PHONE_MAX_LENGTH,
  formatFinderPhone,
} from '../../../../packages/shared/src/validation/finderPhone';

export { FINDER_PHONE_MAX_LENGTH };

/**
 * Spec section 5: digits only, at most 10, shown 3-3-4 with dashes, reformatted as the finder types.
 * The caret stays after the same number of digits, so a correction in the middle does not jump
 * to the end.
 */
export function reformatPhone(value: string, caret: number): { value: string; caret: number } {
  const digitsBefore = value.slice(0, caret).replace(/\D/g, '').length;
  const formatted = formatFinderPhone(value);
  let position = 0;
  for (let seen = 0; position < formatted.length && seen < digitsBefore; position++) {
    if (/\d/.test(formatted[position] ?? '')) seen++;
  }
  return { value: formatted, caret: position };
}

/** Wires the formatting to a phone input. */
export function formatAsTyped(input: HTMLInputElement) {
  input.maxLength = FINDER_PHONE_MAX_LENGTH;
  input.addEventListener('input', () => {
    const next = reformatPhone(input.value, input.selectionStart ?? input.value.length);
    if (next.value === input.value) return;
    input.value = next.value;
    // Only move the caret while the field has focus (autofill and scripts set values too).
    if (document.activeElement === input) input.setSelectionRange(next.caret, next.caret);
  });
}
