import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import type { ApiKey } from 'shared-kit/data';

/** How often a delivery log with a pending delivery asks again (the worker polls every second by default). */
export const DELIVERY_LOG_POLL_MS = 2000;

/** Fetches `key` afresh every `intervalMs` while `active` holds (e.g. while a delivery is still pending). */
export function usePollWhile(key: ApiKey | null, active: boolean, intervalMs = DELIVERY_LOG_POLL_MS) {
  const { mutate } = useSWRConfig();
  const latestKey = useRef(key);
  useEffect(() => {
    latestKey.current = key;
  });
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (latestKey.current) void mutate(latestKey.current);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs, mutate]);
}
