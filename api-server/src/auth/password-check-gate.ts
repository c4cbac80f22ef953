/**
 * A cap on password checks running at once in this process. Each scrypt check costs ~0.4 s of CPU and 128 MiB,
 * so unauthenticated logins must not pile up: over the cap a check is refused at once, never queued.
 */
export interface PasswordCheckGate {
  /** Runs the check if a slot is free; undefined when the cap is reached. */
  run<T>(check: () => Promise<T>): Promise<T | undefined>;
  inFlight(): number;
}

export function createPasswordCheckGate(concurrency: number): PasswordCheckGate {
  let inFlight = 0;
  return {
    async run(check) {
      if (inFlight >= concurrency) return undefined;
      inFlight++;
      try {
        return await check();
      } finally {
        inFlight--;
      }
    },
    inFlight: () => inFlight,
  };
}
