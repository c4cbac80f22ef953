import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router';
import styled from 'styled-components';

/** How long a confirmation stays unless dismissed or replaced: long enough to read it and follow its link. */
export const SAVE_NOTICE_MS = 15_000;

export interface SaveNotice {
  /** What was saved, named ('Product Aurora Reverb saved.'). */
  message: string;
  /** The saved record, when the page shown is another one (the list a save returns to). */
  link?: { label: string; href: string; open: () => void };
}

const SaveNoticeContext = createContext<((notice: SaveNotice) => void) | null>(null);

/**
 * The console's one confirmation region: a polite live region, in the page before anything is announced so screen
 * readers hear each confirmation, shown as a toast at the foot of the screen. Outside the routes, so a
 * confirmation survives the save's navigation (to a list, to another area).
 */
export function SaveNoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<SaveNotice | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), SAVE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <SaveNoticeContext.Provider value={setNotice}>
      {children}
      <Region role="status" aria-live="polite" $shown={notice !== null}>
        {notice && (
          <>
            <span>{notice.message}</span>
            {notice.link && (
              <a
                href={notice.link.href}
                onClick={(event) => {
                  event.preventDefault();
                  notice.link?.open();
                  setNotice(null);
                }}
              >
                {notice.link.label}
              </a>
            )}
            <Dismiss type="button" aria-label="Dismiss" onClick={() => setNotice(null)}>
              ×
            </Dismiss>
          </>
        )}
      </Region>
    </SaveNoticeContext.Provider>
  );
}

/** A link to a record for a confirmation: `to` is a typed link of shared-kit/pages, resolved from this page. */
export interface SavedRecord {
  message: string;
  link?: { label: string; to: string };
}

/**
 * Shows a save's confirmation: `notify({ message, link })`. The link is resolved here, where the page's route is
 * known, so it still works once the page has been left. Without a provider (the customer portal) it does nothing.
 */
export function useSaveNotice(): (saved: SavedRecord) => void {
  const show = useContext(SaveNoticeContext);
  const navigate = useNavigate();
  // Typed links are `../<address>` from a page: resolve the parent once, then append the address.
  const parentHref = useHref('..');
  return useCallback(
    ({ message, link }: SavedRecord) => {
      if (!show) return;
      if (!link) return show({ message });
      const href = link.to.startsWith('../') ? `${parentHref.replace(/\/$/, '')}/${link.to.slice(3)}` : link.to;
      show({ message, link: { label: link.label, href, open: () => navigate(link.to) } });
    },
    [show, navigate, parentHref],
  );
}

const Region = styled.div<{ $shown: boolean }>`
  position: fixed;
  right: ${({ theme }) => theme.spacing.md};
  bottom: ${({ theme }) => theme.spacing.md};
  z-index: 40;
  max-width: min(480px, calc(100vw - 2 * ${({ theme }) => theme.spacing.md}));
  display: ${({ $shown }) => ($shown ? 'flex' : 'block')};
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  padding: ${({ $shown, theme }) => ($shown ? `${theme.spacing.sm} ${theme.spacing.md}` : '0')};
  background: ${({ theme }) => theme.colors.surface};
  border: ${({ $shown, theme }) => ($shown ? `1px solid ${theme.colors.border}` : 'none')};
  border-left: ${({ $shown, theme }) => ($shown ? `4px solid ${theme.colors.success}` : 'none')};
  border-radius: ${({ theme }) => theme.radius.normal};
  box-shadow: ${({ $shown, theme }) => ($shown ? theme.shadow.raised : 'none')};

  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const Dismiss = styled.button`
  margin-left: auto;
  padding: 0 ${({ theme }) => theme.spacing.xs};
  background: transparent;
  border: none;
  font-size: 18px;
  line-height: 1;
  color: ${({ theme }) => theme.colors.muted};
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;
