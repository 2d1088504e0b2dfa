import { loadBrandName, loadItem, recordScan, type ItemView, type PublicItem } from './api';
import { readClientEnv, scanPayload } from './clientInfo';
import { codeEntryForm } from './codeEntry';
import { afterPaint, h, show } from './dom';
import { reportForm } from './form';
import type { Translator } from './i18n';
import { lostBanner } from './lostBanner';
import { ownerPanel } from './ownerPanel';
import { keepThread, threadsForCode } from './threadStore';
import { unattachedView } from './unattached';

export interface FinderPage {
  /** Where the screens go (<main>). */
  root: HTMLElement;
  /** The header's brand text, replaced by the configured brand name. */
  brand: HTMLElement | null;
  tr: Translator;
  qrCode: string;
  /** The label's page (`/qr/{code}`) arrives with the item in it: no look-up, no brand call. */
  preloaded?: Preloaded | null;
}

export interface Preloaded {
  qrCode: string;
  item: PublicItem;
  brandName: string;
}

/**
 * The view the server embedded in the label's page (`<script type="application/json"
 * id="finder-data">`), or null: absent, unreadable, or not an item.
 */
export function readPreloaded(doc: Pick<Document, 'getElementById'>): Preloaded | null {
  try {
    const data = JSON.parse(doc.getElementById('finder-data')?.textContent ?? 'null') as Preloaded | null;
    return data && typeof data.qrCode === 'string' && typeof data.item?.name === 'string' ? data : null;
  } catch {
    return null;
  }
}

/** `/found/{qrCode}` or `/qr/{qrCode}` → the code; '' when the path has none (`/found`: the code form). */
export function codeFromPath(pathname: string): string {
  const segment = /^\/(?:found|qr)\/([^/]+)\/?$/i.exec(pathname)?.[1] ?? '';
  try {
    return decodeURIComponent(segment).trim();
  } catch {
    return '';
  }
}

/**
 * The finder page (spec section 2 and 4): records the scan, loads the item, then shows loading,
 * an error, "not found", or the item with the message form, and finally the sent confirmation.
 */
export function startFinderPage(page: FinderPage) {
  const { root, tr } = page;
  const { t } = tr;
  let brandName = 'Homing';
  const title = (text: string) => (document.title = `${text} · ${brandName}`);

  const setBrand = (name: string | null) => {
    if (!name) return;
    brandName = name;
    if (page.brand) page.brand.textContent = name;
    document.title = document.title.replace(/· .*$/, `· ${name}`);
  };
  title(t('pageTitle'));

  const { preloaded } = page;
  const openedAt = new Date();
  // Reading the device (the time zone wakes the browser's ICU data: the slowest step of the first
  // load on a slow phone) waits until the item is on screen.
  const scanAfterPaint = (qrCode: string) =>
    afterPaint(() => void recordScan(scanPayload(qrCode, readClientEnv(), openedAt)));
  if (preloaded) {
    setBrand(preloaded.brandName);
    title(t('youFound', { name: preloaded.item.name }));
    showItem(page, { item: preloaded.item, viewerIsOwner: false, openReportCount: 0 });
    scanAfterPaint(page.qrCode);
    return;
  }

  show(root, statusView(t('loading'), 'status'));
  void loadBrandName().then(setBrand);

  if (!page.qrCode) {
    title(t('codeTitle'));
    const { form, input } = codeEntryForm(tr);
    show(root, form);
    input.focus();
    return;
  }
  const loading = loadItem(page.qrCode);
  scanAfterPaint(page.qrCode);
  void loading.then((result) => {
    if (!result.ok && result.code === 'label_unattached') {
      // A claimed label with no item: its owner can still be written to (issue 15).
      return unattachedView(tr, page.qrCode, root);
    }
    if (!result.ok) {
      // Any answer but OK means the label leads nowhere; no answer at all is a load failure.
      const text = result.status === 0 ? t('loadFailed') : t('notFoundOrInactive');
      show(root, notFoundView(text, t('notFoundHint'), 'alert', t('codeInstead')));
      return;
    }
    const { item } = result.view;
    if (!item) {
      show(root, notFoundView(t('notFound'), t('notFoundHint'), 'status', t('codeInstead')));
      return;
    }
    title(t('youFound', { name: item.name }));
    showItem(page, { ...result.view, item });
  });
}

function showItem(page: FinderPage, view: ItemView & { item: PublicItem }) {
  const { root, tr, qrCode } = page;
  const { item } = view;
  const form = reportForm({
    tr,
    qrCode,
    background: root,
    onSent: (threadPath) => {
      if (threadPath) keepThread({ path: threadPath, itemName: item.name, at: new Date().toISOString() });
      show(root, sentView(tr, item.name, threadPath));
      window.scrollTo(0, 0);
      root.querySelector<HTMLElement>('h1')?.focus();
    },
  });
  // A finder who wrote before (on this device) finds their conversation again from the label.
  const mine = view.viewerIsOwner ? [] : threadsForCode(qrCode);
  const back =
    mine.length > 0 &&
    h(
      'nav',
      { className: 'finder-card finder-back', 'aria-label': tr.t('threadYours') },
      h('p', {}, tr.t('threadYours')),
      h('ul', {}, ...mine.map((th) => h('li', {}, h('a', { href: th.path }, tr.t('threadOpen'))))),
    );
  show(
    root,
    view.viewerIsOwner && ownerPanel(tr, view),
    !view.viewerIsOwner && lostBanner(tr, item, qrCode),
    back,
    itemCard(tr, item),
    form,
  );
}

function itemCard({ t, typeName }: Translator, item: PublicItem): HTMLElement {
  return h(
    'section',
    { className: 'finder-card finder-item', 'aria-labelledby': 'finder-title' },
    item.photoUrl &&
      h(
        'div',
        { className: 'finder-item__photo' },
        h('img', {
          src: item.photoUrl,
          alt: t('photoAlt', { name: item.name }),
          loading: 'lazy',
          decoding: 'async',
          width: 640,
          height: 480,
        }),
      ),
    item.itemType &&
      h(
        'p',
        { className: 'finder-item__type' },
        h('span', { className: 'finder-item__icon', 'aria-hidden': 'true' }, item.itemType.icon),
        h('span', {}, typeName(item.itemType)),
      ),
    h('h1', { id: 'finder-title', className: 'finder-item__title' }, t('youFound', { name: item.name })),
    item.description && h('p', { className: 'finder-item__description' }, item.description),
    h('p', { className: 'finder-item__intro' }, t('intro')),
  );
}

function statusView(text: string, role: 'status' | 'alert') {
  return h(
    'div',
    { className: 'finder-state', role },
    role === 'status' && h('span', { className: 'finder-spinner', 'aria-hidden': 'true' }),
    h('p', { className: 'finder-state__text' }, text),
  );
}

function notFoundView(text: string, hint: string, role: 'status' | 'alert', typeCode: string) {
  return h(
    'div',
    { className: 'finder-card finder-state', role },
    h('h1', { className: 'finder-state__title' }, text),
    h('p', { className: 'finder-state__hint' }, hint),
    // A misread label is often a mistyped code: offer the form again.
    h('p', {}, h('a', { href: '/found' }, typeCode)),
  );
}

function sentView({ t }: Translator, itemName: string, threadPath: string | null) {
  return h(
    'section',
    { className: 'finder-card finder-sent', role: 'status' },
    h(
      'span',
      { className: 'finder-sent__icon', 'aria-hidden': 'true' },
      // A check mark in a soft circle: calm, not celebratory.
      svgCheck(),
    ),
    h('h1', { className: 'finder-sent__title', tabindex: -1 }, t('sentTitle')),
    h('p', { className: 'finder-sent__body' }, t('sentBody', { name: itemName })),
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
