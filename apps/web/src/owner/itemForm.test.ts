import { describe, expect, it } from 'vitest';
import { checkItemFields, createItemForm } from './itemForm';

describe('checkItemFields', () => {
  it('requires a name and a type, trims values, allows an empty description', () => {
    expect(checkItemFields({ itemTypeId: 'keys', name: '  House keys ', description: '' })).toEqual({
      ok: true,
      values: { itemTypeId: 'keys', name: 'House keys', description: '' },
    });
    expect(checkItemFields({ itemTypeId: '', name: '   ', description: '' })).toEqual({
      ok: false,
      errors: { itemTypeId: 'Item type is required', name: 'Item name is required' },
    });
  });

  it('bounds the lengths', () => {
    const result = checkItemFields({
      itemTypeId: 'bag',
      name: 'x'.repeat(101),
      description: 'y'.repeat(2001),
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.name).toMatch(/at most 100/);
      expect(result.errors.description).toMatch(/at most 2000/);
    }
  });
});

describe('createItemForm', () => {
  it('sends the spec payload, with omitQR as the text true and the photo when picked', () => {
    const photo = new File([new Uint8Array([1, 2, 3])], 'cat.png', { type: 'image/png' });
    const form = createItemForm({ itemTypeId: 'pets', name: 'Tom', description: 'Grey cat' }, photo);
    expect([...form.keys()]).toEqual(['itemTypeId', 'name', 'description', 'omitQR', 'photo']);
    expect(form.get('omitQR')).toBe('true');
    expect((form.get('photo') as File).name).toBe('cat.png');
    expect(createItemForm({ itemTypeId: 'pets', name: 'Tom', description: '' }, null).has('photo')).toBe(
      false,
    );
  });
});
