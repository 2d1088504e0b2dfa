import type { LabelTemplate } from '@homing/label-layout';
import { rollTemplatesForMedia, sheetTemplates } from '@homing/label-layout';
import { PrintError } from './printJob';
import type { Spooler } from './spooler';

/**
 * The page sizes a CUPS queue offers, from `lpoptions -p <queue> -l` (its PPD's `PageSize`
 * choices, the default starred): `PageSize/Media Size: 12mm *24mm-circular 23x23mm …`.
 */
export function parsePageSizes(lpoptions: string): string[] {
  const line = lpoptions.split('\n').find((text) => /^PageSize\//.test(text));
  if (!line) return [];
  return line
    .slice(line.indexOf(':') + 1)
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((choice) => choice.replace(/^\*/, ''));
}

/**
 * The templates a queue can print: the rolls whose media it lists, and the sheets when it offers
 * their paper (an office printer). A queue whose media are unknown gets every sheet and no roll.
 */
export function templatesForMedia(media: readonly string[] | null): LabelTemplate[] {
  if (!media) return [...sheetTemplates];
  const offered = new Set(media.map((name) => name.toLowerCase()));
  const sheets = sheetTemplates.filter((template) => offered.has(template.media.toLowerCase()));
  return [...sheets, ...rollTemplatesForMedia(media)];
}

/** A queue's templates, as the station offers them for it. */
export async function queueTemplates(
  spooler: Pick<Spooler, 'media'>,
  printer: string,
): Promise<LabelTemplate[]> {
  return templatesForMedia((await spooler.media?.(printer).catch(() => null)) ?? null);
}

/**
 * Refuses a roll template on a queue that does not list its media: a DK-11218 job sent to an
 * office printer, or to a QL loaded for another roll, would print at the wrong size. Sheets are
 * not checked (an office queue's paper list may not name Letter or A4 as we do).
 */
export async function checkQueueMedia(
  spooler: Pick<Spooler, 'media'>,
  printer: string,
  template: LabelTemplate,
): Promise<void> {
  if (template.medium !== 'roll' || !spooler.media) return;
  const media = await spooler.media(printer).catch(() => null);
  if (media && rollTemplatesForMedia(media).includes(template)) return;
  throw new PrintError(
    'invalid',
    media
      ? `Printer ${printer} has no ${template.name} media (it offers ${media.slice(0, 8).join(', ')}${media.length > 8 ? ', …' : ''})`
      : `Printer ${printer} does not say which media it has, so ${template.name} cannot be printed on it`,
  );
}
