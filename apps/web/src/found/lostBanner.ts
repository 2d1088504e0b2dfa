import { recordScan, type PublicItem } from './api';
import { readClientEnv, coordinateText, scanPayload } from './clientInfo';
import { h } from './dom';
import { locateOnce } from './geolocation';
import type { Translator } from './i18n';
import { lostT } from './lostText';
import './lost.css';

/**
 * A lost item's banner (PRODUCT.md, Lost mode): lost or stolen, the owner's message and the reward, first on the
 * page. Under it a clear prompt to share the finder's position with the owner: nothing is asked of
 * the browser until the finder presses the button, and a refusal only says so.
 */
export function lostBanner({ lang }: Translator, item: PublicItem, qrCode: string): HTMLElement | null {
  const { lost } = item;
  if (!lost) return null;
  const status = h('p', { className: 'finder-lost__status', role: 'status' });
  const share = h('button', { type: 'button', className: 'button button--secondary button--block' });
  share.textContent = lostT(lang, 'shareLocation');
  share.addEventListener('click', async () => {
    share.disabled = true;
    share.setAttribute('aria-busy', 'true');
    status.textContent = lostT(lang, 'locating');
    const position = await locateOnce();
    share.removeAttribute('aria-busy');
    if (!position) {
      share.disabled = false;
      status.textContent = lostT(lang, 'locationRefused');
      return;
    }
    // The scan again with the position: the server alerts the owner with it (not a second scan).
    await recordScan({
      ...scanPayload(qrCode, readClientEnv(), new Date()),
      latitude: coordinateText(position.latitude),
      longitude: coordinateText(position.longitude),
    });
    share.hidden = true;
    status.textContent = lostT(lang, 'locationShared');
  });

  return h(
    'section',
    {
      className: `finder-card finder-lost${lost.stolen ? ' finder-lost--stolen' : ''}`,
      'aria-labelledby': 'finder-lost-title',
    },
    h(
      'h2',
      { id: 'finder-lost-title', className: 'finder-lost__title' },
      lostT(lang, lost.stolen ? 'stolenTitle' : 'lostTitle'),
    ),
    lost.message && h('p', { className: 'finder-lost__label' }, lostT(lang, 'lostOwnerSays')),
    lost.message && h('blockquote', { className: 'finder-lost__message' }, lost.message),
    lost.reward &&
      h('p', { className: 'finder-lost__reward' }, lostT(lang, 'reward', { reward: lost.reward })),
    lost.stolen && h('p', { className: 'finder-lost__hint' }, lostT(lang, 'stolenHint')),
    h(
      'div',
      { className: 'finder-lost__share' },
      h('p', { className: 'finder-lost__share-title' }, lostT(lang, 'shareLocationTitle')),
      h('p', { className: 'finder-lost__share-body' }, lostT(lang, 'shareLocationBody')),
      share,
      status,
    ),
  );
}
