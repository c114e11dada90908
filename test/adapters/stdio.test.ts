// The stdio channel ends the defense gently: stdin's EOF, a grace period, then SIGTERM and SIGKILL
// to its process group.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GRACE_MS, DEFAULT_KILL_MS, StdioChannel, type StdioOptions } from '../../src/adapters/stdio.js';

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
