/**
 * The system tools some API tests run as real processes. Without one, those tests skip and say
 * which package to install; under CI=true they fail instead (`skipWithout`), so a green CI run
 * means they ran. `npm test` (scripts/test.ts) names the same gaps before it starts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { skipWithout } from '../../../../packages/label-layout/test/ciTools';
import { KANNEL_INSTALL, kannelInstalled } from './kannel';
import { NGINX } from './reverseProxy';

const onPath = (command: string) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** Why a test needing nginx cannot run here, or null; throws under CI=true. */
export const withoutNginx = (): string | null =>
  skipWithout(fs.existsSync(NGINX), `nginx (${NGINX})`, 'apt-get install nginx')
    ? `no ${NGINX}: apt-get install nginx`
    : null;

/** Why the scale test cannot run here (nginx, openssl, pg_dump), or null; throws under CI=true. */
export const withoutScaleTools = (): string | null =>
  withoutNginx() ??
  (skipWithout(onPath('openssl'), 'openssl', 'apt-get install openssl')
    ? 'no openssl: apt-get install openssl'
    : skipWithout(onPath('pg_dump') && onPath('pg_restore'), 'pg_dump', 'apt-get install postgresql-client')
      ? 'no pg_dump: apt-get install postgresql-client'
      : null);

export const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';

/** Why the systemd unit checks cannot run here, or null; throws under CI=true. */
export const withoutSystemdAnalyze = (): string | null =>
  skipWithout(fs.existsSync(SYSTEMD_ANALYZE), 'systemd-analyze', 'apt-get install systemd')
    ? `no ${SYSTEMD_ANALYZE}: apt-get install systemd`
    : null;

/** Why the Kannel gateway test cannot run here (bearerbox, smsbox, fakesmsc), or null; throws under CI=true. */
export const withoutKannel = (): string | null =>
  skipWithout(kannelInstalled(), "Kannel's bearerbox, smsbox and fakesmsc", KANNEL_INSTALL)
    ? `no Kannel (bearerbox, smsbox, fakesmsc): ${KANNEL_INSTALL}`
    : null;
