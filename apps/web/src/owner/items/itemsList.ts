import type { Item } from '@homing/shared';

/** Appends a page, skipping items already shown (a new item can shift the pages meanwhile). */
export function appendPage(items: Item[], page: Item[]): Item[] {
  const seen = new Set(items.map((i) => i.id));
  return [...items, ...page.filter((i) => !seen.has(i.id))];
}

export const replaceItem = (items: Item[], item: Item): Item[] =>
  items.map((i) => (i.id === item.id ? item : i));

export const removeItem = (items: Item[], id: string): Item[] => items.filter((i) => i.id !== id);

/** The `edit` query parameter (PRODUCT.md, Screens): the item id, or null when absent or blank. */
export function editParam(search: URLSearchParams): string | null {
  const id = search.get('edit')?.trim();
  return id ? id : null;
}

/** The same query without `edit`, keeping any other parameter. */
export function withoutEditParam(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete('edit');
  return next;
}

/** The message a claim leaves in the navigation state for /items (spec: a state message). */
/** Why the photo of the item just created was refused ('' when the server gave no reason), or null. */
export function photoRefusal(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const reason = (state as { photoRefused?: unknown }).photoRefused;
  return typeof reason === 'string' ? reason : null;
}

export function claimMessage(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const message = (state as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() ? message : null;
}
