import { useEffect } from 'react';
import { useAppConfig } from '../config/configContext';

/** Sets the browser tab's title: "Page · Brand", or just the brand. */
export function usePageTitle(title?: string) {
  const { brandName } = useAppConfig().config;
  useEffect(() => {
    document.title = title ? `${title} · ${brandName}` : brandName;
  }, [title, brandName]);
}
