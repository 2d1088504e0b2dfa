import { markRecovered, type ItemView } from './api';
import { h, show, uid } from './dom';
import type { Translator } from './i18n';

/**
 * What the owner sees on their own label's page (DESIGN: recovery and the gift). With an open
 * finder report: "Mark as recovered", which records the recovery and shows the gift voucher.
 * Without one: a note that this is the finder's view of their item.
 */
export function ownerPanel({ t, lang }: Translator, view: ItemView & { item: { id: string } }): HTMLElement {
  const titleId = uid('owner-title');
  if (view.openReportCount <= 0)
    return h('aside', { className: 'finder-owner finder-owner--note' }, h('p', {}, t('ownerPreview')));

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
    if (result.ok && result.voucherCode === null) {
      show(body, h('p', { className: 'finder-owner__voucher', role: 'status' }, t('recoveredNoGift')));
      return;
    }
    if (result.ok) {
      show(
        body,
        h(
          'p',
          { className: 'finder-owner__voucher', role: 'status' },
          `${t('voucher')} `,
          h('strong', { className: 'finder-owner__code' }, result.voucherCode),
        ),
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
  );
}
