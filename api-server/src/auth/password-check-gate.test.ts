import { createPasswordCheckGate } from './password-check-gate';

describe('password check gate', () => {
  it('runs up to its cap at once and refuses the next at once, then frees the slot', async () => {
    const gate = createPasswordCheckGate(2);
    const releases: Array<() => void> = [];
    const held = () => new Promise<string>((resolve) => releases.push(() => resolve('checked')));
    const first = gate.run(held);
    const second = gate.run(held);
    await expect(gate.run(async () => 'third')).resolves.toBeUndefined();
    expect(gate.inFlight()).toBe(2);
    releases.forEach((release) => release());
    await expect(Promise.all([first, second])).resolves.toEqual(['checked', 'checked']);
    await expect(gate.run(async () => 'again')).resolves.toBe('again');
    expect(gate.inFlight()).toBe(0);
  });

  it('frees the slot when a check fails', async () => {
    const gate = createPasswordCheckGate(1);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 'ok')).resolves.toBe('ok');
  });
});
