import { createItemRequest } from '@homing/shared';

export interface ItemFields {
  itemTypeId: string;
  name: string;
  description: string;
}

export type ItemFieldErrors = Partial<Record<keyof ItemFields, string>>;

/**
 * Checks the item form with the server's own schema (one copy of each rule): the name and the type are
 * required, lengths are bounded. Returns the trimmed values or the first message per field.
 */
export function checkItemFields(
  fields: ItemFields,
): { ok: true; values: ItemFields } | { ok: false; errors: ItemFieldErrors } {
  const parsed = createItemRequest.safeParse(fields);
  if (parsed.success)
    return {
      ok: true,
      values: {
        itemTypeId: parsed.data.itemTypeId,
        name: parsed.data.name,
        description: parsed.data.description,
      },
    };
  const errors: ItemFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if ((key === 'itemTypeId' || key === 'name' || key === 'description') && !errors[key])
      errors[key] = issue.message;
  }
  return { ok: false, errors };
}

/** The multipart body of POST /api/items (PRODUCT.md, Entities): omitQR is the text 'true'. */
export function createItemForm(values: ItemFields, photo: File | null): FormData {
  const form = new FormData();
  form.append('itemTypeId', values.itemTypeId);
  form.append('name', values.name);
  form.append('description', values.description);
  form.append('omitQR', 'true');
  if (photo) form.append('photo', photo);
  return form;
}
