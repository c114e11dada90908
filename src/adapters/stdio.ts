// Protocol v1 over a child process's stdio: JSON Lines in both directions, stderr kept as a tail
// for error messages. The command runs through the shell, as the user wrote it in the workflow.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Channel, ChannelEvents } from './external.js';

const TAIL_BYTES = 4096;
const TAIL_LINES = 20;

export interface StdioOptions {
  cwd?: string | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  /** Also copy the defense's stderr here as it arrives (the action's log). */
  echoStderr?: ((chunk: string) => void) | undefined;
}

export class StdioChannel implements Channel {
  readonly label: string;
  private child: ChildProcess | undefined;
  private stderrTail = '';
  private closing = false;
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
    this.exited = new Promise((resolve) => child.once('close', () => resolve()));
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

  notify(line: string): void {
    this.send(line);
  }

  tail(): string {
    return this.stderrTail
      .split('\n')
      .slice(-TAIL_LINES - 1)
      .join('\n');
  }

  /** End stdin so a well-behaved defense exits; kill it if it lingers. */
  async close(): Promise<void> {
    if (this.closing || !this.child) return;
    this.closing = true;
    this.child.stdin?.end();
    const timer = setTimeout(() => this.signal('SIGKILL'), 2000);
    this.signal('SIGTERM');
    await this.exited;
    clearTimeout(timer);
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
