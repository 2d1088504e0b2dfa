import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles/index.css';

// The service worker shows pushes and opens their screen on a click; a tab it cannot navigate is
// told where to go instead.
if (window.isSecureContext && 'serviceWorker' in navigator) {
  void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  navigator.serviceWorker.addEventListener(
    'message',
    (event: MessageEvent<{ type?: string; url?: string }>) => {
      const url = event.data?.url;
      if (event.data?.type === 'open' && typeof url === 'string' && url.startsWith('/'))
        window.location.assign(url);
    },
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
