// Parse and validate the CLI's flags once, at the edge; everything after works on typed values.
import { parseArgs } from 'node:util';
import { InputError } from '../model/errors.js';
import { CORPORA, isCorpusName, type CorpusName } from '../corpora/registry.js';
import { isReferenceDefense, REFERENCE_DEFENSES, type ReferenceDefenseName } from '../defenses/registry.js';

export const FORMATS = ['text', 'json', 'markdown'] as const;
export type Format = (typeof FORMATS)[number];

export interface CliOptions {
  help: boolean;
  corpus: CorpusName | 'egress-reach';
  defenses: ReferenceDefenseName[];
  scores: string[];
  baselineScores: string[];
  threshold: number;
  format: Format;
  sweep: boolean;
  out: string | undefined;
}

export const DEFAULT_CORPUS: CorpusName = 'pairs';

export const USAGE = `usage: defense-eval [options]

Score prompt-injection defenses on AgentDojo-derived corpora.

options:
  --corpus NAME      ${[...CORPORA, 'egress-reach'].join(' | ')} (default ${DEFAULT_CORPUS})
  --defense NAME     a reference defense; repeatable (default: all of ${REFERENCE_DEFENSES.join(', ')})
  --scores PATHS     comma-separated classifier score tables for pairs and attack corpora
                     (default: the pinned tables under scores/; "none" for no classifiers)
  --baseline-scores PATHS
                     attacks-<transform>: the untransformed attack tables, same model order
  --threshold X      classifier threshold in [0, 1] (default 0.5)
  --format F         text | json | markdown (default text)
  --sweep            label-error sweep of flow-guard (agentdojo corpus)
  --out FILE         write the report to FILE instead of standard output
  --help             show this help
`;

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[], guard: (v: string) => v is T): T {
  if (!guard(value)) throw new InputError(`--${flag}: unknown value ${JSON.stringify(value)} (expected one of ${allowed.join(', ')})`);
  return value;
}

const list = (v: string | undefined): string[] => (v ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');

export function parseCliArgs(argv: readonly string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        corpus: { type: 'string' },
        defense: { type: 'string', multiple: true },
        scores: { type: 'string' },
        'baseline-scores': { type: 'string' },
        threshold: { type: 'string' },
        format: { type: 'string' },
        sweep: { type: 'boolean' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw new InputError(`${(e as Error).message.split('\n')[0]} (see --help)`);
  }
  const v = parsed.values;
  const corpora = [...CORPORA, 'egress-reach' as const];
  const corpus = oneOf('corpus', v.corpus ?? DEFAULT_CORPUS, corpora, (c): c is CliOptions['corpus'] => c === 'egress-reach' || isCorpusName(c));
  const defenses = (v.defense ?? []).map((d) => oneOf('defense', d, REFERENCE_DEFENSES, isReferenceDefense));
  const threshold = v.threshold === undefined ? 0.5 : Number(v.threshold);
  if (v.threshold !== undefined && (v.threshold.trim() === '' || !Number.isFinite(threshold) || threshold < 0 || threshold > 1)) {
    throw new InputError(`--threshold: ${JSON.stringify(v.threshold)} is not a number in [0, 1]`);
  }
  return {
    help: v.help ?? false,
    corpus,
    defenses: defenses.length > 0 ? [...new Set(defenses)] : [...REFERENCE_DEFENSES],
    scores: list(v.scores),
    baselineScores: list(v['baseline-scores']),
    threshold,
    format: oneOf('format', v.format ?? 'text', FORMATS, (f): f is Format => (FORMATS as readonly string[]).includes(f)),
    sweep: v.sweep ?? false,
    out: v.out,
  };
}
