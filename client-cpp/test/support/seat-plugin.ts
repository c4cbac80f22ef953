import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

// The example plugin (built by `make`) run the way the seat tests run it: one command to its end, or `checkout` held
// by FloatingSeat until the test stops it.
const PLUGIN = join(__dirname, '..', '..', 'build', 'producthub-plugin');

export interface PluginRun {
  exit: number;
  output: Record<string, unknown>;
}

/** Runs the plugin with `args` to its end: its exit code and the JSON object it printed. */
export function runPlugin(args: string[]): Promise<PluginRun> {
  return new Promise((resolve) => {
    execFile(PLUGIN, args, (error, stdout) =>
      resolve({ exit: error ? Number(error.code) : 0, output: JSON.parse(stdout) as Record<string, unknown> }),
    );
  });
}

/**
 * Starts the plugin with `args` (a `checkout` with `--hold-seconds`) and resolves once FloatingSeat holds the seat.
 * The child joins `running`, for the test to kill whatever is left.
 */
export async function holdSeat(args: string[], running: ChildProcess[]) {
  const child = spawn(PLUGIN, args);
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const ended = new Promise<PluginRun>((resolve) =>
    child.on('exit', (code, signal) =>
      resolve({
        exit: code ?? (signal === 'SIGKILL' ? -9 : -1),
        output: stdout ? (JSON.parse(stdout) as Record<string, unknown>) : {},
      }),
    ),
  );
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('Holding the seat')) resolve();
    });
    child.on('exit', () => reject(new Error(`the plugin ended before holding the seat: ${stdout} ${stderr}`)));
  });
  return { child, ended, stderr: () => stderr };
}
