import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { StationBridge } from '../shared/bridge';
import { StationApp } from './StationApp';
import './station.css';

/** Electron's preload provides the bridge; a plain browser gets the twin (browser build only). */
async function bridge(): Promise<StationBridge> {
  if (window.homingStation) return window.homingStation;
  if (__STATION_TWIN__) {
    const { createBrowserTwin } = await import('./bridge/browserTwin');
    const twin = createBrowserTwin();
    // Tests read the recorded jobs here.
    (window as unknown as { homingStationTwin: unknown }).homingStationTwin = twin;
    return twin;
  }
  throw new Error('The print station bridge is missing: start the app through Electron');
}

const root = createRoot(document.getElementById('root')!);
bridge().then(
  (stationBridge) =>
    root.render(
      <StrictMode>
        <StationApp bridge={stationBridge} />
      </StrictMode>,
    ),
  (error: Error) => root.render(<p role="alert">{error.message}</p>),
);
