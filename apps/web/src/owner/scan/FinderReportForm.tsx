import { useEffect, useRef } from 'react';
import { h, show } from '../../found/dom';
import { reportForm } from '../../found/form';
import { pickLanguage, translator } from '../../found/i18n';
import { lostT } from '../../found/lostText';
import '../../found/found.css';

/**
 * Under the spec's "Unassigned QR Code" (a claimed label with no item, or whose item was deleted):
 * the finder page's own message form (found/form.ts), so a finder meets one form wherever they
 * scan, in their browser's language.
 */
export function FinderReportForm({ qrCode }: { qrCode: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = host.current!;
    const tr = translator(
      pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]),
    );
    const onSent = () =>
      show(
        root,
        h(
          'section',
          { className: 'finder-sent', role: 'status' },
          h('p', { className: 'finder-sent__title', tabindex: -1 }, tr.t('sentTitle')),
          h('p', { className: 'finder-sent__body' }, lostT(tr.lang, 'unattachedSent')),
        ),
      );
    show(root, reportForm({ tr, qrCode, background: root, onSent }));
    return () => root.replaceChildren();
  }, [qrCode]);
  return <div ref={host} className="finder-report" />;
}
