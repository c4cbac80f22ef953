import type { Paged } from '../contract';
import type { AuthSession } from '../services/shell-services';

export const manufacturerSession: AuthSession = {
  token: 'manufacturer-token',
  access_level: 'manufacturer',
  manufacturer: { id: 7, name: 'Aurora Audio' },
};
export const superuserSession: AuthSession = {
  token: 'superuser-token',
  access_level: 'superuser',
  manufacturer: null,
};

/** One page holding `data`, in the paged shape of docs/console.md, Lists. */
export function page<T>(data: T[], { total = data.length, perPage = 25, current = 1 } = {}): Paged<T> {
  const last = Math.max(1, Math.ceil(total / perPage));
  return {
    data,
    pagination: {
      records: { total, per_page: perPage },
      pages: { current, previous: current > 1 ? current - 1 : null, next: current < last ? current + 1 : null, last },
    },
  };
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

/** A promise the test settles, to observe what shows while a call is pending. */
export function deferred<T = unknown>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
