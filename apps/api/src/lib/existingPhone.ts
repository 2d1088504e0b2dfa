import { CONTACT_MESSAGES } from '@homing/shared';
import { isAcceptedFinderPhone } from '@homing/shared/intlPhone';
import type { z } from 'zod';

/**
 * `schema`, holding the phone number it takes to one that exists: the shared contact rule (the
 * browser's too, which loads no numbering plans) takes another country's "+" number of any
 * plausible length; the server takes it only if libphonenumber-js knows it for a number of that
 * country, as for a finder's (isAcceptedFinderPhone). A US number keeps the spec's +1 and 10 digits.
 */
export function existingPhone<S extends z.ZodType>(
  schema: S,
  phoneOf: (value: z.output<S>) => string | null,
  field: string,
  message: string = CONTACT_MESSAGES.invalidPhone,
) {
  return schema.superRefine((value, ctx) => {
    const phone = phoneOf(value as z.output<S>);
    if (phone && !isAcceptedFinderPhone(phone)) ctx.addIssue({ code: 'custom', message, path: [field] });
  });
}
