import { templates } from '@homing/label-layout';
import { presentTemplate } from '../../presenters/labels/template';
import { route, type Deps, type RouteDef } from '../../routing';

export function templateRoutes({ config }: Deps): RouteDef[] {
  return [
    // Public: the print test page and the print station read them before anyone signs in.
    route({ method: 'get', path: '/api/templates', access: 'public' }, async () =>
      templates.map((template) => presentTemplate(template, config.sms.publicNumber)),
    ),
  ];
}
