import { h } from './dom';
import type { Translator } from './i18n';
import { threadsForCode } from './threadStore';

// What a finder reads once a message is sent, and the way back to it from the label's page.

/** The sent confirmation: the thanks, and the conversation's link (kept on this device). */
export function sentView(
  { t }: Translator,
  body: string,
  threadPath: string | null,
  /** `p` under a screen's own heading (the owner app's scan result). */
  titleTag: 'h1' | 'p' = 'h1',
) {
  return h(
    'section',
    { className: 'finder-card finder-sent', role: 'status' },
    h(
      'span',
      { className: 'finder-sent__icon', 'aria-hidden': 'true' },
      // A check mark in a soft circle: calm, not celebratory.
      svgCheck(),
    ),
    h(titleTag, { className: 'finder-sent__title', tabindex: -1 }, t('sentTitle')),
    h('p', { className: 'finder-sent__body' }, body),
    threadPath && h('p', { className: 'finder-sent__body' }, t('sentThreadHint')),
    threadPath && h('a', { href: threadPath, className: 'button button--primary' }, t('threadOpen')),
  );
}

function svgCheck(): SVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', 'M5 12.5l4.5 4.5L19 7.5');
  svg.append(path);
  return svg;
}

/** A finder who wrote before (on this device) finds their conversations again from the label. */
export function yourThreads({ t }: Translator, qrCode: string) {
  const mine = threadsForCode(qrCode);
  return (
    mine.length > 0 &&
    h(
      'nav',
      { className: 'finder-card finder-back', 'aria-label': t('threadYours') },
      h('p', {}, t('threadYours')),
      h('ul', {}, ...mine.map((th) => h('li', {}, h('a', { href: th.path }, t('threadOpen'))))),
    )
  );
}
