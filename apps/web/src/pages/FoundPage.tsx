import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorState, LoadingState } from '../components/StateViews';

// Where this document was loaded. The server answers /found/* with found.html (the finder page's
// own small bundle, src/found), so the SPA only reaches this route by a client-side navigation,
// e.g. the scan result's found_item redirect.
const documentPath = typeof window === 'undefined' ? '' : window.location.pathname;

/** Finder page: hands over to the finder bundle with a full page load. */
export default function FoundPage() {
  const { pathname, search } = useLocation();
  // Routes match in any case; the server's /found/ prefix is lower case.
  const target = pathname.replace(/^\/found\//i, '/found/');
  // Loaded here as the SPA means the build has no found.html: say so rather than reload forever.
  const handOver = target !== documentPath;
  useEffect(() => {
    if (handOver) window.location.replace(target + search);
  }, [handOver, target, search]);
  return handOver ? <LoadingState /> : <ErrorState message="Failed to load item information" />;
}
