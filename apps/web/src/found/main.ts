import { codeFromPath, readPreloaded, startFinderPage } from './app';
import { pickLanguage, translator } from './i18n';
import './found.css';

const lang = pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
document.documentElement.lang = lang;

// On the label's page a signed-in browser is already on its way to the owner app (webApp.ts's
// inline check): record nothing and show nothing here.
if (document.documentElement.dataset.ownerApp !== '1') {
  const preloaded = readPreloaded(document);
  // The address bar reads /found/{code} as it did when the owner app redirected there: that is the
  // finder page's address (a reload, a shared link), and nothing loads for it.
  if (preloaded)
    history.replaceState(
      history.state,
      '',
      location.pathname.replace(/^\/qr\//i, '/found/') + location.search,
    );
  startFinderPage({
    root: document.getElementById('finder-main')!,
    brand: document.getElementById('finder-brand-name'),
    tr: translator(lang),
    qrCode: preloaded?.qrCode ?? codeFromPath(location.pathname),
    preloaded,
  });
}
