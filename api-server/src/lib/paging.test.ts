/** @jest-environment node */
import { pageRequest, pagination } from './paging';

describe('paging', () => {
  it('defaults to page 1 with the first-load size', () => {
    expect(pageRequest({})).toEqual({ page: 1, perPage: 25, offset: 0 });
    expect(pageRequest({ page: 3, per_page: 100 })).toEqual({ page: 3, perPage: 100, offset: 200 });
  });

  it('describes pages for a total', () => {
    expect(pagination(0, pageRequest({}))).toEqual({
      records: { total: 0, per_page: 25 },
      pages: { current: 1, previous: null, next: null, last: 1 },
    });
    expect(pagination(51, pageRequest({ page: 2 })).pages).toEqual({ current: 2, previous: 1, next: 3, last: 3 });
    expect(pagination(51, pageRequest({ page: 3 })).pages.next).toBeNull();
  });
});
