import styled from 'styled-components';
import { Button, type Pagination } from 'shared-kit';
import { useMessages } from '../../messages/messages';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-top: ${({ theme }) => theme.spacing.lg};
`;

/** Previous / next for a list longer than one page (nothing for one page). */
export function Pager({ pagination, onPage }: { pagination: Pagination; onPage: (page: number) => void }) {
  const { t } = useMessages();
  const { current, previous, next, last } = pagination.pages;
  if (last <= 1) return null;
  return (
    <Nav aria-label={t('pages.label')}>
      <Button disabled={previous === null} onClick={() => previous !== null && onPage(previous)}>
        {t('pages.previous')}
      </Button>
      <span aria-live="polite">{t('pages.current', { current, last })}</span>
      <Button disabled={next === null} onClick={() => next !== null && onPage(next)}>
        {t('pages.next')}
      </Button>
    </Nav>
  );
}
