import { pendingMigrations } from '../../db/connection';
import { serviceUnavailable } from '../../errors';
import { route, type Deps, type RouteDef } from '../../routing';

// A readiness probe must answer well within a load balancer's own timeout, database or not.
const READY_CHECK_MS = 2_000;

/** Why this process should not get traffic now, or null when it is ready. */
async function notReadyReason({ db, stopping }: Deps): Promise<string | null> {
  if (stopping.aborted) return 'shutting down';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('database did not answer in time'), READY_CHECK_MS);
  });
  const check = pendingMigrations(db).then(
    (pending) => (pending.length ? `migrations pending: ${pending.join(', ')}` : null),
    () => 'database unreachable',
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function systemRoutes(deps: Deps): RouteDef[] {
  const { config } = deps;
  return [
    // Liveness: the process answers. It does not touch the database, so an outage of the database
    // never gets healthy processes restarted; readiness below is what takes one out of rotation.
    route({ method: 'get', path: '/healthz', access: 'public', flatten: true }, async () => ({
      status: 'ok',
    })),

    // Readiness: 200 when the database answers and has every migration this code knows; else 503
    // with the reason (also while shutting down), so a load balancer sends traffic elsewhere.
    route({ method: 'get', path: '/readyz', access: 'public', flatten: true }, async (_input) => {
      const reason = await notReadyReason(deps);
      if (reason) throw serviceUnavailable(`Not ready: ${reason}.`);
      return { status: 'ready' };
    }),

    // Spec: the base URL for later calls.
    route({ method: 'get', path: '/api/config', access: 'public', flatten: true }, async () => ({
      apiUrl: config.publicUrl,
    })),

    // Spec: "App configuration fetch (path not shown)": domainName, isDevelopment, and the brand.
    route({ method: 'get', path: '/api/app-config', access: 'public', flatten: true }, async () => ({
      domainName: config.domainName,
      isDevelopment: config.isDevelopment,
      brandName: config.brand.name,
      brandWord: config.brand.word,
      companyName: config.brand.company,
      smsNumber: config.sms.publicNumber,
    })),
  ];
}
