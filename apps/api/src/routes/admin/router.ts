import type { Deps, RouteDef } from '../../routing';

/** `/api/admin/*` and the public `/api/templates` (issue: labels and administration). */
export function adminRoutes(_deps: Deps): RouteDef[] {
  return [];
}
