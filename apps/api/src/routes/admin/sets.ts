import {
  createSetWithCodesRequest,
  markSetsPrintedRequest,
  markSetsReleasedRequest,
  setIdParams,
  splitSetRequest,
} from '@homing/shared';
import { presentSetDetail, presentSetSummary } from '../../presenters/labels/qrCodeSet';
import { route, type Deps, type RouteDef } from '../../routing';
import { setLister } from '../../services/labels/setLister';
import { setLoader } from '../../services/labels/setLoader';
import { setPrintMarker } from '../../services/labels/setPrintMarker';
import { setReleaser } from '../../services/labels/setReleaser';
import { setSplitter } from '../../services/labels/setSplitter';
import { sheetSetCreator } from '../../services/labels/sheetSetCreator';

export function setRoutes(_deps: Deps): RouteDef[] {
  return [
    route({ method: 'get', path: '/api/admin/qr-sets', access: 'admin' }, async (_input, ctx) =>
      (await setLister({}, ctx)).map(presentSetSummary),
    ),

    route(
      {
        method: 'post',
        path: '/api/admin/qr-sets/create-with-codes',
        access: 'admin',
        body: createSetWithCodesRequest,
        transaction: true,
        status: 201,
      },
      async ({ body }, ctx) => {
        const { set, codes } = await sheetSetCreator(body, ctx);
        return presentSetDetail(set, codes);
      },
    ),

    route(
      {
        method: 'post',
        path: '/api/admin/qr-sets/split',
        access: 'admin',
        body: splitSetRequest,
        transaction: true,
      },
      async ({ body }, ctx) => {
        const { parent, children } = await setSplitter(body, ctx);
        return { parent: presentSetSummary(parent), children: children.map(presentSetSummary) };
      },
    ),

    route(
      {
        method: 'post',
        path: '/api/admin/qr-sets/mark-sets-printed',
        access: 'admin',
        body: markSetsPrintedRequest,
        transaction: true,
      },
      async ({ body }, ctx) => setPrintMarker(body, ctx),
    ),

    route(
      {
        method: 'post',
        path: '/api/admin/qr-sets/mark-sets-released',
        access: 'admin',
        body: markSetsReleasedRequest,
        transaction: true,
      },
      async ({ body }, ctx) => setReleaser(body, ctx),
    ),

    route(
      { method: 'get', path: '/api/admin/qr-sets/:id', access: 'admin', params: setIdParams },
      async ({ params }, ctx) => {
        const { set, codes } = await setLoader({ setId: params.id }, ctx);
        return presentSetDetail(set, codes);
      },
    ),
  ];
}
