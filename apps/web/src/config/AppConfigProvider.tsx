import { useEffect, useState, type ReactNode } from 'react';
import type { ApiClient } from '../api/client';
import { DEFAULT_APP_CONFIG, fetchAppConfig } from './appConfig';
import { AppConfigContext, type AppConfigState } from './configContext';

export function AppConfigProvider({ api, children }: { api: ApiClient; children: ReactNode }) {
  const [state, setState] = useState<AppConfigState>({ config: DEFAULT_APP_CONFIG, loaded: false });

  useEffect(() => {
    let cancelled = false;
    void fetchAppConfig(api).then((config) => {
      if (!cancelled) setState({ config: config ?? DEFAULT_APP_CONFIG, loaded: true });
    });
    return () => {
      cancelled = true;
    };
  }, [api]);

  return <AppConfigContext value={state}>{children}</AppConfigContext>;
}
