import { printPreset } from '@homing/shared';
import { z } from 'zod';
import { presentPrintPreset } from '../../presenters/labels/printPreset';
import { route, type RouteDef } from '../../routing';
import {
  PRESET_NOT_FOUND,
  printPresetLister,
  printPresetRemover,
  printPresetSaver,
} from '../../services/labels/printPresets';

const idParams = z.object({ id: z.uuid({ error: PRESET_NOT_FOUND }) });

/**
 * Named print presets (PRODUCT.md, Printing): template + printer + start + copies, shared by the admins. GET
 * and POST only, so the print station's screens (whose bridge passes only those) can use them too.
 */
export function presetRoutes(): RouteDef[] {
  return [
    route({ method: 'get', path: '/api/admin/print-presets', access: 'admin' }, async (_input, ctx) => ({
      presets: (await printPresetLister({}, ctx)).map(presentPrintPreset),
    })),
    route(
      {
        method: 'post',
        path: '/api/admin/print-presets',
        access: 'admin',
        body: printPreset,
        transaction: true,
      },
      async ({ body }, ctx) => ({ preset: presentPrintPreset(await printPresetSaver(body, ctx)) }),
    ),
    route(
      {
        method: 'post',
        path: '/api/admin/print-presets/:id/delete',
        access: 'admin',
        params: idParams,
        transaction: true,
      },
      async ({ params }, ctx) => {
        await printPresetRemover({ presetId: params.id }, ctx);
        return { deleted: true };
      },
    ),
  ];
}
