export interface OutboxWorker {
  /** Runs a pass now, or right after the one in progress: a row was just written (wake-ups.ts). */
  wake: () => void;
  /** Stops polling and waits for the sends in flight (each bounded by its time-out). */
  stop: () => Promise<void>;
}

/**
 * Runs `workOnce` (one claim-and-send pass answering how many rows it claimed) now and then every poll interval,
 * at once again after a full batch or a wake-up, until stopped. Started by every instance; the claims keep them
 * apart. The poll is the fallback that finds every due row; wake-ups only make a new row leave sooner.
 */
export function startPollLoop(
  workOnce: () => Promise<number>,
  settings: { pollIntervalMs: number; batchSize: number },
  onError: (error: unknown) => void = () => undefined,
): OutboxWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let passing = false;
  let wokenDuringPass = false;
  let running: Promise<unknown> = Promise.resolve();

  const tick = () => {
    timer = undefined;
    passing = true;
    wokenDuringPass = false;
    running = workOnce()
      .catch((error: unknown) => {
        onError(error);
        return 0;
      })
      .then((count) => {
        passing = false;
        if (stopped) return;
        const again = count >= settings.batchSize || wokenDuringPass;
        timer = setTimeout(tick, again ? 0 : settings.pollIntervalMs);
      });
  };
  timer = setTimeout(tick, 0);

  return {
    wake: () => {
      if (stopped) return;
      if (passing) {
        wokenDuringPass = true;
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(tick, 0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
