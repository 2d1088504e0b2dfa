import type { Ctx } from '../../ctx';

/** MM-DD-YYYY (PRODUCT.md, Limits), in UTC so every server names a day the same way. */
export function formatSetDate(date: Date): string {
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  return `${mm}-${dd}-${date.getUTCFullYear()}`;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The next number in a day's series of names such as `Batch 11-22-2026 #3, page 1`: one more
 * than the top-level sets already named `<prefix> <date> #<n><suffix>`. Two admins creating at
 * the same instant may both get the same number; names are labels for people, not keys.
 */
export async function nextSeriesNumber(
  props: { prefix: string; date: Date; suffix?: string },
  { trx }: Pick<Ctx, 'trx'>,
): Promise<number> {
  const head = `${props.prefix} ${formatSetDate(props.date)} #`;
  const rows = (await trx('qr_code_sets')
    .whereNull('parentSetId')
    .where('name', 'like', `${likeEscape(head)}%${likeEscape(props.suffix ?? '')}`)
    .select('name')) as { name: string }[];
  let highest = 0;
  for (const { name } of rows) {
    const n = Number.parseInt(name.slice(head.length), 10);
    if (Number.isInteger(n) && n > highest) highest = n;
  }
  return highest + 1;
}
