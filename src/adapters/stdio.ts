// Protocol v1 over a child process's stdio: JSON Lines in both directions, stderr kept as a tail
// for error messages and echoed, bounded and neutralised, to the log. The command runs through
// the shell, as the user wrote it in the workflow.
import { spawn, type ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import type { Channel, ChannelEvents } from './external.js';
import { MAX_MESSAGE_BYTES } from './protocol.js';

const TAIL_BYTES = 4096;
const TAIL_LINES = 20;

/** What the echo puts before every line of the defense's stderr: no echoed line can start with `::`. */
export const ECHO_PREFIX = 'defense | ';
export const DEFAULT_ECHO_CAP_BYTES = 1024 * 1024;
export const DEFAULT_GRACE_MS = 5000;
export const DEFAULT_KILL_MS = 2000;
/** A stderr "line" longer than this is echoed in pieces, so an endless line cannot hold the echo back. */
const MAX_ECHO_LINE = 16 * 1024;

export interface StdioOptions {
  cwd?: string | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  /**
   * Also copy the defense's stderr here as it arrives (the action's log): whole lines, each
   * starting with ECHO_PREFIX and ending with "\n", up to echoCapBytes of it, then one closing note.
   */
  echoStderr?: ((text: string) => void) | undefined;
  /** How much of the defense's stderr to echo; the rest is counted, not shown. Default 1 MiB. */
  echoCapBytes?: number | undefined;
  /** After stdin ends, how long the defense may take to exit by itself before SIGTERM. Default 5 s. */
  graceMs?: number | undefined;
  /** After SIGTERM, how long before SIGKILL. Default 2 s. */
  killMs?: number | undefined;
}

export class StdioChannel implements Channel {
  readonly label: string;
  private child: ChildProcess | undefined;
  private stderrTail = '';
  private echo: StderrEcho | undefined;
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
    const echo = this.opts.echoStderr;
    if (echo) this.echo = new StderrEcho(echo, this.opts.echoCapBytes ?? DEFAULT_ECHO_CAP_BYTES);
    const decoder = new StringDecoder('utf8');
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = decoder.write(chunk);
      this.stderrTail = (this.stderrTail + text).slice(-TAIL_BYTES);
      this.echo?.push(text, chunk.length);
    });
    // EPIPE when the defense has died: the 'close' event below reports how it died.
    child.stdin!.on('error', () => {});
    // JSON Lines, split here rather than by readline: a line is bounded (MAX_MESSAGE_BYTES), so a
    // defense writing without newlines fails with a message instead of filling the gate's memory.
    const out = new StringDecoder('utf8');
    let partial = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      if (this.closing) return;
      const lines = (partial + out.write(chunk)).split('\n');
      partial = lines.pop()!;
      for (const l of lines) if (!this.closing) events.line(l.endsWith('\r') ? l.slice(0, -1) : l);
      if (partial.length > MAX_MESSAGE_BYTES && !this.closing) {
        partial = '';
        events.closed(`wrote a line longer than ${MAX_MESSAGE_BYTES} characters to stdout (is it logging to stdout? log to stderr)`);
      }
    });
    child.stdout!.on('end', () => {
      if (partial !== '' && !this.closing) events.line(partial);
      partial = '';
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

  notify(line: string): Promise<void> {
    this.send(line);
    return Promise.resolve();
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
    this.echo?.end();
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

/**
 * The defense's stderr on its way to the log. GitHub Actions runs any log line that starts with
 * `::` as a workflow command (`::add-mask::`, `::stop-commands::`, …) and, like .NET's ReadLine,
 * starts a new line at a lone "\r" as well as at "\n": so every line the defense writes, whatever
 * ends it, is echoed after ECHO_PREFIX, and a line that reaches the log never starts with `::`.
 * The echo stops at a line boundary once `capBytes` would be exceeded; the rest is counted and
 * summarised in one note at the end.
 */
export class StderrEcho {
  private partial = '';
  private shown = 0;
  private dropped = 0;
  private full = false;
  private ended = false;

  constructor(
    private readonly write: (text: string) => void,
    private readonly capBytes: number,
  ) {}

  /** `text` decoded from `bytes` bytes of stderr. */
  push(text: string, bytes: number): void {
    if (this.ended) return;
    if (this.full) {
      this.dropped += bytes;
      return;
    }
    const all = this.partial + text;
    // A "\r" at the very end may be the first half of "\r\n": it waits for the next chunk.
    const breaks = /\r\n|\r(?!$)|\n/g;
    let start = 0;
    for (let m = breaks.exec(all); m; m = breaks.exec(all)) {
      this.line(all.slice(start, m.index), m[0].length);
      start = m.index + m[0].length;
    }
    this.partial = all.slice(start);
    while (this.partial.length > MAX_ECHO_LINE) {
      this.line(this.partial.slice(0, MAX_ECHO_LINE), 0);
      this.partial = this.partial.slice(MAX_ECHO_LINE);
    }
  }

  /** The defense is gone: echo its unfinished last line and say how much was not shown. */
  end(): void {
    if (this.ended) return;
    const cr = this.partial.endsWith('\r');
    const last = cr ? this.partial.slice(0, -1) : this.partial;
    this.partial = '';
    if (last !== '') this.line(last, cr ? 1 : 0);
    this.ended = true;
    if (this.dropped > 0) {
      this.write(`… ${this.dropped} bytes of the defense's stderr were not shown (cap ${this.capBytes} bytes)\n`);
    }
  }

  private line(text: string, terminatorBytes: number): void {
    const bytes = Buffer.byteLength(text) + terminatorBytes;
    if (!this.full && this.shown + bytes <= this.capBytes) {
      this.shown += bytes;
      this.write(`${ECHO_PREFIX}${text}\n`);
    } else {
      this.full = true;
      this.dropped += bytes;
    }
  }
}
