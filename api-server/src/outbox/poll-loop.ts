export interface OutboxWorker {
  /** Stops polling and waits for the sends in flight (each bounded by its time-out). */
  stop: () => Promise<void>;
}

/**
 * Runs `workOnce` (one claim-and-send pass answering how many rows it claimed) now and then every poll interval,
 * at once again after a full batch, until stopped. Started by every instance; the claims keep them apart.
 */
export function startPollLoop(
  workOnce: () => Promise<number>,
  settings: { pollIntervalMs: number; batchSize: number },
  onError: (error: unknown) => void = () => undefined,
): OutboxWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const tick = () => {
    running = workOnce()
      .catch((error: unknown) => {
        onError(error);
        return 0;
      })
      .then((count) => {
        if (!stopped) timer = setTimeout(tick, count >= settings.batchSize ? 0 : settings.pollIntervalMs);
      });
  };
  timer = setTimeout(tick, 0);

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
