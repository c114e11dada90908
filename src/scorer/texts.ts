// The texts a score table must cover (docs/scorer.md#usage), read straight from the corpus file's JSON: this
// deliberately does not go through the corpus loaders or the classifier defense, so the key
// contract test (scorer keys == defense's needed keys) compares two independent computations.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { InputError } from '../model/errors.js';

/** Full lower-case hex SHA-256 of the text's UTF-8 bytes: the score-table key (docs/defenses.md#classifier-defenses). */
export function textKey(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

interface RawStep {
  args: { text: string }[];
  context: string[];
}
interface RawScenario {
  id: string;
  kind?: string;
  trace: RawStep[];
}
export interface RawCorpus {
  outputs: Record<string, string>;
  scenarios: RawScenario[];
}

/**
 * Read a corpus file, gzip-compressed (`.gz`, or gzip magic bytes) or plain JSON: an AgentDojo
 * corpus (`scenarios`, `outputs`), or an AgentDyn trajectory corpus (`runs`; its outputs are in
 * the shared `outputs.json.gz` one directory up, docs/agentdyn.md#files), whose calls read the
 * outputs of the earlier calls their `read` lists.
 */
export function readCorpusFile(path: string): RawCorpus {
  const json = readJson(path);
  if (typeof json === 'object' && json !== null && Array.isArray((json as { runs?: unknown }).runs)) return trajectoryTexts(json, path);
  return checkCorpus(json, path);
}

function readJson(path: string): unknown {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw new InputError(`cannot read corpus ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  let text: string;
  try {
    text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
  } catch (e) {
    throw new InputError(`cannot decompress corpus ${path}: ${(e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new InputError(`corpus ${path} is not JSON: ${(e as Error).message}`);
  }
  return json;
}

interface RawCall {
  args: { text: string }[];
  read: number[];
  returned: string | null;
}

/** A trajectory corpus as the texts see it: each call's context is the outputs of the calls it read. */
function trajectoryTexts(json: object, path: string): RawCorpus {
  const bad = (what: string): never => {
    throw new InputError(`corpus ${path}: ${what}`);
  };
  const outputsPath = join(dirname(dirname(path)), 'outputs.json.gz');
  const outputs = (readJson(outputsPath) as { outputs?: unknown }).outputs;
  if (typeof outputs !== 'object' || outputs === null) bad(`its outputs file ${outputsPath} has no "outputs" object`);
  const runs = (json as { runs: { id?: unknown; kind?: unknown; calls?: unknown }[] }).runs;
  const scenarios = runs.map((r): RawScenario => {
    if (!Array.isArray(r.calls)) bad(`run ${String(r.id)} has no "calls" array`);
    const calls = r.calls as RawCall[];
    return {
      id: String(r.id),
      kind: r.kind === 'benign' ? 'benign' : 'injection',
      trace: calls.map((c, i) => {
        if (!Array.isArray(c?.args) || !Array.isArray(c?.read)) bad(`call ${i} of run ${String(r.id)} lacks "args"/"read"`);
        return { args: c.args, context: c.read.flatMap((j) => (calls[j]?.returned ? [calls[j].returned] : [])) };
      }),
    };
  });
  return checkCorpus({ outputs, scenarios }, path);
}

function checkCorpus(json: unknown, path: string): RawCorpus {
  const bad = (what: string): never => {
    throw new InputError(`corpus ${path}: ${what}`);
  };
  if (typeof json !== 'object' || json === null) bad('not an object');
  const c = json as Record<string, unknown>;
  if (typeof c.outputs !== 'object' || c.outputs === null || Array.isArray(c.outputs)) bad('no "outputs" object');
  if (!Array.isArray(c.scenarios)) bad('no "scenarios" array');
  for (const v of Object.values(c.outputs as object)) if (typeof v !== 'string') bad('an output is not a string');
  for (const s of c.scenarios as unknown[]) {
    const sc = s as Record<string, unknown>;
    if (typeof sc !== 'object' || sc === null || !Array.isArray(sc.trace)) bad('a scenario has no "trace" array');
    for (const st of sc.trace as unknown[]) {
      const step = st as Record<string, unknown>;
      if (!Array.isArray(step?.args) || !Array.isArray(step?.context)) bad(`a step of ${String(sc.id)} lacks "args"/"context"`);
      for (const a of step.args as unknown[])
        if (typeof (a as { text?: unknown })?.text !== 'string') bad(`an arg of ${String(sc.id)} has no text`);
      for (const d of step.context as unknown[]) if (typeof d !== 'string') bad(`a context digest of ${String(sc.id)} is not a string`);
    }
  }
  return c as unknown as RawCorpus;
}

/** collect_texts: every context output and every non-empty arg list (joined with "\n") of every step. */
export function collectTexts(corpus: RawCorpus, benignOnly: boolean, into = new Map<string, string>()): Map<string, string> {
  for (const sc of corpus.scenarios) {
    if (benignOnly && sc.kind !== 'benign') continue;
    for (const step of sc.trace) {
      for (const digest of step.context) {
        const text = corpus.outputs[digest];
        if (text === undefined) throw new InputError(`scenario ${sc.id} references missing output ${digest}`);
        into.set(textKey(text), text);
      }
      if (step.args.length > 0) {
        const text = step.args.map((a) => a.text).join('\n');
        into.set(textKey(text), text);
      }
    }
  }
  return into;
}

/** load_texts: all texts of the corpus plus the benign-only texts of the benign corpus; key → text. */
export function loadTexts(corpusPath: string, benignCorpusPath?: string): Map<string, string> {
  const texts = collectTexts(readCorpusFile(corpusPath), false);
  if (benignCorpusPath !== undefined) collectTexts(readCorpusFile(benignCorpusPath), true, texts);
  return new Map([...texts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
