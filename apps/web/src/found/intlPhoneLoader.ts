// libphonenumber-js with its metadata is several times this whole page, and most finders never need
// it: it is fetched (a chunk of its own) only when a finder picks a country other than the US.
import type * as IntlPhoneModule from '@homing/shared/intlPhone';

type IntlPhone = typeof IntlPhoneModule;

let loaded: IntlPhone | null = null;
let loading: Promise<IntlPhone | null> | null = null;

/** The international phone rules, loading them once; null when they cannot be had (offline). */
export function loadIntlPhone(): Promise<IntlPhone | null> {
  loading ??= import('@homing/shared/intlPhone').then(
    (module) => (loaded = module),
    () => {
      loading = null; // A later attempt may succeed.
      return null;
    },
  );
  return loading;
}

/** The rules if they have arrived already (formatting as typed never waits for them). */
export const intlPhoneNow = () => loaded;
