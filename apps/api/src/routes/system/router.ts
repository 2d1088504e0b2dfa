import { route, type Deps, type RouteDef } from '../../routing';

export function systemRoutes({ config }: Deps): RouteDef[] {
  return [
    route({ method: 'get', path: '/healthz', access: 'public', flatten: true }, async (_input, { trx }) => {
      await trx.raw('select 1');
      return { status: 'ok' };
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
    })),
  ];
}
