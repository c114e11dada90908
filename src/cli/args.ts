// Parse and validate the CLI's flags once, at the edge; everything after works on typed values.
// A flag that does not apply to the chosen corpus is an error naming it, never silently ignored.
import { parseArgs } from 'node:util';
import { InputError } from '../model/errors.js';
import { CORPORA, CORPUS_NAMES, isCorpusName, type CorpusName } from '../data/registry.js';
import { DEFAULT_THRESHOLD } from '../defenses/classifier.js';
import { isReferenceDefense, REFERENCE_DEFENSES, type ReferenceDefenseName } from '../defenses/registry.js';

export const FORMATS = ['text', 'json', 'markdown'] as const;
export type Format = (typeof FORMATS)[number];

/** The one CLI view that is not a corpus: an analysis of the attacks corpus. */
export const EGRESS_REACH = 'egress-reach';
export type CliCorpus = CorpusName | typeof EGRESS_REACH;

export interface CliOptions {
  help: boolean;
  corpus: CliCorpus;
  defenses: ReferenceDefenseName[];
  scores: string[];
  untransformedScores: string[];
  threshold: number;
  format: Format;
  sweep: boolean;
  out: string | undefined;
}

export const DEFAULT_CORPUS: CorpusName = 'pairs';

const corpusLines = [
  ...CORPUS_NAMES.map((n) => `    ${n.padEnd(20)} ${CORPORA[n].description}`),
  `    ${EGRESS_REACH.padEnd(20)} which injection goals an egress policy can see (an analysis of attacks)`,
];

export const USAGE = `usage: defense-eval [options]

Score prompt-injection defenses on AgentDojo-derived corpora.

options:
  --corpus NAME      the corpus (default ${DEFAULT_CORPUS}):
${corpusLines.join('\n')}
  --defense NAME     a reference defense; repeatable (default: all of ${REFERENCE_DEFENSES.join(', ')})
  --scores PATHS     comma-separated classifier score tables (pairs, attacks, attacks-<transform>);
                     default: the pinned tables under scores/; "none" for no classifiers
  --untransformed-scores PATHS
                     attacks-<transform>: the untransformed attack tables, same model order
  --threshold X      classifier threshold in [0, 1] (default ${DEFAULT_THRESHOLD})
  --format F         text | json | markdown (default text)
  --sweep            label-error sweep of flow-guard (agentdojo)
  --out FILE         write the report to FILE instead of standard output
  --help             show this help
`;

const OPTIONS = {
  corpus: { type: 'string' },
  defense: { type: 'string', multiple: true },
  scores: { type: 'string' },
  'untransformed-scores': { type: 'string' },
  'baseline-scores': { type: 'string' },
  threshold: { type: 'string' },
  format: { type: 'string' },
  sweep: { type: 'boolean' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Flag = keyof typeof OPTIONS;

/** Which corpora each flag applies to. */
const APPLIES: Partial<Record<Flag, readonly CliCorpus[]>> = {
  defense: ['bundled', 'agentdojo', 'pairs', 'attacks'],
  scores: ['pairs', 'attacks', 'attacks-framing', 'attacks-field_split', 'attacks-leet'],
  threshold: ['pairs', 'attacks', 'attacks-framing', 'attacks-field_split', 'attacks-leet'],
  'untransformed-scores': ['attacks-framing', 'attacks-field_split', 'attacks-leet'],
  sweep: ['agentdojo'],
};

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[], guard: (v: string) => v is T): T {
  if (!guard(value)) throw new InputError(`--${flag}: unknown value ${JSON.stringify(value)} (expected one of ${allowed.join(', ')})`);
  return value;
}

function list(flag: string, v: string | undefined): string[] {
  if (v === undefined) return [];
  const items = v.split(',').map((s) => s.trim());
  if (items.some((s) => s === '')) throw new InputError(`--${flag}: ${JSON.stringify(v)} has an empty path`);
  return items;
}

/** A plain decimal number (no hex, no sign games, no whitespace): what a threshold looks like. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function threshold(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_THRESHOLD;
  const n = Number(raw);
  if (!DECIMAL.test(raw) || n < 0 || n > 1) throw new InputError(`--threshold: ${JSON.stringify(raw)} is not a number in [0, 1]`);
  return n;
}

/** `--threshold -0.1` would read "-0.1" as a flag: join a string flag with a value that starts with "-" but is no flag. */
function joinDashValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    const name = a.startsWith('--') ? a.slice(2) : undefined;
    const isString = name !== undefined && name in OPTIONS && OPTIONS[name as Flag].type === 'string';
    if (isString && next !== undefined && /^-[^-]/.test(next) && !/^-[a-z]$/i.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

export function parseCliArgs(argv: readonly string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({ args: joinDashValues(argv), strict: true, allowPositionals: false, options: OPTIONS });
  } catch (e) {
    throw new InputError(`${(e as Error).message.split('\n')[0]} (see --help)`);
  }
  const v = parsed.values;
  if (v['baseline-scores'] !== undefined) throw new InputError('--baseline-scores was renamed --untransformed-scores');
  const corpus = oneOf(
    'corpus',
    v.corpus ?? DEFAULT_CORPUS,
    [...CORPUS_NAMES, EGRESS_REACH],
    (c): c is CliCorpus => c === EGRESS_REACH || isCorpusName(c),
  );
  for (const [flag, corpora] of Object.entries(APPLIES) as [Flag, readonly CliCorpus[]][]) {
    if (v[flag] !== undefined && !corpora.includes(corpus))
      throw new InputError(`--${flag} does not apply to --corpus ${corpus} (it applies to ${corpora.join(', ')})`);
  }
  const defenses = (v.defense ?? []).map((d) => oneOf('defense', d, REFERENCE_DEFENSES, isReferenceDefense));
  const scores = list('scores', v.scores);
  if (scores.includes('none') && scores.length > 1) throw new InputError('--scores: "none" cannot be combined with table paths');
  return {
    help: v.help ?? false,
    corpus,
    defenses: defenses.length > 0 ? [...new Set(defenses)] : [...REFERENCE_DEFENSES],
    scores,
    untransformedScores: list('untransformed-scores', v['untransformed-scores']),
    threshold: threshold(v.threshold),
    format: oneOf('format', v.format ?? 'text', FORMATS, (f): f is Format => (FORMATS as readonly string[]).includes(f)),
    sweep: v.sweep ?? false,
    out: v.out,
  };
}
