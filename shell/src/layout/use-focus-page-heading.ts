import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to show its heading (a remote loading, then its data) before focus is left alone. */
const HEADING_WAIT_MS = 10_000;

/** The page's heading in `main`, made focusable by script only (tabindex -1) and focused without scrolling away. */
export function focusHeadingIn(main: HTMLElement): boolean {
  const heading = main.querySelector('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

/** Whether moving focus now would take it from something the user is using inside the page. */
const userIsInPage = (main: HTMLElement) => {
  const active = document.activeElement;
  return active !== null && active !== document.body && main.contains(active) && active.tagName !== 'H1';
};

/**
 * After sign-in and each navigation (a new path), focus moves to the page's heading, so a screen reader announces
 * the page and Tab continues from its top. The heading often comes later (a remote or its data loading): it is
 * awaited, and given up once the user has moved focus into the page themselves.
 */
export function useFocusPageHeading(mainRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  useEffect(() => {
    const main = mainRef.current;
    if (!main) return;
    if (focusHeadingIn(main)) return;
    const observer = new MutationObserver(() => {
      if (userIsInPage(main) || focusHeadingIn(main)) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, mainRef]);
}
