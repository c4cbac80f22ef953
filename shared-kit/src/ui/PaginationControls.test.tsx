import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Pagination } from '../contract/common';
import { PAGE_SIZE_OPTIONS } from '../constants';
import { PaginationControls } from './PaginationControls';
import { renderWithTheme } from './test-utils';

const pagination = (current: number, last: number, total = last * 25): Pagination => ({
  records: { total, per_page: 25 },
  pages: { current, previous: current > 1 ? current - 1 : null, next: current < last ? current + 1 : null, last },
});

function setup(page: Pagination, perPage = 25) {
  const handlers = { onPageChange: jest.fn(), onPerPageChange: jest.fn() };
  renderWithTheme(<PaginationControls pagination={page} perPage={perPage} {...handlers} />);
  return { ...handlers, nav: screen.getByRole('navigation', { name: 'Pagination' }) };
}

const pageButtons = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.textContent);

describe('PaginationControls', () => {
  it('shows every page button when there are few pages and marks the current one', () => {
    const { nav } = setup(pagination(2, 3));
    expect(pageButtons(nav)).toEqual(['1', '2', '3']);
    expect(within(nav).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Page 1' })).not.toHaveAttribute('aria-current');
  });

  it('shows a window with ellipses when there are many pages', () => {
    const { nav } = setup(pagination(10, 20));
    expect(pageButtons(nav)).toEqual(['1', '9', '10', '11', '20']);
    expect(within(nav).getAllByText('…')).toHaveLength(2);
  });

  it('disables first and previous on the first page', async () => {
    const { onPageChange } = setup(pagination(1, 5));
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(5);
  });

  it('disables next and last on the last page', async () => {
    const { onPageChange } = setup(pagination(5, 5));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('disables every move on a single page', () => {
    setup(pagination(1, 1, 3));
    ['First page', 'Previous page', 'Next page', 'Last page'].forEach((name) =>
      expect(screen.getByRole('button', { name })).toBeDisabled(),
    );
  });

  it('goes to a page number, but not to the page already shown', async () => {
    const { onPageChange } = setup(pagination(3, 7));
    await userEvent.click(screen.getByRole('button', { name: 'Page 6' }));
    expect(onPageChange).toHaveBeenCalledWith(6);
    onPageChange.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('offers the page sizes plus the first-load size, sorted', async () => {
    const { onPerPageChange } = setup(pagination(1, 4), 25);
    const select = screen.getByRole('combobox', { name: 'Per page' });
    expect(select).toHaveValue('25');
    const options = within(select)
      .getAllByRole('option')
      .map((option) => Number(option.textContent));
    expect(options).toEqual([25, ...PAGE_SIZE_OPTIONS]);
    await userEvent.selectOptions(select, String(PAGE_SIZE_OPTIONS[1]));
    expect(onPerPageChange).toHaveBeenCalledWith(PAGE_SIZE_OPTIONS[1]);
  });

  it('does not repeat a page size that is already an option', () => {
    setup(pagination(1, 1), PAGE_SIZE_OPTIONS[0]);
    const options = within(screen.getByRole('combobox', { name: 'Per page' })).getAllByRole('option');
    expect(options.map((option) => Number(option.textContent))).toEqual([...PAGE_SIZE_OPTIONS]);
  });

  it('shows the record total', () => {
    setup(pagination(1, 2, 42));
    expect(screen.getByText('42 records')).toBeInTheDocument();
  });

  it('is reachable with the keyboard', async () => {
    const { onPageChange } = setup(pagination(1, 3));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
