import {
  createSetWithCodesRequest,
  markSetsPrintedRequest,
  markSetsReleasedRequest,
  setIdParams,
  splitSetRequest,
} from '@homing/shared';
import { presentSetDetail, presentSetSummary } from '../../presenters/qrCodeSet';
import { route, type Deps, type RouteDef } from '../../routing';
import { setLister, setLoader } from '../../services/setCatalog';
import { setPrintMarker } from '../../services/setPrintMarker';
import { setReleaser } from '../../services/setReleaser';
import { setSplitter } from '../../services/setSplitter';
import { sheetSetCreator } from '../../services/sheetSetCreator';

export function setRoutes({ db }: Deps): RouteDef[] {
  return [
    route({ method: 'get', path: '/api/admin/qr-sets', access: 'admin' }, async () =>
      (await setLister({}, { trx: db })).map(presentSetSummary),
    ),

    route(
      {
        method: 'post',
        path: '/api/admin/qr-sets/create-with-codes',
        access: 'admin',
        body: createSetWithCodesRequest,
        status: 201,
      },
      async ({ body, user }) => {
        const { set, codes } = await db.transaction((trx) => sheetSetCreator(body, { trx, actor: user }));
        return presentSetDetail(set, codes);
      },
    ),

    route(
      { method: 'post', path: '/api/admin/qr-sets/split', access: 'admin', body: splitSetRequest },
      async ({ body, user }) => {
        const { parent, children } = await db.transaction((trx) => setSplitter(body, { trx, actor: user }));
        return { parent: presentSetSummary(parent), children: children.map(presentSetSummary) };
      },
    ),

    route(
      {
        method: 'post',
        path: '/api/admin/qr-sets/mark-sets-printed',
        access: 'admin',
        body: markSetsPrintedRequest,
      },
      async ({ body, user }) => db.transaction((trx) => setPrintMarker(body, { trx, actor: user })),
    ),

    route(
      {
        method: 'post',
        path: '/api/admin/qr-sets/mark-sets-released',
        access: 'admin',
        body: markSetsReleasedRequest,
      },
      async ({ body, user }) => db.transaction((trx) => setReleaser(body, { trx, actor: user })),
    ),

    route(
      { method: 'get', path: '/api/admin/qr-sets/:id', access: 'admin', params: setIdParams },
      async ({ params }) => {
        const { set, codes } = await setLoader({ setId: params.id }, { trx: db });
        return presentSetDetail(set, codes);
      },
    ),
  ];
}
