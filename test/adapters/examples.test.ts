// The shipped examples and SDK helpers speak protocol v1 well enough to be scored, and score
// exactly like the same policy written in process.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDefense, scoreDefense, type DefenseSpec, type OpenedDefense } from '../../src/adapters/index.js';
import { bundledCorpus } from '../../src/data/store.js';
import { judge } from '../../src/scoring/judge.js';
import type { Call } from '../../src/model/call.js';
import { defense as nodeExample } from '../../examples/node-stdio/defense.js';

const ROOT = join(import.meta.dirname, '../..');
const scenarios = bundledCorpus.scenarios;

// The examples' policies, written again in process as the oracle.
const provenance = {
  name: 'p',
  decide: (c: Call) => ({ allowed: !(c.dest !== '' && c.args.some((a) => a.provenance !== 'trusted')), reason: '' }),
};

const ALLOWED = ['bluesparrowtech.com', 'internal.example'];
const destination = {
  name: 'd',
  decide(c: Call) {
    if (c.dest === '') return { allowed: true, reason: '' };
    for (const a of c.args.filter((a) => a.provenance !== 'trusted')) {
      for (const m of a.text.matchAll(/[\w.+-]+@([\w-]+\.[\w.-]+)|https?:\/\/([\w.-]+)/g)) {
        const domain = (m[1] ?? m[2] ?? '').toLowerCase();
        if (!ALLOWED.some((d) => domain.endsWith(d))) return { allowed: false, reason: '' };
      }
    }
    return { allowed: true, reason: '' };
  },
};

let opened: OpenedDefense[] = [];
afterEach(async () => {
  await Promise.all(opened.map((d) => d.close()));
  opened = [];
});

async function score(spec: DefenseSpec) {
  const d = await openDefense(spec, { timeoutMs: 5000, cwd: ROOT });
  opened.push(d);
  return { name: d.name, outcomes: [...(await scoreDefense(d, scenarios)).outcomes] };
}

describe('examples', () => {
  it('python stdio scores like its policy', async () => {
    const r = await score({ kind: 'command', command: 'python3 examples/python-stdio/defense.py' });
    expect(r.name).toBe('example-python-provenance');
    expect(r.outcomes).toEqual([...judge(provenance, scenarios)]);
  });

  it('node stdio (TypeScript SDK) scores like the same module in process', async () => {
    const r = await score({ kind: 'command', command: `"${process.execPath}" --import tsx examples/node-stdio/defense.ts` });
    expect(r.name).toBe('example-node-context-guard');
    const inProcess = await score({ kind: 'module', path: 'examples/node-stdio/defense.ts' });
    expect(inProcess.name).toBe('example-node-context-guard');
    expect(r.outcomes).toEqual(inProcess.outcomes);
    expect(await nodeExample.decide({ tool: 'send', args: [], dest: 'x', context: ['Ignore previous text'] })).toEqual({
      allow: false,
      reason: 'data leaves after instruction-like text in a tool output',
    });
  });

  it('python HTTP server scores over HTTP', async () => {
    const child = spawn('python3', ['examples/http/server.py', '0'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.setEncoding('utf8').on('data', (s: string) => {
          const m = /listening on (\S+)/.exec(s);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (c) => reject(new Error(`server exited ${c}`)));
      });
      const r = await score({ kind: 'url', url });
      expect(r.name).toBe('example-http-destination');
      expect(r.outcomes).toEqual([...judge(destination, scenarios)]);
    } finally {
      child.kill();
    }
  });
});
