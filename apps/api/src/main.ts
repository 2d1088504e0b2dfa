import { startupBanner } from './banner';
import { ConfigError, loadConfig } from './config';
import { DataFolderLockedError } from './db/connection';
import { PortUnavailableError, startServer } from './server';

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
    console.log(startupBanner(config, server.seed));
    // SIGTERM (an orchestrator, a deploy) or Ctrl-C: finish what is in flight within
    // SHUTDOWN_TIMEOUT_MS, then exit; 0 when nothing had to be cut.
    const stop = (signal: NodeJS.Signals) => {
      console.log(`${signal}: stopping (at most ${config.shutdownTimeoutMs} ms)`);
      // Should anything hang past the bound (a stuck close), the process still goes.
      setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 2_000).unref();
      void server.shutdown().then(
        (clean) => process.exit(clean ? 0 : 1),
        (err: unknown) => {
          console.error('shutdown failed', err);
          process.exit(1);
        },
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (err) {
    if (err instanceof DataFolderLockedError || err instanceof PortUnavailableError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

void main();
