import { codeFromPath, readPreloaded, startFinderPage } from './app';
import { pickLanguage, pickLocale, translator } from './i18n';
import { startThreadPage } from './thread';
import { threadFromPath } from './threadStore';
import './found.css';

const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
const lang = pickLanguage(preferred);
document.documentElement.lang = lang;

// On the label's page a signed-in browser is already on its way to the owner app (webApp.ts's
// inline check): record nothing and show nothing here.
const tr = translator(lang, pickLocale(preferred, lang));
const root = document.getElementById('finder-main')!;
if (threadFromPath(location.pathname)) {
  // A finder's conversation with the owner (the link they got after sending).
  startThreadPage({ root, tr, path: location.pathname, title: (text) => (document.title = text) });
} else if (document.documentElement.dataset.ownerApp !== '1') {
  const preloaded = readPreloaded(document);
  // The address bar reads /found/{code} as it did when the owner app redirected there: that is the
  // finder page's address (a reload, a shared link) for a label that leads to someone. The other
  // states keep the label's own address, whose page says the same again on a reload.
  if (preloaded?.state === 'item' || preloaded?.state === 'unattached')
    history.replaceState(
      history.state,
      '',
      location.pathname.replace(/^\/qr\//i, '/found/') + location.search,
    );
  startFinderPage({
    root,
    brand: document.getElementById('finder-brand-name'),
    tr,
    qrCode: preloaded?.qrCode ?? codeFromPath(location.pathname),
    preloaded,
  });
}
