import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, type Location } from 'react-router';
import { LiveNotifications } from '../features/notifications';
import { Navbar } from './navbar';
import { Loading } from '../components/ui/feedback';

/** How long a page may take to show its main heading (its data loading) before focus stays on main. */
const HEADING_WAIT_MS = 10_000;

/**
 * After moving to another page, the keyboard (and a screen reader) starts at the new page's main
 * heading, or at main until the heading arrives (a page that loads its data first), not on the link
 * that led there or on the page body. Focus someone moved in the meantime stays where they put it.
 * The first load is no navigation: the browser starts at the top, as on any site.
 */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  // The path last seen: the first load (and StrictMode's repeated effect) is no navigation.
  const seen = useRef(pathname);
  useEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    const main = document.getElementById('main');
    if (!main) return;
    // What had the keyboard as the page changed: the link that led here, or nothing once it is gone.
    const from = document.activeElement;
    const untouched = () => {
      const now = document.activeElement;
      return !now || now === document.body || now === main || now === from;
    };
    const focusHeading = () => {
      const heading = main.querySelector('h1');
      if (!heading) return false;
      if (untouched()) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (focusHeading()) return;
    if (untouched()) main.focus({ preventScroll: true });
    const observer = new MutationObserver(() => focusHeading() && observer.disconnect());
    observer.observe(main, { childList: true, subtree: true });
    const giveUp = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
    };
  }, [pathname]);
}

/**
 * Where a page's scroll is kept: per history entry, as React Router keeps it. A page opened by a full
 * load (an address typed, a link from outside) is an entry React Router names 'default' in every tab,
 * so each such page was scrolled to where the one before it had been left (home scrolled, then
 * /profiles typed: the list opened 160 px down); those are kept by their address instead.
 */
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname + location.search : location.key);

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
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
