import { Suspense, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Outlet, useNavigation } from 'react-router';
import { Toaster } from 'react-hot-toast';
import { LoadingState } from '../../components/States';
import { OfflineBanner } from '../../components/OfflineBanner';
import { useCurrentUser } from '../../api/session';
import { Navbar } from './Navbar';
import { NavMenu } from './NavMenu';
import { useRouteTitleAndFocus } from '../../lib/route-announce';
import { useFocusBelowStickyHeader } from './focus-below-header';

const DRAWER_ID = 'app-drawer';
const DRAWER_NAV_ID = 'app-drawer-nav';

/**
 * The page frame: navbar, the one <main> landmark, the signed-in user's navigation and the toasts. On phones
 * and tablets the navigation is a drawer that slides over the page, opened from "Welcome, {name}"; from desktop
 * widths it stays open as a sidebar on the left, and the same button still takes keyboard users into it as a
 * modal (focus in, Tab kept inside, Escape back).
 */
export function RootLayout() {
  const { data: user } = useCurrentUser();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigation = useNavigation();
  const menuButton = useRef<HTMLButtonElement>(null);
  useRouteTitleAndFocus();
  useFocusBelowStickyHeader();

  // The drawer is modal: closing it (Escape, the overlay) gives focus back to the button that opened it.
  // A followed link closes it without that: the new screen's heading takes focus instead.
  const closeDrawer = () => {
    // Rendered first: the button cannot take focus while the page around it is still inert.
    flushSync(() => setDrawerOpen(false));
    menuButton.current?.focus();
  };

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDrawer();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  const modalOpen = drawerOpen && !!user;

  return (
    <div
      className={`drawer drawer-end ${user ? 'lg:drawer-open lg:auto-cols-[max-content_auto] lg:[&>.drawer-content]:col-start-2 lg:[&>.drawer-side]:col-start-1' : ''}`}
    >
      <input
        id={DRAWER_ID}
        type="checkbox"
        className="drawer-toggle"
        checked={modalOpen}
        onChange={(event) => setDrawerOpen(event.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      {/* While the drawer is open the page behind it can be neither reached by Tab nor read. */}
      <div className="drawer-content flex min-h-dvh flex-col" inert={modalOpen}>
        {/* While the next screen's code loads, the current one stays; this bar says something is happening. */}
        {navigation.state !== 'idle' && (
          <progress
            className="progress progress-primary fixed inset-x-0 top-0 z-[60] h-1 rounded-none"
            aria-label="Loading page"
          />
        )}
        <a
          href="#main"
          className="btn btn-primary btn-sm absolute left-2 top-2 z-50 -translate-y-20 focus:translate-y-0"
        >
          Skip to content
        </a>
        {/* From desktop widths the sidebar comes after the page in the document: its own skip link leads there. */}
        {user && (
          <a
            href={`#${DRAWER_NAV_ID}`}
            className="btn btn-primary btn-sm absolute left-40 top-2 z-50 -translate-y-20 focus:translate-y-0 max-lg:hidden"
            onClick={(event) => {
              event.preventDefault();
              document.querySelector<HTMLElement>(`#${DRAWER_NAV_ID} a`)?.focus();
            }}
          >
            Skip to navigation
          </a>
        )}
        <OfflineBanner />
        <Navbar
          user={user ?? null}
          drawerOpen={drawerOpen}
          drawerId={DRAWER_NAV_ID}
          menuButtonRef={menuButton}
          onOpenMenu={() => setDrawerOpen(true)}
        />
        <main id="main" className="flex flex-1 flex-col">
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {user && (
        <div className="drawer-side z-50">
          {/* Clicking beside the menu closes it; keyboard users have Escape. */}
          <div className="drawer-overlay" aria-hidden="true" onClick={closeDrawer} />
          <NavMenu id={DRAWER_NAV_ID} user={user} open={modalOpen} onFollow={() => setDrawerOpen(false)} />
        </div>
      )}
      <Toaster
        // From the bottom, so they never lie over the header and its menu (a phone's only way to the menu).
        position="bottom-center"
        // Success toasts last 2 s, errors 4 s (react-hot-toast's defaults); written out so they cannot drift.
        toastOptions={{
          duration: 4000,
          success: { duration: 2000 },
          error: { duration: 4000 },
          loading: { duration: Infinity },
          className: '!bg-base-100 !text-base-content border border-base-300',
        }}
      />
    </div>
  );
}
