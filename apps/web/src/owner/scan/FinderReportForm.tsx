import { useEffect, useRef } from 'react';
import { show } from '../../found/dom';
import { reportForm } from '../../found/form';
import { pickLanguage, translator } from '../../found/i18n';
import { lostT } from '../../found/lostText';
import { sentView } from '../../found/sent';
import { keepThread } from '../../found/threadStore';
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
    // Its own heading stays the card's: the sent title is a paragraph here.
    const onSent = (threadPath: string | null) => {
      const heading = lostT(tr.lang, 'unattachedTitle');
      if (threadPath) keepThread({ path: threadPath, itemName: heading, at: new Date().toISOString() });
      show(root, sentView(tr, lostT(tr.lang, 'unattachedSent'), threadPath, 'p'));
    };
    show(root, reportForm({ tr, qrCode, background: root, onSent }));
    return () => root.replaceChildren();
  }, [qrCode]);
  return <div ref={host} className="finder-report" />;
}
