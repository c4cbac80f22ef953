import { read } from 'read';
import { AdminCommandError } from './create-user';

export interface PasswordSource {
  env: NodeJS.ProcessEnv;
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream;
}

const MAX_PIPED_BYTES = 64 * 1024;

async function firstLine(input: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += chunk.toString();
    if (text.includes('\n') || text.length > MAX_PIPED_BYTES) break;
  }
  return text.split(/\r?\n/, 1)[0] ?? '';
}

/**
 * A command's password, never from its arguments (they show in the process list and the shell history):
 * PRODUCTHUB_PASSWORD, else typed at a prompt that does not echo (a terminal), else the first line of
 * standard input (a pipe or a file). `confirm` asks a person typing it twice.
 */
export async function readPassword({ env, input, output }: PasswordSource, { confirm = false } = {}): Promise<string> {
  if (env.PRODUCTHUB_PASSWORD) return env.PRODUCTHUB_PASSWORD;
  if (!input.isTTY) return firstLine(input);
  const password = await read({ prompt: 'Password: ', silent: true, replace: '', input, output });
  if (
    confirm &&
    (await read({ prompt: 'Repeat the password: ', silent: true, replace: '', input, output })) !== password
  ) {
    throw new AdminCommandError('The two passwords differ.');
  }
  return password;
}

export const PASSWORD_IN_ARGUMENTS =
  '--password is no longer accepted (the command line shows in the process list and the shell history): set PRODUCTHUB_PASSWORD, pipe the password on standard input, or type it when asked.';
