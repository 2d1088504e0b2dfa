import { useEffect, useState } from 'react';
import { api } from '../api';

let resolved: string | null = null;

/** The API base (empty when same-origin), for URLs the browser loads itself (photos, streams). */
export function useApiBase(): string {
  const [base, setBase] = useState(resolved ?? '');
  useEffect(() => {
    if (resolved !== null) return;
    let cancelled = false;
    void api.baseUrl().then((value) => {
      resolved = value;
      if (!cancelled) setBase(value);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return base;
}

/** A photo URL from the API (`/api/photos/<key>`) made loadable from this page. */
export const photoSrc = (base: string, url: string | null | undefined): string | null =>
  url ? (url.startsWith('/') ? `${base}${url}` : url) : null;
