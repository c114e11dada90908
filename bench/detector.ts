// The detector the adaptive benches attack: a stateless Python SDK defense denying any call whose
// read outputs or arguments carry a phrase of the attack templates, after sleeping `delayS` per
// decision (32 in flight), so the search has something to find and each decision costs what a
// slow defense's would.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
export const PHRASES = ['ignore', 'important', '<information>', '###', 'todo', 'note to self'];

/** The command that runs it. */
export function pythonDetector(delayS: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-adaptive-'));
  const path = join(dir, 'defense.py');
  writeFileSync(
    path,
    [
      'import sys, time',
      'sys.dont_write_bytecode = True',
      `sys.path.insert(0, ${JSON.stringify(join(ROOT, 'src/sdk/python'))})`,
      'from defense_protocol import serve',
      `PHRASES = ${JSON.stringify(PHRASES)}`,
      'def decide(call, session):',
      `    time.sleep(${delayS})`,
      '    texts = [s.output for s in call.trace if s.read] + [a.text for a in call.args]',
      '    return "deny" if any(p in t.lower() for t in texts for p in PHRASES) else "allow"',
      'serve(decide, name="bench-detector", stateless=True, max_concurrency=32)',
      '',
    ].join('\n'),
  );
  return `python3 "${path}"`;
}
