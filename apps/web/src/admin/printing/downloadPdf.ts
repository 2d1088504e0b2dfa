import type { PrintSheetsRequest } from '@homing/shared';
import type { ApiClient } from '../../api/client';
import { jobTemplate } from './jobPages';

function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const filenameOf = (res: Response, fallback: string) =>
  /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

export interface SetsPdfOptions {
  setIds: string[];
  startCol?: number;
  startRow?: number;
  templateId?: string;
}

/**
 * Saves the sets' exact-size PDF from the API (`labels.pdf`): one set, or several each from a new
 * sheet. Resolves to an error message, or null when the download started.
 */
export async function downloadSetsPdf(
  api: ApiClient,
  token: string | null,
  options: SetsPdfOptions,
): Promise<string | null> {
  const query = new URLSearchParams();
  if (options.startCol) query.set('startCol', String(options.startCol));
  if (options.startRow) query.set('startRow', String(options.startRow));
  if (options.templateId) query.set('templateId', options.templateId);
  const path =
    options.setIds.length === 1
      ? `/api/admin/qr-sets/${encodeURIComponent(options.setIds[0]!)}/labels.pdf`
      : (query.set('setIds', options.setIds.join(',')), '/api/admin/qr-sets/labels.pdf');
  try {
    const res = await fetch(`${await api.baseUrl()}${path}?${query}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: string } | null;
      return body?.error || 'Failed to download the PDF';
    }
    save(await res.blob(), filenameOf(res, 'labels.pdf'));
    return null;
  } catch {
    return 'Failed to download the PDF';
  }
}

/** Renders a job's PDF in the browser (test prints of made-up codes, which the API does not know). */
export async function downloadRenderedPdf(
  request: PrintSheetsRequest,
  filename: string,
): Promise<string | null> {
  try {
    const { renderJobSheetsPdf } = await import('@homing/label-layout/pdf');
    const bytes = await renderJobSheetsPdf({
      sets: request.sets.map((set) => set.codes.map((code) => ({ value: code.value, setName: set.setName }))),
      template: jobTemplate(request),
      startColumn: request.startColumn,
      startRow: request.startRow,
      domainName: request.domainName,
      brandWord: request.brandWord,
      smsNumber: request.smsNumber,
      title: request.title,
    });
    save(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), filename);
    return null;
  } catch {
    return 'Failed to create the PDF';
  }
}
