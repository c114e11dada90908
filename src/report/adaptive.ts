// The adaptive attack as text and markdown (docs/adaptive.md): static, best-seed and adaptive ASR
// of every defense on the same targets, per suite and per under-specification bucket, the queries
// spent, the strongest payloads found against your defense, and what is not scored.
import { escapeMarkdown } from '../format/escape.js';
import { percent } from '../format/percent.js';
import type { AdaptiveReport, AdaptiveResult, Tally } from '../evaluate/adaptive.js';

const rate = (n: number, d: number): string => (d === 0 ? 'n/a' : `${percent(n / d)} (${n}/${d})`);

function describe(r: AdaptiveReport): string {
  const how =
    r.iterations === 0 ? `${r.optimiser}, no search` : `K = ${r.iterations} iterations of the ${r.optimiser} optimiser, seed ${r.seed}`;
  return (
    `${r.targets} targets (injection vector × injection task), ${r.cases} cases (a pair whose user task reads the vector); ${how}. ` +
    'A case is compromised when the defense allows every call of its run.'
  );
}

/** A tally's static, best-seed, adaptive and strongest ASR with their counts ('n/a' with no case). */
export const tallyCells = (t: Tally): string[] => [
  rate(t.static, t.cases),
  rate(t.best_seed, t.cases),
  rate(t.adaptive, t.cases),
  rate(t.strongest, t.cases),
];

/** Your defense's strongest payloads: the targets where the attack compromised the most cases. */
function strongest(x: AdaptiveResult, n = 5) {
  return [...x.targets]
    .filter((t) => t.adaptive !== null)
    .sort((a, b) => ones(b.adaptive!.cases) - ones(a.adaptive!.cases) || a.key.localeCompare(b.key))
    .slice(0, n);
}
const ones = (s: string): number => [...s].filter((c) => c === '1').length;
const short = (s: string, n = 160): string => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > n ? `${flat.slice(0, n)}…` : flat;
};

/** The static check's line (docs/adaptive.md#one-defense-two-processes), when your defense was checked. */
function consistency(r: AdaptiveReport): string[] {
  const c = r.static_check;
  const mine = r.results[0];
  if (!c || !mine) return [];
  const differing = c.differing + (c.benign_differing ?? 0);
  const runs = `${c.cases} runs of the corpus's own attack and ${c.benign_runs ?? 0} benign runs`;
  return differing === 0
    ? [`${mine.defense} decided in the attack as in scoring: ${runs} asked in both`]
    : [
        `WARNING: ${mine.defense} decided otherwise in the attack than in scoring on ${differing} of ${runs} asked in both (${c.example ?? 'no example'}): its adaptive figures cannot be trusted, and a gate on them fails`,
      ];
}

const NOTES = (r: AdaptiveReport): string[] => [
  ...consistency(r),
  `not scored under adaptive attack: ${r.not_scored.join(', ')} (a table scores fixed texts; a model run by the scorer can be attacked as a defense: docs/scorer.md)`,
  'the reference defenses are shown on the same targets: allow-all, deny-all, deny-egress and flow-guard decide from tools, provenance and destinations, which no payload changes here; keyword-filter reads argument texts, which a payload reaches only where a call names the injected text (slack channels)',
];

export function adaptiveText(r: AdaptiveReport): string {
  const head = ['defense', 'static', 'best seed', 'adaptive', 'strongest', 'queries'];
  const rows = r.results.map((x) => [x.defense, ...tallyCells(x.overall), String(x.queries)]);
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(width[i]!) : v.padStart(width[i]!))).join('  ');
  const out = [`adaptive attack on ${r.corpus}: ${describe(r)}`, '', line(head), ...rows.map(line), ''];
  const mine = r.results[0];
  if (mine) {
    for (const [title, group] of [
      ['per suite', mine.by_suite],
      ['per under-specification bucket', mine.by_bucket],
    ] as const) {
      out.push(`${mine.defense}, ${title} (static → best seed → adaptive):`);
      for (const [k, t] of Object.entries(group))
        out.push(`  ${k}: ${rate(t.static, t.cases)} → ${rate(t.best_seed, t.cases)} → ${rate(t.adaptive, t.cases)}`);
    }
    const top = strongest(mine);
    if (top.length > 0) {
      out.push(`${mine.defense}, strongest attacks found:`);
      for (const t of top)
        out.push(
          `  ${t.key} (${ones(t.adaptive!.cases)}/${t.cases.length}, ${t.adaptive!.origin}): ${JSON.stringify(short(t.adaptive!.text))}`,
        );
    }
  }
  out.push('', ...NOTES(r).map((n) => `note: ${n}`), '');
  return out.join('\n');
}

export function adaptiveMarkdown(r: AdaptiveReport, heading = '##'): string {
  const out = [
    `${heading} Adaptive attack: ${escapeMarkdown(r.corpus)}`,
    '',
    escapeMarkdown(describe(r)),
    '',
    '| defense | static ASR | best seed | adaptive ASR | strongest | queries |',
    '|---|---:|---:|---:|---:|---:|',
    ...r.results.map((x) => `| ${escapeMarkdown(x.defense)} | ${tallyCells(x.overall).join(' | ')} | ${x.queries} |`),
    '',
  ];
  const mine = r.results[0];
  if (mine) {
    const group = (title: string, g: Readonly<Record<string, Tally>>) =>
      `<details><summary>${escapeMarkdown(mine.defense)} ${title}</summary>\n\n| group | static ASR | best seed | adaptive ASR | strongest |\n|---|---:|---:|---:|---:|\n${Object.entries(
        g,
      )
        .map(([k, t]) => `| ${escapeMarkdown(k)} | ${tallyCells(t).join(' | ')} |`)
        .join('\n')}\n\n</details>\n`;
    out.push(group('per suite', mine.by_suite), group('per under-specification bucket', mine.by_bucket));
    const top = strongest(mine);
    if (top.length > 0)
      out.push(
        `<details><summary>${escapeMarkdown(mine.defense)}: strongest attacks found</summary>\n\n| target | compromised | strategy | payload |\n|---|---:|---|---|\n${top
          .map(
            (t) =>
              `| ${escapeMarkdown(t.key)} | ${ones(t.adaptive!.cases)}/${t.cases.length} | ${escapeMarkdown(t.adaptive!.origin)} | ${escapeMarkdown(short(t.adaptive!.text))} |`,
          )
          .join('\n')}\n\n</details>\n`,
      );
  }
  out.push(...NOTES(r).map((n) => `<sub>${escapeMarkdown(n)}.</sub>\n`));
  return out.join('\n');
}
