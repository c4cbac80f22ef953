import { createListStateStore } from './list-state-store';

describe('createListStateStore', () => {
  beforeEach(() => localStorage.clear());

  it('remembers a state per path in localStorage', () => {
    const store = createListStateStore(localStorage);
    store.set('/Home/Users', { page: 3, perPage: 100, search: 'ann' });
    expect(createListStateStore(localStorage).get('/Home/Users')).toEqual({ page: 3, perPage: 100, search: 'ann' });
    expect(store.get('/Home/MyProducts')).toBeUndefined();
    expect(localStorage.getItem('producthub_list_state')).toContain('/Home/Users');
  });

  it('keeps only the 10 most recent paths', () => {
    const store = createListStateStore(localStorage);
    for (let i = 1; i <= 12; i += 1) store.set(`/p${i}`, { page: i, perPage: 25, search: '' });
    expect(store.get('/p1')).toBeUndefined();
    expect(store.get('/p2')).toBeUndefined();
    expect(store.get('/p3')?.page).toBe(3);
    expect(store.get('/p12')?.page).toBe(12);
  });

  it('moves a path back to the front when it is written again', () => {
    const store = createListStateStore(localStorage);
    for (let i = 1; i <= 10; i += 1) store.set(`/p${i}`, { page: 1, perPage: 25, search: '' });
    store.set('/p1', { page: 9, perPage: 25, search: '' });
    store.set('/p11', { page: 1, perPage: 25, search: '' });
    expect(store.get('/p1')?.page).toBe(9);
    expect(store.get('/p2')).toBeUndefined();
  });

  it('ignores damaged storage instead of failing', () => {
    localStorage.setItem('producthub_list_state', '{not json');
    expect(createListStateStore(localStorage).get('/x')).toBeUndefined();
    localStorage.setItem('producthub_list_state', JSON.stringify([{ path: '/x', state: { page: -1, perPage: 'a' } }]));
    expect(createListStateStore(localStorage).get('/x')).toBeUndefined();
  });

  it('works in memory without storage', () => {
    const store = createListStateStore(null);
    store.set('/x', { page: 2, perPage: 25, search: '' });
    expect(store.get('/x')?.page).toBe(2);
  });
});
