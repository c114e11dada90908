// The progress input: lines in the log while the defense is scored, at most one per interval; 0 writes none.
import { describe, expect, it } from 'vitest';
import { DirCache, policy, runAction, useFakeGitHub } from './harness.js';

const gh = useFakeGitHub();

/** A push run with a clock that moves 1 s every time it is read. */
async function pushed(progress: string | undefined) {
  let t = 0;
  const r = await runAction(
    { defense: policy('guard'), ...(progress === undefined ? {} : { progress }) },
    { name: 'push', sha: 'b'.repeat(40) },
    { apiUrl: gh.url, cache: new DirCache(), now: () => (t += 1000) },
  );
  return { ...r, seconds: t / 1000, lines: r.infos.filter((l) => l.startsWith('progress: ')) };
}

describe('input progress', () => {
  it('logs progress lines while the defense is scored, at most one per interval', async () => {
    const r = await pushed('2');
    expect(r.code).toBe(0);
    expect(r.lines.length).toBeGreaterThan(0);
    expect(r.lines.length).toBeLessThanOrEqual(Math.ceil(r.seconds / 2));
    for (const l of r.lines)
      expect(l).toMatch(
        /^progress: bundled, policy: \d+\/\d+ scenarios \(\d+\.\d%\), \d+ decisions, \d+\.\d decisions\/s, ETA (\d+:\d\d|unknown)$/,
      );
  });

  it('defaults to 10 seconds', async () => {
    const r = await pushed(undefined);
    expect(r.lines.length).toBeGreaterThan(0);
    expect(r.lines.length).toBeLessThanOrEqual(Math.ceil(r.seconds / 10));
  });

  it('logs none with 0, and the verdict is the same', async () => {
    const [on, off] = [await pushed('1'), await pushed('0')];
    expect(off.lines).toEqual([]);
    expect(off.outputs['verdict']).toBe(on.outputs['verdict']);
    expect(off.summary).toBe(on.summary);
  });
});
