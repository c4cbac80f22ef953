import { ANY_ID, inScope } from './api-key';
import { licenseKeys, productKeys, releaseKeys, userKeys } from './keys';

describe('key factories and scopes', () => {
  it('build the [path, query] and [path] keys the data hooks cache under', () => {
    expect(productKeys.list({ page: 2, per_page: 25 })).toEqual(['/products', { page: 2, per_page: 25 }]);
    expect(productKeys.detail(4)).toEqual(['/products/4']);
    expect(licenseKeys.list({ userId: 12 }, { page: 1 })).toEqual(['/users/12/licenses', { page: 1 }]);
  });

  it('match every query of a list, and nothing beside it', () => {
    const lists = productKeys.lists();
    expect(inScope(lists, productKeys.list({ page: 1 }))).toBe(true);
    expect(inScope(lists, productKeys.list({ type: 'PluginOnly', page: 1 }))).toBe(true);
    expect(inScope(lists, productKeys.detail(1))).toBe(false);
    expect(inScope(lists, releaseKeys.list(1, { page: 1 }))).toBe(false);
  });

  it('leave an id open with ANY_ID, and keep products apart from their releases', () => {
    expect(inScope(productKeys.details(), productKeys.detail(9))).toBe(true);
    expect(inScope(productKeys.details(), releaseKeys.list(9, {}))).toBe(false);
    expect(inScope(releaseKeys.lists(3), releaseKeys.list(3, { page: 2 }))).toBe(true);
    expect(inScope(releaseKeys.lists(3), releaseKeys.list(4, { page: 2 }))).toBe(false);
    expect(inScope(releaseKeys.details(ANY_ID), releaseKeys.detail(4, 30))).toBe(true);
  });

  it('cover every licence list of any product or user, but not the users themselves', () => {
    const scopes = licenseKeys.lists();
    const anyIn = (key: unknown) => scopes.some((scope) => inScope(scope, key));
    expect(anyIn(licenseKeys.list({ productId: 1 }, { page: 1 }))).toBe(true);
    expect(anyIn(licenseKeys.list({ userId: 12 }, { page: 3 }))).toBe(true);
    expect(anyIn(userKeys.detail(12))).toBe(false);
    expect(inScope(userKeys.details(12), userKeys.detail(12))).toBe(true);
  });

  it('take a key as every query of its path, and ignore keys of other shapes', () => {
    expect(inScope(productKeys.detail(4), productKeys.detail(4))).toBe(true);
    expect(inScope(productKeys.detail(4), productKeys.detail(5))).toBe(false);
    expect(inScope(productKeys.lists(), 'products')).toBe(false);
    expect(inScope(productKeys.lists(), ['builds-by-ids', 1, '2,3'])).toBe(false);
  });
});
