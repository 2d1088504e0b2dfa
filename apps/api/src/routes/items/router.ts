import type { Deps, RouteDef } from '../../routing';

/** Owners' items, item types, photos, pending assignments and dashboard data (issue: owners). */
export function itemsRoutes(_deps: Deps): RouteDef[] {
  return [];
}
