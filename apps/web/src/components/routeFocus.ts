import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** The new view's heading: its `h1` (made focusable), else the main region itself. */
function headingOf(main: HTMLElement): HTMLElement | null {
  const h1 = main.querySelector<HTMLElement>('h1');
  if (!h1) return null;
  if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
  return h1;
}

/**
 * After a route change inside the app, moves focus to the new view's heading (so a screen reader
 * reads where the owner is and the next Tab starts from the top of the view), waiting a moment for
 * a view that shows its heading once its data arrives. Not on the first load, nor when the new URL
 * has a #fragment (the browser goes there), nor when something in the view already took focus.
 */
export function useRouteFocus(mainId: string) {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (hash) return;
    const main = document.getElementById(mainId);
    if (!main) return;
    let frame = 0;
    const started = performance.now();
    const tryFocus = () => {
      // Something in the new view took focus itself (a form's first field, a dialog): leave it.
      const active = document.activeElement;
      if (active && active !== main && main.contains(active)) return;
      const heading = headingOf(main);
      if (heading) return heading.focus({ preventScroll: true });
      if (performance.now() - started > 3_000) return main.focus({ preventScroll: true });
      frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, mainId]);
}
