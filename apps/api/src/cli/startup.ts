import { ConfigError, loadConfig, type Config } from '../config';
import { connect, DataFolderLockedError, type Database } from '../db/connection';

/**
 * The configuration and database a command-line tool needs. A bad setting or a data folder held by
 * another process is the operator's to fix: its message alone is printed (no stack) and the tool
 * exits 1.
 */
export async function openForCli(): Promise<{ config: Config; db: Database }> {
  try {
    const config = loadConfig();
    const db = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    return { config, db };
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataFolderLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
