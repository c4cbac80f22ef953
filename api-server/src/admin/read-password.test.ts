/** @jest-environment node */
import { PassThrough } from 'node:stream';
import { readPassword } from './read-password';

function terminal(lines: string[]) {
  const input = Object.assign(new PassThrough(), { isTTY: true });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk) => (shown += chunk));
  // Typed one line at a time, as a person answers each prompt.
  let next = 0;
  output.on('data', () => {
    if (next < lines.length) setImmediate(() => input.write(`${lines[next++]}\n`));
  });
  return { source: { env: {}, input, output }, shown: () => shown };
}

describe('readPassword', () => {
  it('prefers PRODUCTHUB_PASSWORD', async () => {
    await expect(
      readPassword({
        env: { PRODUCTHUB_PASSWORD: 'From-Env-12345' },
        input: new PassThrough(),
        output: new PassThrough(),
      }),
    ).resolves.toBe('From-Env-12345');
  });

  it('reads the first line of piped input', async () => {
    const input = new PassThrough();
    input.end('Piped-Secret-123\r\nsecond line\n');
    await expect(readPassword({ env: {}, input, output: new PassThrough() })).resolves.toBe('Piped-Secret-123');
  });

  it('prompts on a terminal without echoing, twice when confirming', async () => {
    const { source, shown } = terminal(['Typed-Secret-123', 'Typed-Secret-123']);
    await expect(readPassword(source, { confirm: true })).resolves.toBe('Typed-Secret-123');
    expect(shown()).toContain('Password: ');
    expect(shown()).toContain('Repeat the password: ');
    expect(shown()).not.toContain('Typed-Secret');
  });

  it('refuses two different passwords', async () => {
    const { source } = terminal(['Typed-Secret-123', 'Typed-Secret-124']);
    await expect(readPassword(source, { confirm: true })).rejects.toThrow('The two passwords differ.');
  });
});
