import { batchLabelsPdfQuery, labelsPdfQuery, setIdParams } from '@homing/shared';
import type { Context } from 'koa';
import type { Conn } from '../../ctx';
import { route, type Deps, type RouteDef } from '../../routing';
import { setLabelsPdf, type SetLabelsPdfProps } from '../../services/labels/setLabelsPdf';

export function labelRoutes({ config }: Deps): RouteDef[] {
  const send = async (
    ctx: Context,
    trx: Conn,
    props: Omit<SetLabelsPdfProps, 'domainName' | 'brandWord' | 'smsNumber'>,
  ) => {
    const { bytes, filename } = await setLabelsPdf(
      {
        ...props,
        domainName: config.domainName,
        brandWord: config.brand.word,
        smsNumber: config.sms.publicNumber,
      },
      { trx },
    );
    ctx.status = 200;
    ctx.type = 'application/pdf';
    ctx.set('Cache-Control', 'no-store');
    ctx.attachment(filename);
    ctx.body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };

  return [
    // Several sets in one PDF, each from a new sheet: the bulk print page's download.
    route(
      {
        method: 'get',
        path: '/api/admin/qr-sets/labels.pdf',
        access: 'admin',
        query: batchLabelsPdfQuery,
        raw: true,
      },
      async ({ query, ctx }, { trx }) => send(ctx, trx, query),
    ),

    route(
      {
        method: 'get',
        path: '/api/admin/qr-sets/:id/labels.pdf',
        access: 'admin',
        params: setIdParams,
        query: labelsPdfQuery,
        raw: true,
      },
      async ({ params, query, ctx }, { trx }) => send(ctx, trx, { ...query, setIds: [params.id] }),
    ),
  ];
}
