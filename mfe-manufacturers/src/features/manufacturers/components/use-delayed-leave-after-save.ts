import { useEffect, useRef } from 'react';
import { MANUFACTURER_SAVED_LEAVE_DELAY_MS } from 'shared-kit';

/** docs/console.md, Manufacturer details: 2000 ms after a successful save the page is left by the Back rule (unless the user left first). */
export function useDelayedLeaveAfterSave(saved: boolean, onLeave: () => void) {
  const leave = useRef(onLeave);
  useEffect(() => {
    leave.current = onLeave;
  });
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => leave.current(), MANUFACTURER_SAVED_LEAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved]);
}
