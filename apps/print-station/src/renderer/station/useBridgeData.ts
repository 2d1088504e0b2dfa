import { useEffect, useState } from 'react';

/**
 * Loads something from the bridge when `load` changes or `reload()` is called; `load` must be
 * stable (useCallback). State is set only from the answer, never synchronously in the effect.
 */
export function useBridgeData<T>(load: () => Promise<T>) {
  const [state, setState] = useState<{ data: T | null; error: string | null }>({ data: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ data, error: null }),
      (error: Error) => live && setState({ data: null, error: error.message }),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);
  return { ...state, reload: () => setAttempt((n) => n + 1) };
}
