import { useEffect } from 'react';
import { useAppConfig } from '../config/configContext';
import { useOwnerAlertCount } from '../owner/alerts/OwnerAlerts';
import { titleWithCount } from '../owner/alerts/alertText';

/** Sets the browser tab's title: "Page · Brand", or just the brand; "(n) …" with unseen finder messages. */
export function usePageTitle(title?: string) {
  const { brandName } = useAppConfig().config;
  const count = useOwnerAlertCount();
  useEffect(() => {
    document.title = titleWithCount(title ? `${title} · ${brandName}` : brandName, count);
  }, [title, brandName, count]);
}
