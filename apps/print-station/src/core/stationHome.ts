import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the headless station keeps its files: `$HOMING_STATION_HOME`, else ~/.config/homing-station. */
export function stationHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOMING_STATION_HOME?.trim() || join(homedir(), '.config', 'homing-station');
}

export interface StationPaths {
  /** The signed-in session (server URL, bearer token, user): a secret, kept 0600. */
  readonly session: string;
  readonly calibration: string;
  readonly history: string;
  /** Sets printed but not yet marked in the API (markJournal.ts). */
  readonly marks: string;
  /** Codes a read-back found unreadable, missing or duplicated, to print again. */
  readonly reprints: string;
}

export const stationPaths = (home: string): StationPaths => ({
  session: join(home, 'session.json'),
  calibration: join(home, 'calibration.json'),
  history: join(home, 'history.jsonl'),
  marks: join(home, 'pending-marks.json'),
  reprints: join(home, 'reprint-queue.jsonl'),
});
