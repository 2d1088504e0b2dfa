import pino from 'pino';
import pretty from 'pino-pretty';

export type Logger = pino.Logger;
export type LogFormat = 'pretty' | 'json';

/**
 * JSON lines (for log collectors) or, in a terminal, one readable line per event
 * (`LOG_FORMAT`, config.ts). `destination` is for tests; the default is stdout.
 */
export function createLogger(
  level: string,
  format: LogFormat = 'json',
  destination: NodeJS.WritableStream = process.stdout,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password'], remove: true },
  };
  if (format === 'json')
    return destination === process.stdout
      ? pino(options)
      : pino(options, destination as pino.DestinationStream);
  return pino(
    options,
    pretty({
      destination,
      sync: true,
      colorize: destination === process.stdout && process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      singleLine: true,
    }),
  );
}
