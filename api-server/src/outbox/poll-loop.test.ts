import { startPollLoop } from './poll-loop';

describe('outbox poll loop', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const settle = () => jest.advanceTimersByTimeAsync(0);

  /** A loop (batches of 16) whose first pass has started; each pass records when it ran and ends on `finish`. */
  async function startedLoop(pollIntervalMs: number) {
    const started: number[] = [];
    let finish: (count: number) => void = () => undefined;
    const workOnce = () =>
      new Promise<number>((resolve) => {
        started.push(Date.now());
        finish = resolve;
      });
    const loop = startPollLoop(workOnce, { pollIntervalMs, batchSize: 16 });
    await settle();
    /** Ends the pass in progress with `count` rows claimed, and lets the loop decide when the next one runs. */
    const finishPass = async (count = 0) => {
      finish(count);
      await settle();
    };
    return { started, loop, finishPass };
  }

  it('polls every interval, and at once after a full batch', async () => {
    const { started, loop, finishPass } = await startedLoop(1_000);
    expect(started).toHaveLength(1);
    await finishPass(16);
    expect(started).toHaveLength(2);
    await finishPass(3);
    await jest.advanceTimersByTimeAsync(999);
    expect(started).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(started).toHaveLength(3);
    await finishPass();
    await loop.stop();
  });

  it('a wake-up runs a pass at once instead of waiting for the poll', async () => {
    const { started, loop, finishPass } = await startedLoop(60_000);
    await finishPass();
    loop.wake();
    await settle();
    expect(started).toHaveLength(2);
    await finishPass();
    await loop.stop();
  });

  it('a wake-up during a pass runs one more pass right after it (the new row may have been missed)', async () => {
    const { started, loop, finishPass } = await startedLoop(60_000);
    loop.wake();
    loop.wake();
    await settle();
    expect(started).toHaveLength(1);
    await finishPass();
    expect(started).toHaveLength(2);
    await finishPass();
    await jest.advanceTimersByTimeAsync(59_999);
    expect(started).toHaveLength(2);
    await loop.stop();
  });

  it('after stop, a wake-up runs nothing', async () => {
    const { started, loop, finishPass } = await startedLoop(60_000);
    await finishPass();
    await loop.stop();
    loop.wake();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(started).toHaveLength(1);
  });
});
