import { templates } from '@homing/label-layout';
import { presentTemplate } from '../../presenters/labels/template';
import { route, type RouteDef } from '../../routing';

export function templateRoutes(): RouteDef[] {
  return [
    // Public: the print test page and the print station read them before anyone signs in.
    route({ method: 'get', path: '/api/templates', access: 'public' }, async () =>
      templates.map(presentTemplate),
    ),
  ];
}
