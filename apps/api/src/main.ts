import { ConfigError, loadConfig } from './config';
import { DataFolderLockedError } from './db/connection';
import { startServer } from './server';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  try {
    const server = await startServer(config);
    const where = config.embedded ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
    console.log(`Homing is running at ${config.publicUrl} (${where})`);
    const stop = async () => {
      await server.close();
      process.exit(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (err) {
    if (err instanceof DataFolderLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

void main();
