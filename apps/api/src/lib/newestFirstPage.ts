import type { Knex } from 'knex';

/** The rows a query would return, counted. */
export async function countOf(q: Knex.QueryBuilder) {
  const rows = (await q.count({ n: '*' })) as { n: string | number }[];
  return Number(rows[0]?.n ?? 0);
}

/** One page of a list, newest first (ties by id); one row more than asked tells whether more follow. */
export async function newestFirstPage<R>(
  list: () => Knex.QueryBuilder,
  columns: (string | Knex.Raw)[],
  [timeColumn, idColumn]: [string, string],
  { page, limit }: { page: number; limit: number },
) {
  const rows: R[] = await list()
    .select(columns)
    .orderBy(timeColumn, 'desc')
    .orderBy(idColumn, 'desc')
    .offset((page - 1) * limit)
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit, totalCount: await countOf(list()) };
}
