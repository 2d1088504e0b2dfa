import { gzipSync } from 'node:zlib';

/**
 * bench:label-url's target: everything `/qr/{code}` transfers for a found item on slow 4G (the
 * page with the finder bundle inlined, the item's data, the brand, the photo, analytics).
 */
export const LABEL_URL_TARGET_BYTES = 40 * 1024;

/**
 * The finder bundle's share of that target: `found.html` with the script and CSS it loads before the
 * item shows, gzipped. About 25 KiB today (every state's texts in three languages: the front door,
 * the claim landing, the named slips of a typed code); the other 14.5 KiB are for headers, the item
 * and its photo. The intlPhone chunk is not counted: only a finder who picks a country other than
 * the US loads it.
 */
export const FINDER_BUNDLE_BUDGET_BYTES = 25.5 * 1024;

/** The few fields of a Vite (Rolldown) output bundle the budget reads. */
export type BuiltFile =
  | { readonly type: 'asset'; readonly fileName: string; readonly source: string | Uint8Array }
  | {
      readonly type: 'chunk';
      readonly fileName: string;
      readonly code: string;
      readonly isEntry: boolean;
      readonly imports: readonly string[];
      readonly viteMetadata?: { readonly importedCss: ReadonlySet<string> };
    };

export interface PageSize {
  /** Gzipped bytes of each file the page loads, by file name. */
  readonly files: ReadonlyMap<string, number>;
  readonly bytes: number;
}

/**
 * What the page loads before anything else can run: its HTML, the entry chunks with every chunk they
 * import statically, and the CSS those chunks import. Dynamic imports are left out (loaded on demand).
 */
export function pageSize(bundle: Readonly<Record<string, BuiltFile>>, html: string): PageSize {
  const files = new Map<string, number>();
  const add = (fileName: string) => {
    const file = bundle[fileName];
    if (!file || files.has(fileName)) return;
    files.set(fileName, gzipSync(file.type === 'asset' ? file.source : file.code).length);
    if (file.type !== 'chunk') return;
    file.imports.forEach(add);
    file.viteMetadata?.importedCss.forEach(add);
  };
  if (!bundle[html]) throw new Error(`${html} is not in the bundle`);
  add(html);
  for (const file of Object.values(bundle)) if (file.type === 'chunk' && file.isEntry) add(file.fileName);
  return { files, bytes: [...files.values()].reduce((a, b) => a + b, 0) };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** One line either way; `ok` false fails the build. */
export function budgetVerdict(size: PageSize, budget = FINDER_BUNDLE_BUDGET_BYTES) {
  const ok = size.bytes <= budget;
  const what = `finder bundle: ${kib(size.bytes)} gzipped (${[...size.files.keys()].join(', ')})`;
  return {
    ok,
    message: ok
      ? `${what}, within its ${kib(budget)} budget`
      : `${what} is over its ${kib(budget)} budget (apps/web/finderBudget.ts, from the label URL's ${kib(LABEL_URL_TARGET_BYTES)} target)`,
  };
}
