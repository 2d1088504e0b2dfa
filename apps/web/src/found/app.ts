import { loadBrandName, loadItem, recordScan, type ItemView, type PublicItem } from './api';
import { readClientEnv, scanPayload } from './clientInfo';
import { codeEntryForm } from './codeEntry';
import { afterPaint, h, show, uid, type Child } from './dom';
import { reportForm } from './form';
import type { Translator } from './i18n';
import { lostBanner } from './lostBanner';
import { lostT } from './lostText';
import { ownerPanel } from './ownerPanel';
import { sentView, yourThreads } from './sent';
import { keepThread } from './threadStore';
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

/**
 * The label's state as the server resolved it for a visitor (services/finders/labelPageLoader.ts):
 * on an item, on no item, switched off, unclaimed (claimable or not yet), or an unknown code; or
 * `home`, the front door (`/`, no code): the form to type a label's code, owners one tap away.
 */
export type LabelState =
  | { state: 'item'; item: PublicItem }
  | { state: 'unattached' | 'inactive' | 'unknown' | 'home' }
  | { state: 'unclaimed'; claimable: false }
  | { state: 'unclaimed'; claimable: true; setId: string; setCount: number };

export type Preloaded = LabelState & { qrCode: string; brandName: string };

const STATES = ['item', 'unattached', 'inactive', 'unknown', 'unclaimed', 'home'];

/**
 * The view the server embedded in the label's page (`<script type="application/json"
 * id="finder-data">`), or null: absent, unreadable, or not a state this page knows.
 */
export function readPreloaded(doc: Pick<Document, 'getElementById'>): Preloaded | null {
  try {
    const data = JSON.parse(doc.getElementById('finder-data')?.textContent ?? 'null') as Preloaded | null;
    if (!data || typeof data.qrCode !== 'string' || !STATES.includes(data.state)) return null;
    return data.state !== 'item' || typeof data.item?.name === 'string' ? data : null;
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
 * The finder page (PRODUCT.md, Screens and States): records the scan, loads the item, then shows loading,
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
    showPreloaded(page, preloaded, title);
    // A scan of a code nobody has is not one (the API would refuse it anyway); the front door has none.
    if (preloaded.state !== 'unknown' && preloaded.state !== 'home') scanAfterPaint(page.qrCode);
    return;
  }

  show(root, statusView(t('loading'), 'status'));
  const brandLoad = loadBrandName();
  void brandLoad.then(setBrand);

  if (!page.qrCode) {
    const { form, input, setBrand: formBrand } = codeEntryForm(tr, { brandName });
    title(t('codeTitle', { brand: brandName }));
    show(root, form);
    input.focus();
    void brandLoad.then((name) => {
      if (!name) return;
      formBrand(name);
      title(t('codeTitle', { brand: name }));
    });
    return;
  }
  const loading = loadItem(page.qrCode);
  scanAfterPaint(page.qrCode);
  void loading.then((result) => {
    if (!result.ok && result.code === 'label_unattached') {
      // A claimed label with no item: its owner can still be written to (PRODUCT.md, Conversations).
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

/** Each state of the label, as a visitor meets it at /qr/{code} (PRODUCT.md, Label states). */
function showPreloaded(page: FinderPage, preloaded: Preloaded, title: (text: string) => void) {
  const { root, tr, qrCode } = page;
  const { t } = tr;
  switch (preloaded.state) {
    case 'item':
      title(t('youFound', { name: preloaded.item.name }));
      return showItem(page, { item: preloaded.item, viewerIsOwner: false, openReportCount: 0 });
    case 'unattached':
      title(lostT(tr.lang, 'unattachedTitle'));
      return unattachedView(tr, qrCode, root);
    case 'inactive':
      // The scan's not-active text and Go Home, and no form: its owner switched the label off. What
      // a finder can still do is hand the thing in.
      title(t('inactiveTitle'));
      return show(root, stateCard(t('inactiveTitle'), t('inactiveBody'), handIn(tr), goHome(tr)));
    case 'unclaimed':
      if (!preloaded.claimable) {
        // Not printed yet, or in a child set not released: nobody can have it yet.
        title(t('notActiveTitle'));
        return show(root, stateCard(t('notActiveTitle'), t('notActiveBody'), goHome(tr)));
      }
      // The spec's claim landing at once, and on the same screen what a finder should do.
      title(t('welcomeTitle'));
      return show(root, ...claimLanding(tr, qrCode, preloaded.setCount, preloaded.brandName));
    case 'unknown': {
      // The scan's "QR code not found", and the way on: type the code printed on the label.
      title(t('unknownTitle'));
      const { form } = codeEntryForm(tr, { titleTag: 'h2', brandName: preloaded.brandName });
      return show(root, stateCard(t('unknownTitle'), t('unknownHint')), form);
    }
    case 'home': {
      // The printed address typed by hand (PRODUCT.md, Screens): a finder first, owners one tap away.
      const brand = preloaded.brandName;
      title(t('codeTitle', { brand }));
      const { form } = codeEntryForm(tr, { brandName: brand });
      return show(root, form, ownerDoor(tr, brand));
    }
  }
}

/** The way on for owners and would-be owners: the owner app's landing (`/?app`) and sign-in. */
function ownerDoor({ t }: Translator, brand: string) {
  const id = uid('owners-title');
  return h(
    'section',
    { className: 'finder-card finder-claim', 'aria-labelledby': id },
    h('h2', { id, className: 'finder-claim__title' }, t('ownerDoorTitle')),
    h('p', {}, t('ownerDoorBody', { brand })),
    h(
      'p',
      { className: 'finder-door' },
      h('a', { href: '/?app', className: 'button button--secondary' }, t('ownerDoorLink', { brand })),
      h('a', { href: '/auth', className: 'finder-door__login' }, t('ownerDoorLogin')),
    ),
  );
}

/** A state's heading, what it means, and what to do next. */
function stateCard(heading: string, body: string, ...next: Child[]) {
  return h(
    'section',
    { className: 'finder-card finder-state', 'aria-labelledby': 'finder-title' },
    h('h1', { id: 'finder-title', className: 'finder-state__title' }, heading),
    h('p', { className: 'finder-state__hint' }, body),
    ...next,
  );
}

const handIn = ({ t }: Translator) => h('p', { className: 'finder-state__hint' }, t('handIn'));

/** The spec's Go Home: the front door, where a code can be typed. */
const goHome = ({ t }: Translator) =>
  h('p', {}, h('a', { href: '/', className: 'button button--primary' }, t('goHome')));

/**
 * The claim landing (PRODUCT.md, Screens: its texts, the set note past one code), then the finder's
 * note (nobody to write to: hand it in), then "How does it work?". The claim opens the owner app's
 * claim dialog at once (`?app&claim`: the server's owner app, whose scan flow records the claim).
 */
function claimLanding({ t }: Translator, qrCode: string, setCount: number, brand: string) {
  const finderId = uid('finder-note');
  const howId = uid('how-title');
  const claim = () => location.assign(`/qr/${encodeURIComponent(qrCode)}?app&claim`);
  return [
    h(
      'section',
      { className: 'finder-card finder-claim', 'aria-labelledby': 'finder-title' },
      h('h1', { id: 'finder-title', className: 'finder-state__title' }, t('welcomeTitle')),
      h('p', {}, t('welcomeBody', { brand })),
      setCount > 1 && h('p', { className: 'finder-claim__note' }, t('setNote', { count: setCount })),
      h(
        'button',
        { type: 'button', className: 'button button--primary button--large', onclick: claim },
        t('claimButton'),
      ),
    ),
    h(
      'section',
      { className: 'finder-card finder-claim', 'aria-labelledby': finderId },
      h('h2', { id: finderId, className: 'finder-claim__title' }, t('unclaimedTitle')),
      h('p', {}, t('unclaimedBody')),
    ),
    h(
      'section',
      { className: 'finder-card finder-claim', 'aria-labelledby': howId },
      h('h2', { id: howId, className: 'finder-claim__title' }, t('howTitle')),
      h(
        'ol',
        { className: 'finder-how' },
        ...(['1', '2', '3'] as const).map((n) =>
          h('li', {}, h('strong', {}, t(`how${n}Title`)), ' ', t(`how${n}`)),
        ),
      ),
    ),
  ];
}

function showItem(page: FinderPage, view: ItemView & { item: PublicItem }) {
  const { root, tr, qrCode } = page;
  const { item } = view;
  // The owner on their own label: their item, its messages and the recovery, never a form to themselves.
  if (view.viewerIsOwner) return show(root, ownerPanel(tr, view), itemCard(tr, item, true));
  const form = reportForm({
    tr,
    qrCode,
    background: root,
    onSent: (threadPath) => {
      if (threadPath) keepThread({ path: threadPath, itemName: item.name, at: new Date().toISOString() });
      show(root, sentView(tr, tr.t('sentBody', { name: item.name }), threadPath));
      window.scrollTo(0, 0);
      root.querySelector<HTMLElement>('h1')?.focus();
    },
  });
  show(root, lostBanner(tr, item, qrCode), yourThreads(tr, qrCode), itemCard(tr, item), form);
}

function itemCard({ t, typeName }: Translator, item: PublicItem, owner = false): HTMLElement {
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
    h(
      'h1',
      { id: 'finder-title', className: 'finder-item__title' },
      t(owner ? 'yourItem' : 'youFound', { name: item.name }),
    ),
    item.description && h('p', { className: 'finder-item__description' }, item.description),
    !owner && h('p', { className: 'finder-item__intro' }, t('intro')),
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
