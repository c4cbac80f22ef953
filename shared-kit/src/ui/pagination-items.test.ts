import { PAGINATION_ALL_PAGES_UP_TO } from '../constants';
import { paginationItems } from './pagination-items';

const render = (current: number, last: number) =>
  paginationItems(current, last)
    .map((item) => (item === 'ellipsis' ? '…' : String(item)))
    .join(' ');

describe('paginationItems', () => {
  it('shows every page when there are at most PAGINATION_ALL_PAGES_UP_TO', () => {
    expect(render(1, 1)).toBe('1');
    expect(render(2, 3)).toBe('1 2 3');
    expect(render(4, PAGINATION_ALL_PAGES_UP_TO)).toBe('1 2 3 4 5 6 7');
  });

  it('shows one page for an empty list', () => {
    expect(render(1, 0)).toBe('1');
  });

  it('widens the window at the start', () => {
    expect(render(1, 20)).toBe('1 2 3 4 5 … 20');
    expect(render(3, 20)).toBe('1 2 3 4 5 … 20');
    expect(render(4, 20)).toBe('1 2 3 4 5 … 20');
  });

  it('centres the window in the middle', () => {
    expect(render(5, 20)).toBe('1 … 4 5 6 … 20');
    expect(render(10, 20)).toBe('1 … 9 10 11 … 20');
    expect(render(16, 20)).toBe('1 … 15 16 17 … 20');
  });

  it('widens the window at the end', () => {
    expect(render(17, 20)).toBe('1 … 16 17 18 19 20');
    expect(render(19, 20)).toBe('1 … 16 17 18 19 20');
    expect(render(20, 20)).toBe('1 … 16 17 18 19 20');
  });

  it('handles one page more than the limit', () => {
    expect(render(1, 8)).toBe('1 2 3 4 5 … 8');
    expect(render(4, 8)).toBe('1 2 3 4 5 … 8');
    expect(render(5, 8)).toBe('1 … 4 5 6 7 8');
    expect(render(8, 8)).toBe('1 … 4 5 6 7 8');
  });

  it('always shows the same number of items once pages are hidden', () => {
    for (let last = PAGINATION_ALL_PAGES_UP_TO + 1; last <= 30; last += 1) {
      for (let current = 1; current <= last; current += 1) {
        const items = paginationItems(current, last);
        expect(items).toHaveLength(PAGINATION_ALL_PAGES_UP_TO);
        expect(items[0]).toBe(1);
        expect(items[items.length - 1]).toBe(last);
        expect(items).toContain(current);
      }
    }
  });

  it('never puts an ellipsis where it would hide no page', () => {
    for (let current = 1; current <= 50; current += 1) {
      const items = paginationItems(current, 50);
      items.forEach((item, index) => {
        if (item !== 'ellipsis') return;
        const before = items[index - 1] as number;
        const after = items[index + 1] as number;
        expect(after - before).toBeGreaterThan(1);
      });
    }
  });

  it('clamps a current page outside the range', () => {
    expect(render(0, 20)).toBe('1 2 3 4 5 … 20');
    expect(render(99, 20)).toBe('1 … 16 17 18 19 20');
  });
});
