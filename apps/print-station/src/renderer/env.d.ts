/** true in the browser build (vite.twin.config.ts), false in Electron's: the twin is left out there. */
declare const __STATION_TWIN__: boolean;
