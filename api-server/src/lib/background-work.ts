import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a route starts after answering (so that the answer's timing does not depend on it): failures are logged,
 * and closing the server, or a test, can wait until all of it has finished.
 */
export interface BackgroundWork {
  run(log: FastifyBaseLogger, what: string, work: () => Promise<void>): void;
  /** Resolves when every piece of work started so far has finished. */
  settled(): Promise<void>;
}

export function createBackgroundWork(): BackgroundWork {
  const running = new Set<Promise<void>>();
  return {
    run(log, what, work) {
      const piece: Promise<void> = work()
        .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
        .finally(() => running.delete(piece));
      running.add(piece);
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
