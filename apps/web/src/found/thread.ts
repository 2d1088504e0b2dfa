import { loadThread, sendThreadMessage, threadApiPath, type Thread, type ThreadMessage } from './api';
import { h, show, uid } from './dom';
import { locateOnce } from './geolocation';
import type { Translator } from './i18n';
import { keepThread } from './threadStore';

/** The server's bound (THREAD_MESSAGE_MAX in @homing/shared's schemas/threads.ts). */
const MESSAGE_MAX = 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/** The date format of PRODUCT.md (Limits), MM-DD-YYYY, in the finder's time zone. */
export const localDate = (d: Date) => `${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${d.getFullYear()}`;

/**
 * A time in the finder's own time zone and locale, as the locale writes a short time ("09:05" for
 * en-GB and fr, "9:05" for es, "9:05 AM" for en-US), with the spec's MM-DD-YYYY date before it when
 * not today. `timeStyle` rather than `hour: 'numeric'`, which gives en-GB "9:05" and "0:20".
 */
export function localTime(iso: string, locale: string, now = new Date()): string {
  const d = new Date(iso);
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(d);
  return d.toDateString() === now.toDateString() ? time : `${localDate(d)} ${time}`;
}

const NOTIFIED = {
  email: 'threadNotifiedEmail',
  sms: 'threadNotifiedSms',
  push: 'threadNotifiedPush',
} as const;

const mapUrl = (lat: number, lon: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;

/**
 * A finder's conversation with the owner (`/found/{code}/t/{token}`): the messages (plain text,
 * never markup), what became of the finder's own (notified, read, answered), a reply box with
 * "share my location", and live news from the server (EventSource) so a reply appears by itself.
 */
export function startThreadPage(opts: {
  root: HTMLElement;
  tr: Translator;
  path: string;
  title: (t: string) => void;
}) {
  const { root, tr, path } = opts;
  const { t, locale } = tr;
  const list = h('ol', { className: 'finder-thread__list', 'aria-label': t('threadMessages') });
  const status = h('p', { className: 'finder-thread__status', role: 'status', 'aria-live': 'polite' });
  const heading = h('h1', { className: 'finder-thread__title', tabindex: -1 });
  let thread: Thread | null = null;

  const messageView = (m: ThreadMessage) => {
    const mine = m.from === 'finder';
    const receipt = m.receipt;
    const lines: string[] = [];
    if (receipt?.notified)
      lines.push(
        t(NOTIFIED[receipt.notified.channel], {
          time: localTime(receipt.notified.at, locale),
        }),
      );
    else if (receipt?.heldUntil) lines.push(t('threadHeld', { time: localTime(receipt.heldUntil, locale) }));
    else if (receipt) lines.push(t('threadNotifying'));
    if (receipt?.readAt) lines.push(t('threadRead', { time: localTime(receipt.readAt, locale) }));
    return h(
      'li',
      { className: `finder-msg finder-msg--${mine ? 'mine' : 'theirs'}`, 'data-from': m.from },
      h(
        'p',
        { className: 'finder-msg__meta' },
        h('span', {}, t(mine ? 'threadYou' : 'threadOwner')),
        ' · ',
        h('time', { datetime: m.sentAt }, localTime(m.sentAt, locale)),
      ),
      m.text && h('p', { className: 'finder-msg__text' }, m.text),
      m.latitude !== null &&
        m.longitude !== null &&
        h(
          'p',
          {},
          h(
            'a',
            { href: mapUrl(m.latitude, m.longitude), target: '_blank', rel: 'noopener noreferrer' },
            t('threadLocation'),
          ),
        ),
      ...lines.map((line) => h('p', { className: 'finder-msg__receipt' }, line)),
    );
  };

  const render = (next: Thread) => {
    const hadReply = thread?.ownerRepliedAt;
    thread = next;
    heading.textContent = t('threadTitle', { name: next.item.name });
    opts.title(t('threadTitle', { name: next.item.name }));
    list.replaceChildren(...next.messages.map(messageView));
    form.hidden = !next.open;
    closed.hidden = next.open;
    // The reason, in the finder's language (a block reads as the owner closing it).
    closed.textContent = t(
      next.closedReason === 'recovered'
        ? 'threadRecovered'
        : next.closedReason === 'closed'
          ? 'threadOwnerClosed'
          : 'threadClosed',
    );
    replied.hidden = !next.ownerRepliedAt;
    if (next.ownerRepliedAt && !hadReply && hadReply !== undefined) status.textContent = t('threadReplied');
  };

  const refresh = async () => {
    const result = await loadThread(path);
    if (result.ok) return render(result.thread);
    if (result.status === 404) show(root, gone());
  };

  // The reply box.
  const ids = { text: uid('reply') };
  const text = h('textarea', {
    id: ids.text,
    className: 'field__input',
    rows: 3,
    maxlength: MESSAGE_MAX,
    placeholder: t('threadPlaceholder'),
  });
  const alert = h('p', { className: 'form-message form-message--error', role: 'alert', hidden: true });
  const send = h('button', { type: 'submit', className: 'button button--primary' }, t('threadSend'));
  const locate = h(
    'button',
    { type: 'button', className: 'button button--secondary' },
    t('threadShareLocation'),
  );
  const form = h(
    'form',
    { className: 'finder-card finder-thread__form', novalidate: true },
    h(
      'div',
      { className: 'field' },
      h('label', { className: 'field__label', for: ids.text }, t('threadReplyLabel')),
      text,
    ),
    alert,
    h('div', { className: 'finder-thread__actions' }, locate, send),
  );
  const closed = h(
    'p',
    { className: 'finder-card finder-thread__closed', role: 'status', hidden: true },
    t('threadClosed'),
  );
  const replied = h('p', { className: 'finder-thread__replied', hidden: true }, t('threadReplied'));

  const setAlert = (message: string | null) => {
    alert.textContent = message ?? '';
    alert.hidden = !message;
  };
  let busy = false;
  const post = async (body: { text: string; latitude?: number; longitude?: number }) => {
    if (busy) return;
    busy = true;
    send.disabled = locate.disabled = true;
    setAlert(null);
    const result = await sendThreadMessage(path, body);
    busy = false;
    send.disabled = locate.disabled = false;
    if (result.ok) {
      text.value = '';
      render(result.thread);
      status.textContent = t('threadSent');
      return;
    }
    if (result.status === 409) return void refresh();
    setAlert(t(result.status === 429 ? 'tooMany' : 'threadSendFailed'));
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!text.value.trim()) {
      setAlert(t('threadEmpty'));
      text.focus();
      return;
    }
    void post({ text: text.value });
  });
  locate.addEventListener('click', () => {
    status.textContent = t('threadLocating');
    void locateOnce().then((position) => {
      if (!position) {
        status.textContent = '';
        return setAlert(t('threadNoLocation'));
      }
      status.textContent = '';
      void post({ text: text.value.trim(), latitude: position.latitude, longitude: position.longitude });
    });
  });

  const gone = () =>
    h(
      'div',
      { className: 'finder-card finder-state', role: 'alert' },
      h('h1', { className: 'finder-state__title' }, t('threadNotFound')),
      h('p', { className: 'finder-state__hint' }, t('threadNotFoundHint')),
    );

  show(root, h('div', { className: 'finder-state', role: 'status' }, h('p', {}, t('loading'))));
  void loadThread(path).then((result) => {
    if (!result.ok) {
      show(
        root,
        result.status === 404
          ? gone()
          : h('div', { className: 'finder-card finder-state', role: 'alert' }, t('loadFailed')),
      );
      return;
    }
    keepThread({ path, itemName: result.thread.item.name, at: new Date().toISOString() });
    show(
      root,
      h(
        'section',
        { className: 'finder-card finder-thread', 'aria-labelledby': uid('x') },
        heading,
        replied,
        list,
        status,
      ),
      form,
      closed,
    );
    heading.id = uid('thread-title');
    heading.parentElement?.setAttribute('aria-labelledby', heading.id);
    render(result.thread);
    // Live news (a reply, a receipt): the event says only "changed"; the page asks again.
    if (typeof EventSource === 'function') {
      const events = new EventSource(`${threadApiPath(path)}/events`);
      events.addEventListener('thread_changed', () => void refresh());
      // After a gap (the browser reconnects by itself) whatever was missed is loaded.
      events.addEventListener('open', () => thread && void refresh());
    }
  });
}
