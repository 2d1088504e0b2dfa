import { createContext, use } from 'react';
import type { AppConfig } from '@homing/shared';
import { DEFAULT_APP_CONFIG } from './appConfig';

export interface AppConfigState {
  config: AppConfig;
  /** False until the configuration call has answered (or failed). */
  loaded: boolean;
}

export const AppConfigContext = createContext<AppConfigState>({ config: DEFAULT_APP_CONFIG, loaded: false });

export const useAppConfig = (): AppConfigState => use(AppConfigContext);
