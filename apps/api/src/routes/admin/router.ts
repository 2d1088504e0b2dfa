import type { Deps, RouteDef } from '../../routing';
import { codeRoutes } from './codes';
import { labelRoutes } from './labels';
import { presetRoutes } from './presets';
import { setRoutes } from './sets';
import { templateRoutes } from './templates';
import { voucherRoutes } from './vouchers';

/** `/api/admin/*` and the public `/api/templates` (issue: labels and administration). */
export function adminRoutes(deps: Deps): RouteDef[] {
  return [
    ...templateRoutes(deps),
    ...codeRoutes(deps),
    // Before the sets' `/:id` routes, whose id would otherwise swallow `labels.pdf`.
    ...labelRoutes(deps),
    ...setRoutes(deps),
    ...voucherRoutes(),
    ...presetRoutes(),
  ];
}
