import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';

export const APP_NAME = 'CloudStash';

/** What a route puts in its `handle`: the screen's name for the document title. */
export interface RouteHandle {
  title?: string;
}

/** 'My Files · CloudStash'; the landing page is the app's own name. */
export function documentTitle(screen: string | undefined): string {
  return screen ? `${screen} · ${APP_NAME}` : APP_NAME;
}

/** How long a new screen may take to show its heading (its data loading) before focus stops waiting for it. */
const HEADING_WAIT_MS = 10_000;

/**
 * Moves focus to the screen's h1 (made focusable for it), or, when the screen shows none yet (its data still
 * loading), as soon as it does. Returns a function that stops waiting.
 */
export function focusHeadingWhenShown(root: HTMLElement): () => void {
  const focus = () => {
    const heading = root.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
    return true;
  };
  if (focus()) return () => {};
  const observer = new MutationObserver(() => {
    if (focus()) stop();
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(root, { childList: true, subtree: true });
  return stop;
}

/** Titles the document after the deepest route that names its screen. */
export function useRouteTitle(): void {
  const matches = useMatches();
  const screen = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)
    ?.handle as RouteHandle | undefined;
  const title = documentTitle(screen?.title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * Titles the document after the deepest route that names its screen, and after an in-app navigation to
 * another screen moves focus to its heading, so a screen reader announces where the user arrived (a new
 * address alone says nothing). A change of the query only (a filter, a sort) keeps focus where it is.
 */
export function useRouteTitleAndFocus(): void {
  useRouteTitle();
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  useEffect(() => {
    // The first screen of a visit keeps the browser's own starting focus.
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    const main = document.getElementById('main');
    return main ? focusHeadingWhenShown(main) : undefined;
  }, [pathname]);
}
