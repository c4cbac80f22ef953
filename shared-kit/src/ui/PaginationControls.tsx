import { useId } from 'react';
import styled from 'styled-components';
import type { Pagination } from '../contract/common';
import { PAGE_SIZE_OPTIONS } from '../constants';
import { Button } from './Button';
import { Icon } from './Icon';
import { Row, Toolbar } from './layout';
import { Select } from './FormControls';
import { paginationItems } from './pagination-items';

export interface PaginationControlsProps {
  pagination: Pagination;
  perPage: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
}

const Nav = styled(Toolbar).attrs({ as: 'nav' })`
  padding: ${({ theme }) => `${theme.spacing.sm} 0`};
`;

const Pages = styled(Row).attrs({ as: 'ul', $gap: 'xs' })`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Ellipsis = styled.span`
  padding: 0 ${({ theme }) => theme.spacing.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

const Side = styled(Row)`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/** The page-size choices, plus the current size when it is not one of them (first loads use a smaller size). */
function perPageOptions(perPage: number): number[] {
  const options = new Set<number>([...PAGE_SIZE_OPTIONS, perPage]);
  return [...options].sort((a, b) => a - b);
}

export function PaginationControls({ pagination, perPage, onPageChange, onPerPageChange }: PaginationControlsProps) {
  const perPageId = useId();
  const last = Math.max(1, pagination.pages.last);
  const current = Math.min(Math.max(1, pagination.pages.current), last);
  const total = pagination.records.total;
  const onFirstPage = current <= 1;
  const onLastPage = current >= last;
  const goTo = (page: number) => {
    if (page !== current) onPageChange(page);
  };

  return (
    <Nav aria-label="Pagination">
      <Pages>
        <li>
          <Button size="small" aria-label="First page" disabled={onFirstPage} onClick={() => goTo(1)}>
            <Icon name="first" />
          </Button>
        </li>
        <li>
          <Button size="small" aria-label="Previous page" disabled={onFirstPage} onClick={() => goTo(current - 1)}>
            <Icon name="previous" />
          </Button>
        </li>
        {paginationItems(current, last).map((item, index) => (
          <li key={item === 'ellipsis' ? `ellipsis-${index}` : item}>
            {item === 'ellipsis' ? (
              <Ellipsis aria-hidden="true">…</Ellipsis>
            ) : (
              <Button
                size="small"
                variant={item === current ? 'primary' : 'secondary'}
                aria-label={`Page ${item}`}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => goTo(item)}
              >
                {item}
              </Button>
            )}
          </li>
        ))}
        <li>
          <Button size="small" aria-label="Next page" disabled={onLastPage} onClick={() => goTo(current + 1)}>
            <Icon name="next" />
          </Button>
        </li>
        <li>
          <Button size="small" aria-label="Last page" disabled={onLastPage} onClick={() => goTo(last)}>
            <Icon name="last" />
          </Button>
        </li>
      </Pages>
      <Side>
        <span>{total === 1 ? '1 record' : `${total} records`}</span>
        <Row $gap="sm">
          <label htmlFor={perPageId}>Per page</label>
          <Select id={perPageId} value={perPage} onChange={(event) => onPerPageChange(Number(event.target.value))}>
            {perPageOptions(perPage).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </Row>
      </Side>
    </Nav>
  );
}
