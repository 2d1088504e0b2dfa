import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ADMIN_MESSAGES, type QrCodeSetSummary } from '@homing/shared';
import { errorText, type AdminApi } from '../adminApi';

const SCROLL_KEY = 'homing.admin.qrSets.scrollY';

/**
 * The set list: loaded once, then reloaded after every change without unmounting the rows, and
 * the window's scroll position put back afterwards (PRODUCT.md, Screens). The position also survives a
 * browser reload of the page (sessionStorage).
 */
export function useSetList(admin: AdminApi) {
  const [sets, setSets] = useState<QrCodeSetSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const restoreTo = useRef<number | null>(null);

  const load = useCallback(
    () =>
      admin.sets().then((result) => {
        if (result.success) {
          setSets(result.data);
          setError(null);
        } else setError(errorText(result, ADMIN_MESSAGES.loadSetsFailed));
      }),
    [admin],
  );

  useEffect(() => {
    const saved = Number(sessionStorage.getItem(SCROLL_KEY));
    restoreTo.current = Number.isFinite(saved) && saved > 0 ? saved : null;
    void load();
    const remember = () => sessionStorage.setItem(SCROLL_KEY, String(window.scrollY));
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [load]);

  /** Reloads after a change, keeping the scroll position. */
  const reload = useCallback(async () => {
    restoreTo.current = window.scrollY;
    await load();
  }, [load]);

  useLayoutEffect(() => {
    if (sets === null || restoreTo.current === null) return;
    window.scrollTo({ top: restoreTo.current });
    restoreTo.current = null;
  }, [sets]);

  const retry = useCallback(() => {
    setError(null);
    void load();
  }, [load]);

  return { sets, error, reload, retry };
}
