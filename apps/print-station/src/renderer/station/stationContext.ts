import { createContext, use } from 'react';
import type { SessionInfo, StationBridge } from '../../shared/bridge';

/** What the operator chose on this station: kept in the page's storage, not a secret. */
export interface StationSettings {
  readonly printer: string | null;
  /** 1-based, where the first sheet starts (the admin screens' prints use it too). */
  readonly startColumn: number;
  readonly startRow: number;
}

export const defaultSettings: StationSettings = { printer: null, startColumn: 1, startRow: 1 };

const SETTINGS_KEY = 'homingStation.settings';

export function loadSettings(storage: Pick<Storage, 'getItem'> = localStorage): StationSettings {
  try {
    const saved = JSON.parse(storage.getItem(SETTINGS_KEY) ?? 'null') as Partial<StationSettings> | null;
    return { ...defaultSettings, ...saved };
  } catch {
    return defaultSettings;
  }
}

export function saveSettings(
  settings: StationSettings,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  storage.setItem(SETTINGS_KEY, JSON.stringify(settings));
}

export interface Notice {
  readonly tone: 'error' | 'success';
  readonly text: string;
}

export interface StationContextValue {
  readonly bridge: StationBridge;
  readonly session: SessionInfo;
  readonly settings: StationSettings;
  readonly updateSettings: (change: Partial<StationSettings>) => void;
  readonly signOut: () => void;
  readonly notice: Notice | null;
  readonly setNotice: (notice: Notice | null) => void;
}

export const StationContext = createContext<StationContextValue | null>(null);

export function useStation(): StationContextValue {
  const value = use(StationContext);
  if (!value) throw new Error('useStation must be used inside the station shell');
  return value;
}
