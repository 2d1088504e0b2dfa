import { h, show } from './dom';
import { reportForm } from './form';
import type { Translator } from './i18n';
import { lostT } from './lostText';

/**
 * A claimed label with no item (never attached, or its item deleted): the scan screen's
 * "Unassigned QR Code", and under it the message form, which reaches the label's owner (issue 15).
 */
export function unattachedView(tr: Translator, qrCode: string, root: HTMLElement) {
  const onSent = () => {
    show(root, unattachedSent(tr, 'h1'));
    window.scrollTo(0, 0);
    root.querySelector<HTMLElement>('h1')?.focus();
  };
  const form = reportForm({ tr, qrCode, background: root, onSent });
  show(
    root,
    h(
      'section',
      { className: 'finder-card finder-state', 'aria-labelledby': 'finder-title' },
      h('h1', { id: 'finder-title', className: 'finder-state__title' }, lostT(tr.lang, 'unattachedTitle')),
      h('p', { className: 'finder-state__hint' }, lostT(tr.lang, 'unattachedBody')),
    ),
    form,
  );
}

/** What a finder reads once their message about a label with no item is sent. */
export function unattachedSent(tr: Translator, titleTag: 'h1' | 'p') {
  return h(
    'section',
    { className: 'finder-card finder-sent', role: 'status' },
    h(titleTag, { className: 'finder-sent__title', tabindex: -1 }, tr.t('sentTitle')),
    h('p', { className: 'finder-sent__body' }, lostT(tr.lang, 'unattachedSent')),
  );
}
