import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

/** A virtual X display (Xvfb) for a desktop app under test; `stop()` ends it. */
export interface XDisplay {
  /** The DISPLAY value, e.g. ":99". */
  display: string;
  stop: () => void;
}

/** Starts Xvfb on a free display number (it prints the number it took on the descriptor -displayfd names). */
export function startXvfb(): Promise<XDisplay> {
  const xvfb: ChildProcess = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1024x768x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  let errors = '';
  xvfb.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  return new Promise((ready, failed) => {
    xvfb.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      const number = /^(\d+)\n/.exec(printed);
      if (number) ready({ display: `:${number[1]}`, stop: () => xvfb.kill() });
    });
    xvfb.on('error', (error) => failed(new Error(`Xvfb did not start (apt-get install xvfb): ${error.message}`)));
    xvfb.on('exit', (code) => failed(new Error(`Xvfb ended (${code}): ${errors}`)));
  });
}

/** Runs xdotool on `display`; answers its output, throws with its error when it fails. */
export function xdotool(display: string, args: string[], timeoutMs = 20_000): string {
  const result = spawnSync('xdotool', args, {
    env: { ...process.env, DISPLAY: display },
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  if (result.error) throw new Error(`xdotool ${args.join(' ')}: ${result.error.message} (apt-get install xdotool)`);
  if (result.status !== 0) throw new Error(`xdotool ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return result.stdout.trim();
}

/** The window whose title is `title` once it is shown, and its size. */
export function findWindow(display: string, title: string): { id: string; width: number; height: number } {
  const id = xdotool(display, ['search', '--sync', '--onlyvisible', '--name', `^${title}$`]).split('\n')[0];
  const geometry = xdotool(display, ['getwindowgeometry', '--shell', id]);
  const value = (name: string) => Number(new RegExp(`^${name}=(\\d+)$`, 'm').exec(geometry)?.[1]);
  return { id, width: value('WIDTH'), height: value('HEIGHT') };
}

/** A left click at (x, y) inside the window, as a user's mouse gives it. */
export function clickInWindow(display: string, windowId: string, x: number, y: number): void {
  xdotool(display, ['mousemove', '--window', windowId, '--sync', String(x), String(y), 'click', '1']);
}
