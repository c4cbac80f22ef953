import { act, renderHook, waitFor } from '@testing-library/react';
import { REMOTE_STILL_LOADING_AFTER_MS, useRemoteModule } from './use-remote-module';

describe('useRemoteModule', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('loads once, then gives the module', async () => {
    const load = jest.fn(async () => ({ answer: 42 }));
    const { result } = renderHook(() => useRemoteModule('The test remote', load));
    expect(result.current).toMatchObject({ module: undefined, failed: false, slow: false });
    await waitFor(() => expect(result.current.module).toEqual({ answer: 42 }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith(false);
  });

  it('logs a failure, and Retry loads again asking for a fresh fetch', async () => {
    const load = jest
      .fn<Promise<string>, [boolean]>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('routes');
    const { result } = renderHook(() => useRemoteModule('The test remote', load));
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.error).toEqual(new Error('offline'));
    expect(consoleError).toHaveBeenCalledWith('The test remote failed to load:', new Error('offline'));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.module).toBe('routes'));
    expect(load).toHaveBeenLastCalledWith(true);
    expect(result.current).toMatchObject({ failed: false, error: undefined, attempt: 1 });
  });

  it('says it is slow after REMOTE_STILL_LOADING_AFTER_MS and keeps loading', async () => {
    jest.useFakeTimers();
    try {
      let finish: (value: string) => void = () => undefined;
      const load = jest.fn(() => new Promise<string>((resolve) => (finish = resolve)));
      const { result } = renderHook(() => useRemoteModule('The test remote', load));
      act(() => jest.advanceTimersByTime(REMOTE_STILL_LOADING_AFTER_MS - 1));
      expect(result.current.slow).toBe(false);
      act(() => jest.advanceTimersByTime(1));
      expect(result.current.slow).toBe(true);
      await act(async () => finish('routes'));
      expect(result.current).toMatchObject({ module: 'routes', slow: false });
    } finally {
      jest.useRealTimers();
    }
  });
});
