// Protocol v1 over a child process's stdio: JSON Lines in both directions, stderr kept as a tail
// for error messages. The command runs through the shell, as the user wrote it in the workflow.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Channel, ChannelEvents } from './external.js';

const TAIL_BYTES = 4096;
const TAIL_LINES = 20;

export const DEFAULT_GRACE_MS = 5000;
export const DEFAULT_KILL_MS = 2000;

export interface StdioOptions {
  cwd?: string | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  /** Also copy the defense's stderr here as it arrives (the action's log). */
  echoStderr?: ((chunk: string) => void) | undefined;
  /** After stdin ends, how long the defense may take to exit by itself before SIGTERM. Default 5 s. */
  graceMs?: number | undefined;
  /** After SIGTERM, how long before SIGKILL. Default 2 s. */
  killMs?: number | undefined;
}

export class StdioChannel implements Channel {
  readonly label: string;
  private child: ChildProcess | undefined;
  private stderrTail = '';
  private closing = false;
  private closed: Promise<void> | undefined;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    private readonly command: string,
    private readonly opts: StdioOptions = {},
  ) {
    this.label = `command ${JSON.stringify(command)}`;
  }

  open(events: ChannelEvents): void {
    const child = spawn(this.command, {
      shell: true,
      cwd: this.opts.cwd,
      env: this.opts.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group, so closing it also ends whatever the shell started.
      detached: process.platform !== 'win32',
    });
    this.child = child;
    this.exited = new Promise((resolve) => {
      child.once('close', () => resolve());
      child.once('error', () => resolve());
    });
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-TAIL_BYTES);
      this.opts.echoStderr?.(chunk);
    });
    // EPIPE when the defense has died: the 'close' event below reports how it died.
    child.stdin!.on('error', () => {});
    createInterface({ input: child.stdout!, crlfDelay: Infinity }).on('line', (l) => {
      if (!this.closing) events.line(l);
    });
    child.once('error', (e) => {
      if (!this.closing) events.closed(`could not be started: ${e.message}`);
    });
    child.once('close', (code, signal) => {
      if (this.closing) return;
      events.closed(signal ? `was killed by signal ${signal}` : `exited with code ${code}`);
    });
  }

  send(line: string): void {
    this.child?.stdin?.write(line + '\n');
  }

  tail(): string {
    return this.stderrTail
      .split('\n')
      .slice(-TAIL_LINES - 1)
      .join('\n');
  }

  /**
   * End stdin and let the defense exit by itself (flushing its logs) within the grace period; then
   * SIGTERM its process group, and SIGKILL it if it still lingers. Every call awaits the same end.
   */
  close(): Promise<void> {
    if (!this.child) return Promise.resolve();
    this.closing = true;
    return (this.closed ??= this.shutdown(this.child));
  }

  private async shutdown(child: ChildProcess): Promise<void> {
    child.stdin?.end();
    if (!(await this.exitWithin(this.opts.graceMs ?? DEFAULT_GRACE_MS))) {
      this.signal('SIGTERM');
      if (!(await this.exitWithin(this.opts.killMs ?? DEFAULT_KILL_MS))) {
        this.signal('SIGKILL');
        // Something outside the group may still hold the pipes open: stop waiting for them.
        if (!(await this.exitWithin(this.opts.killMs ?? DEFAULT_KILL_MS))) {
          child.stdout?.destroy();
          child.stderr?.destroy();
        }
      }
    }
  }

  /** True when the defense is gone (and its pipes closed) within `ms`. */
  private async exitWithin(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    try {
      return await Promise.race([this.exited.then(() => true as const), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private signal(sig: NodeJS.Signals): void {
    const child = this.child!;
    try {
      if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, sig);
      else child.kill(sig);
    } catch {
      // already gone
    }
  }
}
