import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { LiveNotifications } from '../features/notifications';
import { Navbar } from './navbar';
import { Loading } from '../components/ui/feedback';

/**
 * After moving to another page, the keyboard (and a screen reader) starts at the new page's
 * content, not on the link that led there, unless the page has put focus in itself.
 */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  // The path last seen: the first load (and StrictMode's repeated effect) is no navigation.
  const seen = useRef(pathname);
  useEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    const main = document.getElementById('main');
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, [pathname]);
}

export function Layout() {
  useFocusOnNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Navbar />
      {/* At least a screen tall: the footer starts below the fold, so content arriving never pushes it (no layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        <Suspense fallback={<Loading>Loading...</Loading>}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-slate-200 bg-surface py-6 text-center text-sm text-slate-500">
        <p>Built for builders looking for their dream team.</p>
        <p className="mt-2">
          {/* A plain link: the documentation is served by the server, not a page of this app. */}
          <a href="/api/docs" className="font-medium text-link hover:underline">
            API documentation
          </a>
        </p>
      </footer>
      <Suspense fallback={null}>
        <LiveNotifications />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
