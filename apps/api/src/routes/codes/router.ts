import type { Deps, RouteDef } from '../../routing';

/** Scan results, claiming and available codes (issue: owners). */
export function codesRoutes(_deps: Deps): RouteDef[] {
  return [];
}
