import { FOUND_MESSAGE_MAX, THREAD_MESSAGE_MAX, type FinderLocale } from '@homing/shared';
import type { Effects, TrxCtx } from '../../ctx';
import type { TextedCode } from '../../lib/textedCode';
import { onlyLanguageKeyword, withoutLanguageKeyword } from '../../lib/textLanguage';
import { finderItemName, finderLabelName } from '../../lib/finderItemName';
import { threadOpen } from '../../lib/threadState';
import type { User } from '../../models/User';
import { finderTextFor } from '../../notifications/finderMessages';
import { foundReportCreator, type FoundReportDeps } from './foundReportCreator';
import { reportTargetFinder } from './reportTargetFinder';
import { threadMessageSender } from './threadMessageSender';
import { threadReportQuery, type ThreadReport } from './threadLoader';

/** An example of a code as texted, in the answers that ask for one. */
export const textedCodeExample = (brandWord: string) => `${brandWord.toUpperCase()} 8CWNC 2KDP2`;

/**
 * A finder's text to the instance's number (PRODUCT.md, Finders who text), its code read (lib/textedCode.ts) and its
 * language guessed (lib/textLanguage.ts). A number with an open conversation goes on with it: its
 * text reaches the owner as written (less a leading language keyword) unless it is unmistakably a
 * new label's code (the brand word before it, or a right check symbol alone on its line). A known
 * code and a message open the same conversation as the web form (`foundReportCreator`: the owner is
 * alerted the usual way), kept as `by_text` with the number as `finder_phone`, which the owner
 * never sees; a code of a conversation this number already has, or no code at all, continues the
 * newest one. `optIn`: the text was an opt-in keyword ("YES", "START"), recorded apart; it reaches
 * an open conversation as words and is otherwise not answered. Returns the one answer the finder
 * is sent back (null: none), in their language: the gateway sends it from our number.
 */
export async function textReceiver(
  props: { from: string; texted: TextedCode; locale: FinderLocale | null; optIn?: boolean },
  ctx: TrxCtx<User | null> & Effects & FoundReportDeps,
): Promise<{ answer: string | null; foundReportId?: string }> {
  const { trx, config } = ctx;
  const example = textedCodeExample(config.brand.word);
  const latest = async (code: string) =>
    (await threadReportQuery(trx)
      .where({ 'r.byText': true, 'r.finderPhone': props.from, 'c.value': code })
      .orderBy('r.createdAt', 'desc')
      .first()) as ThreadReport | undefined;
  const continueThread = async (thread: ThreadReport, words: string) => {
    const text = withoutLanguageKeyword(words);
    const locale = props.locale ?? thread.finderLocale;
    const say = finderTextFor(locale);
    if (locale !== thread.finderLocale)
      await trx('foundReports').where({ id: thread.id }).update({ finderLocale: locale });
    const names = { brand: config.brand.name, item: finderItemName(thread, locale) };
    if (!threadOpen(thread)) return { answer: say.closed(names) };
    // Empty, or only a language's keyword (its choice is made above): nothing to tell the owner.
    if (!text || onlyLanguageKeyword(text)) return { answer: null };
    await threadMessageSender(
      { foundReportId: thread.id, from: 'finder', message: { text: text.slice(0, THREAD_MESSAGE_MAX) } },
      ctx,
    );
    return { answer: null, foundReportId: thread.id };
  };

  const { texted } = props;
  const say = finderTextFor(props.locale ?? 'en');
  // This number's conversations, newest first: the newest open one goes on (else the newest says closed).
  const mine = (await threadReportQuery(trx)
    .where({ 'r.byText': true, 'r.finderPhone': props.from })
    .orderBy('r.createdAt', 'desc')
    .limit(50)) as ThreadReport[];
  const open = mine.find(threadOpen) ?? null;
  const newest = open ?? mine[0];
  if (props.optIn)
    return open
      ? continueThread(open, texted.kind === 'none' ? texted.message : texted.text)
      : { answer: null };
  // An open conversation takes every text but a plain new code, whatever it holds.
  if (open && texted.kind !== 'none' && !texted.unmistakable) return continueThread(open, texted.text);
  if (texted.kind === 'check') return { answer: say.checkCode(example) };
  if (texted.kind === 'none')
    return newest ? continueThread(newest, texted.message) : { answer: say.unknownCode(example) };

  const target = await reportTargetFinder({ qrCode: texted.code }, { trx });
  if (!target) return { answer: say.unknownCode(example) };
  const thread = await latest(target.code.value);
  if (thread && threadOpen(thread)) return continueThread(thread, texted.message);
  const message = withoutLanguageKeyword(texted.message);
  if (!message) return { answer: say.needMessage(example) };
  const locale = props.locale ?? 'en';
  // A number the owner blocked is answered as anyone is; its report waits, held, in the owner's list.
  const report = await foundReportCreator(
    {
      qrCode: target.code.value,
      ip: `sms:${props.from}`,
      byText: true,
      report: {
        finderName: '',
        finderEmail: '',
        finderPhone: props.from,
        foundNotes: message.slice(0, FOUND_MESSAGE_MAX),
        locale,
      },
    },
    ctx,
  );
  // A label with no item is named by its code, as the finder texted it.
  const item = target.item?.name ?? finderLabelName(target.code.value, locale);
  return {
    answer: finderTextFor(locale).received({ brand: config.brand.name, item }),
    foundReportId: report.id,
  };
}
