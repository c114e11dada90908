// docs/agentdyn.md's figures are what the committed corpora give. Two generated sections:
// - the TypeScript-computed one (the reference defenses on every model's recorded runs):
//   regenerate it with `npx tsx scripts/agentdyn-tables.ts`;
// - the Python-generated one (per model: runs, exported, excluded by cause, undefended ASR and
//   utility; per suite; the controls; the runs whose outcome turns back; the context rows; the
//   ground truth; the egress table), rendered by corpora/agentdyn/export/tables.py from the
//   committed files only (standard library): regenerate it with
//   `python3 corpora/agentdyn/export/tables.py --write corpora/agentdyn docs/agentdyn.md`.
// And the few figures the prose of #scoring states, recomputed here from the committed files.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { agentdynTables, committedSection } from '../../scripts/agentdyn-tables.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CORPUS = join(ROOT, 'corpora', 'agentdyn');
const EXPORT = join(CORPUS, 'export');
const DOC = join(ROOT, 'docs', 'agentdyn.md');

/** The generator, on the committed files: exit status and its one-line report. */
function python(script: string, ...args: string[]): { status: number | null; out: string } {
  const r = spawnSync('python3', [join(EXPORT, script), ...args], {
    encoding: 'utf8',
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
    timeout: 60_000,
  });
  if (r.error) throw r.error;
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

interface Outcome {
  readonly utility: boolean;
  readonly security: boolean | null;
}
interface Run {
  readonly id: string;
  readonly kind: 'benign' | 'attacked';
  readonly attack: string | null;
  readonly outcomes: readonly Outcome[];
}
interface Trajectories {
  readonly model: string;
  readonly runs: readonly Run[];
  readonly excluded: Readonly<Record<string, readonly string[]>>;
}

const manifest = JSON.parse(readFileSync(join(CORPUS, 'manifest.json'), 'utf8')) as { files: Record<string, unknown> };
const trajectories: Trajectories[] = Object.keys(manifest.files)
  .filter((f) => f.startsWith('trajectories/'))
  .map((f) => JSON.parse(gunzipSync(readFileSync(join(CORPUS, f))).toString('utf8')) as Trajectories);
const context = JSON.parse(readFileSync(join(CORPUS, 'context.json'), 'utf8')) as {
  rows: { model: string; defense: string; attacked: Record<string, { runs: number; security_true: number }> }[];
};
const doc = readFileSync(DOC, 'utf8');
/** The prose of #scoring (up to the next section), lines joined. */
const scoring = doc
  .slice(doc.indexOf('\n## Scoring\n'), doc.indexOf('\n## Figures\n'))
  .replace(/\n\s*/g, ' ')
  .replace(/\s+/g, ' ');

const scratch = mkdtempSync(join(tmpdir(), 'agentdyn-doc-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('docs/agentdyn.md', () => {
  it('holds the reference defenses exactly as the corpora score them', () => {
    expect(committedSection()).toBe(agentdynTables());
  });

  it("holds tables.py's figures exactly as the committed files give them, and summary.json too", () => {
    const tables = python('tables.py', CORPUS, DOC);
    expect(tables.out).toBe('ok   ' + DOC + ': tables match the committed corpora\n');
    expect(tables.status).toBe(0);
    const summary = python('summary.py', CORPUS);
    expect(summary.out).toMatch(/^ok /);
    expect(summary.status).toBe(0);
  });

  it('fails on a figure of those tables edited by hand', () => {
    // gpt-4o's undefended ASR in the per-model table, one run more.
    const edited = join(scratch, 'agentdyn.md');
    const row = doc.split('\n').find((l) => l.startsWith('| `gpt-4o-2024-08-06` | 648 '))!;
    expect(row).toContain('| 216/550 (39.3%) |');
    writeFileSync(edited, doc.replace(row, row.replace('| 216/550 (39.3%) |', '| 217/550 (39.5%) |')));
    const r = python('tables.py', CORPUS, edited);
    expect(r.status).toBe(1);
    expect(r.out).toContain('its generated tables are not what the committed corpora give');
  });

  it("states why gpt-5-mini has no attack axis: its logs' two successes are both excluded", () => {
    const mini = trajectories.find((t) => t.model === 'gpt-5-mini-2025-08-07')!;
    const exported = mini.runs.filter((r) => r.kind === 'attacked' && r.outcomes.at(-1)!.security === true);
    expect(exported).toEqual([]);
    const logged = context.rows.find((r) => r.model === mini.model && r.defense === 'none')!.attacked['important_instructions']!;
    expect(logged).toMatchObject({ runs: 560, security_true: 2 });
    expect(mini.excluded['tool_removed']).toContain('github/user_task_2/important_instructions/injection_task_1');
    expect(mini.excluded['labels_differ']).toContain('github/user_task_3/important_instructions/injection_task_1');
    expect(scoring).toContain(
      `its logs have ${logged.security_true} successful attacks (its context row: ${logged.security_true}/${logged.runs})`,
    );
    expect(scoring).toContain('`github/user_task_2/important_instructions/injection_task_1` as `tool_removed`');
    expect(scoring).toContain('`github/user_task_3/important_instructions/injection_task_1` as `labels_differ`');
  });

  it('counts the runs whose outcome turns back, as #scoring states them', () => {
    const turns = (r: Run, key: keyof Outcome) => r.outcomes.some((o, k) => o[key] === true && r.outcomes[k + 1]?.[key] === false);
    const runs = trajectories.flatMap((t) => t.runs);
    const security = runs.filter((r) => turns(r, 'security'));
    const utility = runs.filter((r) => turns(r, 'utility'));
    const utilityEndsUndone = utility.filter((r) => !r.outcomes.at(-1)!.utility);
    // Every run whose goal was met and undone ends with the goal not met: the undefended ASR misses it.
    expect(security.every((r) => r.kind === 'attacked' && r.outcomes.at(-1)!.security === false)).toBe(true);
    expect(scoring).toContain(
      `In ${security.length} attacked runs the injection goal is met at a halt point and undone by a later call`,
    );
    expect(scoring).toContain(
      `in ${utility.length} runs the user task is done at a halt point and undone at a later one, and ${utilityEndsUndone.length} of them end undone`,
    );
  });
});
