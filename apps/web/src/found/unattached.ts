import { h, show } from './dom';
import { reportForm } from './form';
import type { Translator } from './i18n';
import { lostT } from './lostText';
import { sentView, yourThreads } from './sent';
import { keepThread } from './threadStore';

/**
 * A claimed label with no item (never attached, or its item deleted): the scan screen's
 * "Unassigned QR Code", and under it the message form, which reaches the label's owner (PRODUCT.md, Conversations).
 * Like an item's page, sending opens a conversation: its link on screen and kept on this device,
 * and "You already wrote" on the way back (PRODUCT.md, Label states).
 */
export function unattachedView(tr: Translator, qrCode: string, root: HTMLElement) {
  const heading = lostT(tr.lang, 'unattachedTitle');
  const onSent = (threadPath: string | null) => {
    if (threadPath) keepThread({ path: threadPath, itemName: heading, at: new Date().toISOString() });
    show(root, sentView(tr, lostT(tr.lang, 'unattachedSent'), threadPath));
    window.scrollTo(0, 0);
    root.querySelector<HTMLElement>('h1')?.focus();
  };
  const form = reportForm({ tr, qrCode, background: root, onSent });
  show(
    root,
    yourThreads(tr, qrCode),
    h(
      'section',
      { className: 'finder-card finder-state', 'aria-labelledby': 'finder-title' },
      h('h1', { id: 'finder-title', className: 'finder-state__title' }, heading),
      h('p', { className: 'finder-state__hint' }, lostT(tr.lang, 'unattachedBody')),
    ),
    form,
  );
}
