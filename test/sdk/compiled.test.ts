// The TypeScript SDK as shipped: dist/sdk/index.js and index.d.ts, exactly what tsc makes of
// src/sdk/index.ts (CI fails on a stale dist/), imported as `agent-defense-eval/sdk` through
// package.json's exports by plain Node (no tsx) and by a TypeScript consumer's type check.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDefense, scoreDefense, type OpenedDefense } from '../../src/adapters/index.js';
import { CorpusStore } from '../../src/data/store.js';
import { tally } from '../../src/scoring/tally.js';

const ROOT = join(import.meta.dirname, '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

// A defense author's project with agent-defense-eval installed (a link to this checkout).
const project = mkdtempSync(join(tmpdir(), 'ade-sdk-consumer-'));
mkdirSync(join(project, 'node_modules'));
symlinkSync(ROOT, join(project, 'node_modules/agent-defense-eval'), 'dir');
writeFileSync(join(project, 'package.json'), '{"type":"module"}');
writeFileSync(
  join(project, 'defense.mjs'),
  `import { defineDefense, PROTOCOL_VERSION } from 'agent-defense-eval/sdk';
// Ask before data goes somewhere the user's prompt does not name.
export default defineDefense({
  name: 'plain-node-' + PROTOCOL_VERSION,
  stateless: true,
  decide: (call, session) =>
    call.dest !== '' && !(session.prompt ?? '').includes(call.dest) ? { decision: 'ask', reason: 'not in the prompt' } : 'allow',
});
`,
);
writeFileSync(join(project, 'main.mjs'), `import defense from './defense.mjs';\nawait defense.serveStdio();\n`);

describe('dist/sdk', () => {
  it('is what tsc makes of src/sdk/index.ts, byte for byte', () => {
    const out = mkdtempSync(join(tmpdir(), 'ade-sdk-build-'));
    const p = spawnSync(process.execPath, [TSC, '-p', join(ROOT, 'src/sdk/tsconfig.json'), '--outDir', out], { encoding: 'utf8' });
    expect(p.status, p.stdout + p.stderr).toBe(0);
    for (const f of ['index.js', 'index.d.ts']) {
      expect(readFileSync(join(ROOT, 'dist/sdk', f), 'utf8'), `dist/sdk/${f} is stale: npm run build`).toBe(
        readFileSync(join(out, f), 'utf8'),
      );
    }
  });

  it("is package.json's export ./sdk, with its types", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    expect(pkg.exports['./sdk']).toEqual({ types: './dist/sdk/index.d.ts', import: './dist/sdk/index.js' });
  });

  it('type-checks a TypeScript consumer importing agent-defense-eval/sdk', () => {
    writeFileSync(
      join(project, 'typed.ts'),
      `import { defineDefense, type Session } from 'agent-defense-eval/sdk';
export const d = defineDefense<{ seen: number }>({
  name: 'typed',
  initialState: () => ({ seen: 0 }),
  decide(call, session: Session<{ seen: number }>) {
    session.state.seen += call.trace.filter((s) => s.read).length;
    return call.args.some((a) => a.name === 'recipient') ? { decision: 'ask', reason: session.suite } : 'allow';
  },
});
export const v1 = defineDefense({ name: 'v1', protocol: 1, decide: (call) => ({ allow: call.context.length === 0 }) });
// @ts-expect-error: protocol 2 has no "context"
defineDefense({ name: 'wrong', decide: (call) => (call.context ? 'allow' : 'deny') });
`,
    );
    const args = [TSC, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022'];
    const p = spawnSync(process.execPath, [...args, '--typeRoots', join(ROOT, 'node_modules/@types'), '--types', 'node', 'typed.ts'], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(p.status, p.stdout + p.stderr).toBe(0);
  });

  describe('imported by plain Node', () => {
    const opened: OpenedDefense[] = [];
    afterAll(() => Promise.all(opened.map((d) => d.close())));
    const corpus = new CorpusStore().pairs();

    it('serves stdio, and scores like the same module in process', async () => {
      const stdio = await openDefense({ kind: 'command', command: `"${process.execPath}" main.mjs` }, { timeoutMs: 10_000, cwd: project });
      const module = await openDefense({ kind: 'module', path: join(project, 'defense.mjs') }, { timeoutMs: 10_000 });
      opened.push(stdio, module);
      expect([stdio.name, stdio.protocol, module.name, module.protocol, module.stateless]).toEqual([
        'plain-node-2',
        2,
        'plain-node-2',
        2,
        true,
      ]);
      const a = await scoreDefense(stdio, corpus);
      const b = await scoreDefense(module, corpus);
      expect([...a.outcomes]).toEqual([...b.outcomes]);
      const r = tally('plain', a.outcomes, undefined, a.asks);
      expect(r.confirmations).toBeGreaterThan(0);
      expect(r.injections_blocked).toBeGreaterThan(0);
    });
  });
});
