import { startPollLoop } from './poll-loop';

describe('outbox poll loop', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A pass that records when it ran and finishes when `finish()` is called. */
  function passes() {
    const started: number[] = [];
    let finish: (count: number) => void = () => undefined;
    const workOnce = () =>
      new Promise<number>((resolve) => {
        started.push(Date.now());
        finish = resolve;
      });
    return { started, workOnce, finish: (count = 0) => finish(count) };
  }

  const settle = () => jest.advanceTimersByTimeAsync(0);

  it('polls every interval, and at once after a full batch', async () => {
    const p = passes();
    const loop = startPollLoop(p.workOnce, { pollIntervalMs: 1_000, batchSize: 16 });
    await settle();
    expect(p.started).toHaveLength(1);
    p.finish(16);
    await settle();
    expect(p.started).toHaveLength(2);
    p.finish(3);
    await jest.advanceTimersByTimeAsync(999);
    expect(p.started).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(p.started).toHaveLength(3);
    p.finish();
    await loop.stop();
  });

  it('a wake-up runs a pass at once instead of waiting for the poll', async () => {
    const p = passes();
    const loop = startPollLoop(p.workOnce, { pollIntervalMs: 60_000, batchSize: 16 });
    await settle();
    p.finish();
    await settle();
    expect(p.started).toHaveLength(1);
    loop.wake();
    await settle();
    expect(p.started).toHaveLength(2);
    p.finish();
    await loop.stop();
  });

  it('a wake-up during a pass runs one more pass right after it (the new row may have been missed)', async () => {
    const p = passes();
    const loop = startPollLoop(p.workOnce, { pollIntervalMs: 60_000, batchSize: 16 });
    await settle();
    loop.wake();
    loop.wake();
    await settle();
    expect(p.started).toHaveLength(1);
    p.finish();
    await settle();
    expect(p.started).toHaveLength(2);
    p.finish();
    await settle();
    await jest.advanceTimersByTimeAsync(59_999);
    expect(p.started).toHaveLength(2);
    await loop.stop();
  });

  it('after stop, a wake-up runs nothing', async () => {
    const p = passes();
    const loop = startPollLoop(p.workOnce, { pollIntervalMs: 60_000, batchSize: 16 });
    await settle();
    p.finish();
    await loop.stop();
    loop.wake();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(p.started).toHaveLength(1);
  });
});
