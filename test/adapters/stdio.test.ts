// The stdio channel's two duties besides the protocol: ending the defense gently (stdin's EOF, a
// grace period, then SIGTERM and SIGKILL to its process group) and echoing its stderr to the
// action's log bounded and neutralised (no line of it can become a workflow command).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { openDefense, scoreDefense } from '../../src/adapters/index.js';
import {
  DEFAULT_ECHO_CAP_BYTES,
  DEFAULT_GRACE_MS,
  DEFAULT_KILL_MS,
  ECHO_PREFIX,
  StderrEcho,
  StdioChannel,
  type StdioOptions,
} from '../../src/adapters/stdio.js';
import { bundledCorpus } from '../../src/data/store.js';

const dir = mkdtempSync(join(tmpdir(), 'stdio-channel-'));
let n = 0;
const marker = () => join(dir, `marker-${n++}`);
/** A command running `script` (CommonJS) with this Node: the script lives in a file, away from shell quoting. */
const node = (script: string) => {
  const path = join(dir, `script-${n++}.cjs`);
  writeFileSync(path, script);
  return `"${process.execPath}" "${path}"`;
};

/** Open a channel on `command`, collecting its stdout lines and whether it closed unasked. */
function open(command: string, opts: StdioOptions = {}) {
  const channel = new StdioChannel(command, opts);
  const seen = { lines: [] as string[], closed: [] as string[] };
  channel.open({ line: (l) => seen.lines.push(l), closed: (why) => seen.closed.push(why) });
  return { channel, seen };
}

async function timedClose(channel: StdioChannel): Promise<number> {
  const t0 = performance.now();
  await channel.close();
  return performance.now() - t0;
}

/** Resolves once the process has written its "ready" line (it has set up its handlers). */
async function ready(seen: { lines: string[] }): Promise<void> {
  while (!seen.lines.includes('ready')) await new Promise((r) => setTimeout(r, 10));
}

/** Running (not gone, not a zombie waiting for whoever adopted it to reap it). */
const isAlive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};

describe('closing a stdio defense', () => {
  it('defaults: 5 s of grace after stdin ends, then SIGTERM, SIGKILL 2 s later', () => {
    expect([DEFAULT_GRACE_MS, DEFAULT_KILL_MS]).toEqual([5000, 2000]);
  });

  it('gives the defense its grace period to finish after stdin ends: no signal arrives', async () => {
    const m = marker();
    // On EOF it takes 300 ms to flush, then exits by itself; a SIGTERM would be written down.
    const { channel, seen } = open(
      node(`const fs=require('fs');process.on('SIGTERM',()=>{fs.writeFileSync(${JSON.stringify(m)},'SIGTERM');process.exit(9)});
process.stdin.resume();process.stdin.on('end',()=>setTimeout(()=>{fs.writeFileSync(${JSON.stringify(m)},'clean');process.stderr.write('flushed\\n');process.exit(0)},300));
console.log('ready')`),
      { graceMs: 3000 },
    );
    await ready(seen);
    const ms = await timedClose(channel);
    expect(readFileSync(m, 'utf8')).toBe('clean');
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(3000);
    expect(channel.tail()).toMatch(/flushed/);
    expect(seen.closed).toEqual([]); // its exit while closing is not a failure
  });

  it('SIGTERMs a defense that outlives the grace period', async () => {
    const m = marker();
    const { channel, seen } = open(
      node(`process.on('SIGTERM',()=>{require('fs').writeFileSync(${JSON.stringify(m)},'SIGTERM');process.exit(0)});
setInterval(()=>{},1000);console.log('ready')`),
      { graceMs: 200, killMs: 5000 },
    );
    await ready(seen);
    const ms = await timedClose(channel);
    expect(readFileSync(m, 'utf8')).toBe('SIGTERM');
    expect(ms).toBeGreaterThanOrEqual(190);
    expect(ms).toBeLessThan(4000);
  });

  it('SIGKILLs the whole process group when SIGTERM is ignored, grandchildren included', async () => {
    const pidFile = marker();
    // The shell starts a background grandchild that holds stderr open, then a defense that
    // ignores both EOF and SIGTERM.
    const { channel, seen } = open(
      `sleep 60 & echo $! > "${pidFile}"; ${node(`process.on('SIGTERM',()=>{});setInterval(()=>{},1000);console.log('ready')`)}`,
      { graceMs: 100, killMs: 300 },
    );
    await ready(seen);
    const ms = await timedClose(channel);
    expect(ms).toBeGreaterThanOrEqual(390);
    expect(ms).toBeLessThan(3000);
    const sleeper = Number(readFileSync(pidFile, 'utf8'));
    for (let i = 0; i < 50 && isAlive(sleeper); i++) await new Promise((r) => setTimeout(r, 20));
    expect(isAlive(sleeper)).toBe(false);
  });

  it('every close() awaits the same end', async () => {
    const m = marker();
    const { channel, seen } = open(
      node(
        `process.stdin.resume();process.stdin.on('end',()=>setTimeout(()=>{require('fs').writeFileSync(${JSON.stringify(m)},'x');process.exit(0)},200));console.log('ready')`,
      ),
      { graceMs: 2000 },
    );
    await ready(seen);
    void channel.close();
    await channel.close();
    expect(existsSync(m)).toBe(true);
  });
});

describe("echoing the defense's stderr", () => {
  const echoed = async (script: string, opts: StdioOptions = {}) => {
    let log = '';
    const { channel } = open(node(script), { ...opts, echoStderr: (t) => (log += t) });
    await new Promise((r) => setTimeout(r, 10));
    await channel.close();
    return { log, channel };
  };
  /** The log as GitHub's runner reads it: lines end at \n, \r\n or a lone \r. */
  const runnerLines = (log: string) => log.split(/\r\n|\r|\n/).filter((l) => l !== '');

  it('prefixes every line, whatever ends it, so none can start with "::" (a workflow command)', async () => {
    const { log, channel } = await echoed(
      `process.stderr.write('::warning::pwned\\n\\r::error::x\\nprogress 10%\\rprogress 20%\\r\\n::add-mask::secret\\r');
process.stderr.write('\\n::stop-commands::tok\\r\\n');process.stderr.write('::notice::no newline at the end');`,
    );
    const lines = runnerLines(log);
    expect(lines).toEqual([
      `${ECHO_PREFIX}::warning::pwned`,
      `${ECHO_PREFIX}`,
      `${ECHO_PREFIX}::error::x`,
      `${ECHO_PREFIX}progress 10%`,
      `${ECHO_PREFIX}progress 20%`,
      `${ECHO_PREFIX}::add-mask::secret`,
      `${ECHO_PREFIX}::stop-commands::tok`,
      `${ECHO_PREFIX}::notice::no newline at the end`,
    ]);
    expect(log).not.toMatch(/\r/);
    expect(lines.filter((l) => l.trimStart().startsWith('::'))).toEqual([]);
    expect(channel.tail()).toMatch(/::warning::pwned/); // the error-message tail keeps the raw text
  });

  it('echoes up to the cap, then counts what it drops and says so once at the end', async () => {
    // 3 MiB in 1 KiB lines, then a last line the tail must still hold.
    const { log, channel } = await echoed(
      `const l='x'.repeat(1023)+'\\n';for(let i=0;i<3072;i++)process.stderr.write(l);process.stderr.write('the last line\\n')`,
      { echoCapBytes: 64 * 1024 },
    );
    const lines = log.split('\n').filter((l) => l !== '');
    const shown = lines.filter((l) => l.startsWith(ECHO_PREFIX));
    expect(shown.length).toBe(64);
    const total = 3072 * 1024 + 'the last line\n'.length;
    expect(lines.at(-1)).toBe(`… ${total - 64 * 1024} bytes of the defense's stderr were not shown (cap 65536 bytes)`);
    expect(lines.length).toBe(65);
    expect(channel.tail()).toMatch(/the last line\n?$/);
    expect(channel.tail().split('\n').length).toBeLessThanOrEqual(21);
  });

  it('says nothing extra when everything fit', async () => {
    const { log } = await echoed(`process.stderr.write('one\\ntwo\\n')`);
    expect(log).toBe(`${ECHO_PREFIX}one\n${ECHO_PREFIX}two\n`);
    expect(DEFAULT_ECHO_CAP_BYTES).toBe(1024 * 1024);
  });

  it('the production path (openDefense) echoes prefixed lines too', async () => {
    let log = '';
    const d = await openDefense(
      {
        kind: 'command',
        command: node(
          `process.stderr.write('::warning::from the defense\\n');console.log(JSON.stringify({protocol:1,name:'e'}));require('readline').createInterface({input:process.stdin}).on('line',l=>console.log(JSON.stringify({id:JSON.parse(l).id,allow:true})))`,
        ),
      },
      { timeoutMs: 5000, echoStderr: (t) => (log += t) },
    );
    await scoreDefense(d, bundledCorpus.scenarios);
    await d.close();
    expect(log).toBe(`${ECHO_PREFIX}::warning::from the defense\n`);
  });
});

describe('StderrEcho', () => {
  const collect = (cap = 1 << 20) => {
    const out: string[] = [];
    return { out, echo: new StderrEcho((t) => out.push(t), cap) };
  };
  const push = (echo: StderrEcho, s: string) => echo.push(s, Buffer.byteLength(s));

  it('joins a "\\r\\n" split across chunks into one line end', () => {
    const { out, echo } = collect();
    push(echo, 'a\r');
    push(echo, '\nb\r');
    push(echo, 'c');
    echo.end();
    expect(out).toEqual([`${ECHO_PREFIX}a\n`, `${ECHO_PREFIX}b\n`, `${ECHO_PREFIX}c\n`]);
  });

  it('echoes an endless line in prefixed pieces', () => {
    const { out, echo } = collect();
    push(echo, 'y'.repeat(40_000));
    expect(out.length).toBe(2);
    expect(out.every((l) => l.startsWith(ECHO_PREFIX))).toBe(true);
    echo.end();
    expect(out.join('').replaceAll(ECHO_PREFIX, '').replaceAll('\n', '')).toBe('y'.repeat(40_000));
  });

  it('stops at a line boundary and counts bytes, not characters', () => {
    const { out, echo } = collect(10);
    push(echo, 'éé\n'); // 5 bytes
    push(echo, 'ab\n'); // 3 bytes: 8 shown
    push(echo, 'abc\n'); // 4 bytes: over the cap, dropped
    push(echo, 'd\n'); // fits, but the echo has stopped: dropped
    echo.end();
    expect(out).toEqual([`${ECHO_PREFIX}éé\n`, `${ECHO_PREFIX}ab\n`, "… 6 bytes of the defense's stderr were not shown (cap 10 bytes)\n"]);
  });
});

describe('what a defense writes to stdout is bounded', () => {
  it('a line longer than MAX_MESSAGE_BYTES fails the defense with a message, not an unbounded buffer', async () => {
    // A hello, then 3 MiB without a newline (a defense printing a blob to stdout).
    const cmd = node(`
      process.stdout.write(JSON.stringify({ protocol: 1, name: 'blob', capabilities: { stateless: true } }) + '\\n');
      process.stdin.once('data', () => process.stdout.write('x'.repeat(3 * 1024 * 1024)));
      process.stdin.on('end', () => process.exit(0));
    `);
    const d = await openDefense({ kind: 'command', command: cmd }, { timeoutMs: 5000 });
    try {
      await expect(scoreDefense(d, bundledCorpus)).rejects.toThrow(/wrote a line longer than 1048576 characters to stdout.*log to stderr/);
    } finally {
      await d.close();
    }
  });

  it('lines split across chunks and ending in "\\r\\n" arrive whole and without the "\\r"', async () => {
    const { channel, seen } = open(node(`process.stdout.write('{"a":'); setTimeout(() => process.stdout.write('1}\\r\\nready\\n'), 50);`));
    await ready(seen);
    expect(seen.lines).toEqual(['{"a":1}', 'ready']);
    await channel.close();
  });
});
