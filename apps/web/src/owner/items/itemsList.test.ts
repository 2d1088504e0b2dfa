import type { Item } from '@homing/shared';
import { describe, expect, it } from 'vitest';
import {
  appendPage,
  claimMessage,
  editParam,
  photoRefusal,
  removeItem,
  replaceItem,
  withoutEditParam,
} from './itemsList';

const item = (id: string, name = id): Item => ({
  id,
  name,
  description: '',
  photoUrl: null,
  status: 'active',
  itemType: { id: 'keys', icon: '🔑', displayName: 'Keys' },
  qrCode: null,
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('items list', () => {
  it('appends pages without duplicates, in order', () => {
    const list = appendPage([item('a'), item('b')], [item('b'), item('c')]);
    expect(list.map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('replaces and removes by id', () => {
    const list = [item('a'), item('b')];
    expect(replaceItem(list, item('b', 'Bag')).map((i) => i.name)).toEqual(['a', 'Bag']);
    expect(removeItem(list, 'a').map((i) => i.id)).toEqual(['b']);
  });
});

describe('edit parameter', () => {
  it('reads the id and removes only it', () => {
    const search = new URLSearchParams('edit=123&x=1');
    expect(editParam(search)).toBe('123');
    expect(editParam(new URLSearchParams('edit=%20'))).toBeNull();
    expect(editParam(new URLSearchParams(''))).toBeNull();
    expect(withoutEditParam(search).toString()).toBe('x=1');
    expect(search.get('edit')).toBe('123');
  });
});

describe('photoRefusal', () => {
  it("reads the refused photo's reason, empty included, from navigation state", () => {
    expect(photoRefusal({ photoRefused: 'Photo must be 5 MB or smaller' })).toBe(
      'Photo must be 5 MB or smaller',
    );
    expect(photoRefusal({ photoRefused: '' })).toBe('');
    expect(photoRefusal({ message: 'Successfully claimed 3 QR codes!' })).toBeNull();
    expect(photoRefusal(null)).toBeNull();
  });
});

describe('claimMessage', () => {
  it('reads a non-empty message from navigation state', () => {
    expect(claimMessage({ message: 'Successfully claimed 3 QR codes!' })).toBe(
      'Successfully claimed 3 QR codes!',
    );
    expect(claimMessage({ message: ' ' })).toBeNull();
    expect(claimMessage(null)).toBeNull();
    expect(claimMessage('x')).toBeNull();
  });
});
