// Key contract, scorer side: the texts the scorer collects from the raw corpus files are exactly the
// keys of the published score tables (scores/, made by the original Python scorer) for the same
// corpora. Each case runs when its corpus file is present (the paired corpus falls back to the
// published reference copy in ../shared).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTexts } from '../../src/scorer/texts.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const first = (...paths: string[]): string | undefined => paths.map((p) => join(root, p)).find(existsSync);
const pairs = first(
  'corpora/agentdojo-v1.2-pairs.json.gz',
  'corpora/agentdojo-v1.2-pairs.json',
  '../shared/reference/corpora/agentdojo-v1.2-pairs.json',
);
const STEMS = [
  'deepset-deberta-v3-base-injection',
  'horizon-labs-prompt-injection-guard-base',
  'protectai-deberta-v3-base-prompt-injection-v2',
];

function tableKeys(path: string): string[] {
  return Object.keys(JSON.parse(readFileSync(join(root, path), 'utf8')).scores as object).sort();
}

const cases: { name: string; corpus: string | undefined; benign: boolean; tables: string[] }[] = [
  { name: 'pairs', corpus: pairs, benign: false, tables: STEMS.map((s) => `scores/pairs/${s}.json`) },
  {
    name: 'attacks',
    corpus: first('corpora/agentdojo-v1.2-attacks.json.gz'),
    benign: true,
    tables: STEMS.map((s) => `scores/attacks/${s}.json`),
  },
  ...['framing', 'field_split', 'leet'].map((t) => ({
    name: `attacks-${t}`,
    corpus: first(`corpora/transformed/agentdojo-v1.2-attacks-${t}.json.gz`),
    benign: true,
    tables: STEMS.filter((s) => !s.startsWith('deepset')).map((s) => `scores/transformed/${s}-${t}.json`),
  })),
];

describe('the scorer needs exactly the keys of the published tables', () => {
  for (const c of cases) {
    const ready = c.corpus !== undefined && (!c.benign || pairs !== undefined) && c.tables.every((t) => existsSync(join(root, t)));
    it.skipIf(!ready)(`${c.name}${ready ? '' : ' (corpus or tables not present)'}`, () => {
      const keys = [...loadTexts(c.corpus!, c.benign ? pairs : undefined).keys()];
      expect(keys.length).toBeGreaterThan(0);
      for (const t of c.tables) expect(keys, t).toEqual(tableKeys(t));
    });
  }
});

describe('the scorer and the classifier defense need the same keys on the trajectory corpora', () => {
  it.each(['google_gemini-2.5-flash', 'gpt-4o-2024-08-06'] as const)('%s', async (model) => {
    const { CorpusStore } = await import('../../src/data/store.js');
    const { neededKeys } = await import('../../src/defenses/classifier.js');
    const corpus = new CorpusStore().load(`agentdyn-${model}`);
    const keys = [...loadTexts(join(root, `corpora/agentdyn/trajectories/${model}.json.gz`)).keys()];
    expect(keys.length).toBeGreaterThan(100);
    expect(keys).toEqual([...neededKeys(corpus.scenarios)].sort());
  });
});
