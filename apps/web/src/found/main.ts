import { codeFromPath, startFinderPage } from './app';
import { pickLanguage, translator } from './i18n';
import './found.css';

const lang = pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
document.documentElement.lang = lang;

startFinderPage({
  root: document.getElementById('finder-main')!,
  brand: document.getElementById('finder-brand-name'),
  tr: translator(lang),
  qrCode: codeFromPath(location.pathname),
});
