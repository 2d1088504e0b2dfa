import { useCallback, useEffect, useRef, useState } from 'react';
import type { Item, ItemType } from '@homing/shared';
import { ownerApi } from '../ownerApi';
import { appendPage, removeItem, replaceItem } from './itemsList';

export const LOAD_FAILED = 'Failed to load items';

export interface ItemsListState {
  status: 'loading' | 'ready' | 'error';
  items: Item[];
  itemTypes: ItemType[];
  hasMore: boolean;
  loadingMore: boolean;
  /** Load More failed: the list stays, with the message under it. */
  moreError: string | null;
}

const INITIAL: ItemsListState = {
  status: 'loading',
  items: [],
  itemTypes: [],
  hasMore: false,
  loadingMore: false,
  moreError: null,
};

type Pages =
  { ok: true; items: Item[]; itemTypes: ItemType[]; hasMore: boolean; pages: number } | { ok: false };

/** Pages 1..count of my items (fewer when the list ends sooner). */
async function fetchPages(count: number): Promise<Pages> {
  let items: Item[] = [];
  let itemTypes: ItemType[] = [];
  let hasMore = false;
  let page = 0;
  while (page < Math.max(1, count)) {
    const result = await ownerApi.myItems(page + 1);
    if (!result.success || !result.data) {
      console.error('Failed to load items', result.status, result.error);
      return { ok: false };
    }
    page += 1;
    items = appendPage(items, result.data.items);
    itemTypes = result.data.itemTypes;
    hasMore = result.data.hasMore;
    if (!hasMore) break;
  }
  return { ok: true, items, itemTypes, hasMore, pages: page };
}

/** The paged list of /items (20 a page, PRODUCT.md, States): first page, Load More, reload, local edits. */
export function useItemsList(enabled: boolean) {
  const [state, setState] = useState<ItemsListState>(INITIAL);
  const [attempt, setAttempt] = useState(0);
  const pages = useRef(0);
  // Only the newest load may write: a slow older answer never overwrites a newer list.
  const generation = useRef(0);

  const apply = useCallback((mine: number, result: Pages) => {
    if (mine !== generation.current) return;
    if (!result.ok) return setState((s) => (s.status === 'ready' ? s : { ...INITIAL, status: 'error' }));
    pages.current = result.pages;
    setState({ ...INITIAL, status: 'ready', ...result });
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const mine = ++generation.current;
    void fetchPages(1).then((result) => apply(mine, result));
  }, [enabled, attempt, apply]);

  /** Loads the pages shown so far again and swaps the list in one go (after a save, a delete...). */
  const reload = useCallback(async () => {
    const mine = ++generation.current;
    apply(mine, await fetchPages(pages.current));
  }, [apply]);

  const loadMore = useCallback(async () => {
    const mine = generation.current;
    setState((s) => ({ ...s, loadingMore: true, moreError: null }));
    const result = await ownerApi.myItems(pages.current + 1);
    if (mine !== generation.current) return;
    if (!result.success || !result.data) {
      console.error('Failed to load items', result.status, result.error);
      return setState((s) => ({ ...s, loadingMore: false, moreError: LOAD_FAILED }));
    }
    const data = result.data;
    pages.current += 1;
    setState((s) => ({
      ...s,
      items: appendPage(s.items, data.items),
      itemTypes: data.itemTypes.length ? data.itemTypes : s.itemTypes,
      hasMore: data.hasMore,
      loadingMore: false,
    }));
  }, []);

  return {
    ...state,
    retry: () => {
      setState(INITIAL);
      setAttempt((n) => n + 1);
    },
    reload,
    loadMore,
    updateLocal: (item: Item) => setState((s) => ({ ...s, items: replaceItem(s.items, item) })),
    removeLocal: (id: string) => setState((s) => ({ ...s, items: removeItem(s.items, id) })),
  };
}
