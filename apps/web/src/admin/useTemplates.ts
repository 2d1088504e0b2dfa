import { useEffect, useState } from 'react';
import { ADMIN_MESSAGES, type PrintTemplate } from '@homing/shared';
import { errorText, type AdminApi } from './adminApi';

/** PRODUCT.md, Screens: the default template is the one named 3/4" Round, otherwise the first. */
export const DEFAULT_TEMPLATE_NAME = '3/4" Round';

export const defaultTemplateId = (templates: readonly PrintTemplate[]) =>
  (templates.find((t) => t.name === DEFAULT_TEMPLATE_NAME) ?? templates[0])?.id ?? null;

/** The print templates, loaded once per mount ('Failed to load templates' on failure). */
export function useTemplates(admin: Pick<AdminApi, 'templates'>) {
  const [state, setState] = useState<{ templates: PrintTemplate[]; loading: boolean; error: string | null }>({
    templates: [],
    loading: true,
    error: null,
  });
  useEffect(() => {
    let live = true;
    void admin.templates().then((result) => {
      if (!live) return;
      if (result.success && Array.isArray(result.data) && result.data.length > 0)
        setState({ templates: result.data, loading: false, error: null });
      else
        setState({
          templates: [],
          loading: false,
          error: errorText(result, ADMIN_MESSAGES.loadTemplatesFailed),
        });
    });
    return () => {
      live = false;
    };
  }, [admin]);
  return { ...state, defaultId: defaultTemplateId(state.templates) };
}
