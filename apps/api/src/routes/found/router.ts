import type { Deps, RouteDef } from '../../routing';

/** Finder page data, found reports, scan analytics, live events and recovery (issue: finders). */
export function foundRoutes(_deps: Deps): RouteDef[] {
  return [];
}
