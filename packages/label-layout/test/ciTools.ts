/**
 * Test skips that cannot hide in CI. A test that needs a system tool (poppler's pdftoppm and
 * pdftotext, zbarimg, a CUPS queue) may skip on a developer's machine that lacks it, saying why;
 * under `CI=true` a missing tool is a failure instead, so a green CI run means these tests ran.
 */
export const inCi = process.env.CI === 'true';

/**
 * `true` when the caller should skip because `what` is missing here. Throws under CI=true, which
 * fails the test file with `install` in the message.
 */
export function skipWithout(available: boolean, what: string, install: string): boolean {
  if (available) return false;
  if (inCi) throw new Error(`${what} is required when CI=true, and it is missing: ${install}`);
  return true;
}
