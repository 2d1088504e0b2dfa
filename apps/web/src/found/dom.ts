// A few lines instead of a UI framework: the finder page is small, and every kilobyte counts on a
// phone with one bar of signal.

export type Child = Node | string | null | undefined | false;
type Listener = (event: Event) => void;
export type Props = Record<string, string | number | boolean | Listener | null | undefined>;

/**
 * Creates an element: `onclick` style keys add listeners, `className` sets the class, `true` sets
 * an empty attribute, null/undefined/false leave it out, anything else becomes an attribute.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value == null || value === false) continue;
    if (typeof value === 'function') element.addEventListener(key.slice(2).toLowerCase(), value);
    else if (key === 'className') element.className = String(value);
    else element.setAttribute(key, value === true ? '' : String(value));
  }
  element.append(...children.filter((c): c is Node | string => c != null && c !== false));
  return element;
}

let nextId = 0;
/** A page-unique id for aria-labelledby and friends. */
export const uid = (prefix: string) => `${prefix}-${++nextId}`;

/** Replaces what `parent` shows. */
export function show(parent: Element, ...children: Child[]) {
  parent.replaceChildren(...children.filter((c): c is Node | string => c != null && c !== false));
}

/**
 * Runs `work` once the browser has painted what the page shows now: for what a finder need not
 * wait for on a slow phone (reading the device, naming every country).
 */
export function afterPaint(work: () => void) {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(work, 0));
  else setTimeout(work, 0);
}
