import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from './sessionStore';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const user = { id: '1', name: null, email: 'a@b.co', phoneNumber: null, isAdmin: false, createdAt: 'x' };

describe('session store', () => {
  it('keeps the session under sessionToken and currentUser', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.set({ sessionToken: 'tok', user });
    expect(storage.map.get('sessionToken')).toBe('tok');
    expect(JSON.parse(storage.map.get('currentUser')!)).toEqual(user);
    expect(store.get()).toEqual({ sessionToken: 'tok', user });
    store.clear();
    expect(storage.map.size).toBe(0);
    expect(store.get()).toBeNull();
  });

  it('returns the same snapshot while storage is unchanged', () => {
    const store = createSessionStore(memoryStorage());
    store.set({ sessionToken: 'tok', user });
    expect(store.get()).toBe(store.get());
  });

  it('tolerates an unreadable stored user', () => {
    const storage = memoryStorage();
    storage.setItem('sessionToken', 'tok');
    storage.setItem('currentUser', '{not json');
    expect(createSessionStore(storage).get()).toEqual({ sessionToken: 'tok', user: null });
  });

  it('has no session without a token', () => {
    const storage = memoryStorage();
    storage.setItem('currentUser', JSON.stringify(user));
    expect(createSessionStore(storage).get()).toBeNull();
  });

  it('notifies subscribers', () => {
    const store = createSessionStore(memoryStorage());
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set({ sessionToken: 'tok', user });
    store.clear();
    unsubscribe();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
