import { markRecovered, type ItemView, type Recovered } from './api';
import { h, show, uid } from './dom';
import type { Translator } from './i18n';
import type { MessageKey } from './messages';
import { localDate } from './thread';

const REFUSALS: Record<NonNullable<Recovered['refusal']>['reason'], MessageKey> = {
  own_account: 'noGiftOwnAccount',
  own_network: 'noGiftOwnNetwork',
  item_gifted: 'noGiftItemGifted',
  no_conversation: 'noGiftNoConversation',
  monthly_limit: 'noGiftMonthly',
};

/** The voucher explained: what it is, how and where to redeem it, until when (PRODUCT.md, Recovery). */
function voucherDetails({ t }: Translator, result: Recovered) {
  const { voucher, gift } = result;
  const expires = voucher?.expiresAt ? new Date(voucher.expiresAt) : null;
  return h(
    'div',
    { className: 'finder-owner__gift' },
    gift?.description && h('p', {}, gift.description),
    gift?.howToRedeem && h('p', {}, h('strong', {}, t('giftHow')), ' ', gift.howToRedeem),
    gift?.redeemUrl &&
      h(
        'p',
        {},
        h('a', { href: gift.redeemUrl, target: '_blank', rel: 'noopener noreferrer' }, t('giftRedeem')),
      ),
    expires &&
      !Number.isNaN(expires.getTime()) &&
      h('p', {}, t('giftValidUntil', { date: localDate(expires) })),
  );
}

/**
 * What the owner sees on their own label's page (PRODUCT.md, Recovery; never a
 * form addressed to themselves). With an open finder report: "Mark as recovered", which records the
 * recovery and shows the gift voucher. Without one: a note on what finders see. Either way, a link
 * to their messages.
 */
export function ownerPanel(tr: Translator, view: ItemView & { item: { id: string } }): HTMLElement {
  const { t, lang } = tr;
  const titleId = uid('owner-title');
  // The owner's conversations about their items, in the owner app.
  const messages = h('p', {}, h('a', { href: '/reports' }, t('ownerMessages')));
  if (view.openReportCount <= 0)
    return h(
      'aside',
      { className: 'finder-owner finder-owner--note' },
      h('p', {}, t('ownerPreview')),
      messages,
    );

  const body = h('div', { className: 'finder-owner__body' });
  const error = h('p', { className: 'form-message form-message--error', role: 'alert', hidden: true });
  const button = h('button', { type: 'button', className: 'button button--primary' }, t('markRecovered'));
  show(body, h('p', {}, t('ownerOpenReport')), error, button);

  button.addEventListener('click', async () => {
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    button.textContent = t('saving');
    error.hidden = true;
    const result = await markRecovered(view.item.id);
    if (result.ok && !result.voucher) {
      // Why not, in plain words: the reason in the page's language (the server's English words for
      // a reason this page does not know).
      const refusal = result.refusal;
      const next = new Date();
      const why = !refusal
        ? ''
        : refusal.reason in REFUSALS
          ? t(REFUSALS[refusal.reason], {
              date: localDate(new Date(next.getFullYear(), next.getMonth() + 1, 1)),
            })
          : refusal.message;
      show(
        body,
        h('p', { className: 'finder-owner__voucher', role: 'status' }, t('recoveredNoGift')),
        why && h('p', { className: 'finder-owner__why' }, why),
      );
      return;
    }
    if (result.ok) {
      show(
        body,
        h(
          'p',
          { className: 'finder-owner__voucher', role: 'status' },
          `${t('voucher')} `,
          h('strong', { className: 'finder-owner__code' }, result.voucher!.code),
        ),
        voucherDetails(tr, result),
      );
      return;
    }
    button.disabled = false;
    button.removeAttribute('aria-busy');
    button.textContent = t('markRecovered');
    // 409 (nothing left to recover) carries the server's words; in English they are shown as is.
    const known = result.status === 409 ? (lang === 'en' && result.message) || t('noOpenReport') : null;
    error.textContent = known ?? t('recoverFailed');
    error.hidden = false;
  });

  return h(
    'section',
    { className: 'finder-owner', 'aria-labelledby': titleId },
    h('h2', { id: titleId, className: 'finder-owner__title' }, t('ownerTitle')),
    body,
    messages,
  );
}
