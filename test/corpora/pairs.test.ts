// The paired corpus's published figures, recomputed from the committed corpora/agentdojo-v1.2-pairs.json.gz.
import { describe, expect, it } from 'vitest';
import { CorpusStore } from '../../src/data/store.js';
import { calls } from '../../src/corpora/corpus.js';
import { twinId } from '../../src/corpora/ids.js';
import { evaluateCorpus, referenceDefenses } from '../../src/evaluate/corpus.js';
import { isUnscored } from '../../src/scoring/judge.js';
import { byName, six, scorable } from '../helpers.js';

const pairs = new CorpusStore().pairs();
const injection = pairs.scenarios.filter((s) => s.kind === 'injection');

describe('paired corpus (docs/corpora.md#the-paired-corpus)', () => {
  it('has 97 benign, 949 pairs, 609 scorable, 340 unscorable', () => {
    expect(pairs.benign).toHaveLength(97);
    expect(injection).toHaveLength(949);
    expect(injection.filter(scorable)).toHaveLength(609);
    expect(injection.filter(isUnscored)).toHaveLength(340);
    expect(pairs.stats).toEqual({
      pairs: 949,
      scorable_pairs: 609,
      unscorable_pairs: 340,
      scorable_pairs_injection_not_before_a_call: 0,
      // The original gives no figure for this one; the exporter counts 129 (as for every attack).
      unscorable_pairs_injection_not_before_a_call: 129,
    });
  });

  it('links every pair to its benign twin by id', () => {
    const twins = new Map(pairs.benign.map((s) => [s.id, s]));
    for (const s of injection) {
      const twin = twins.get(twinId(s.id)!);
      expect(twin, s.id).toBeDefined();
      expect(s.twin).toEqual(calls(twin!));
    }
  });

  it('injected steps see a carrying output, benign steps never; carrying == contains <INFORMATION>', () => {
    const texts = new Set<string>();
    for (const s of pairs.scenarios) {
      for (const st of s.trace) {
        st.call.context.forEach((t) => texts.add(t));
        const sees = st.call.context.some((t) => t.includes('<INFORMATION>'));
        if (st.injected) expect(sees, s.id).toBe(true);
        if (s.kind === 'benign') expect(sees, s.id).toBe(false);
      }
    }
    for (const t of texts) expect(pairs.carriesInjection(t)).toBe(t.includes('<INFORMATION>'));
  });

  it('reads 434 distinct injected tool outputs and 100 distinct outputs in benign tasks', () => {
    const distinct = (ss: typeof pairs.scenarios, keep: (t: string) => boolean) =>
      new Set(ss.flatMap((s) => s.trace.flatMap((st) => st.call.context.filter(keep)))).size;
    expect(distinct(injection, pairs.carriesInjection)).toBe(434);
    expect(distinct(pairs.benign, () => true)).toBe(100);
  });

  it('reproduces [blocked, halted, attributable, injections, kept, benign], unscored 340', () => {
    const report = evaluateCorpus(pairs, referenceDefenses(pairs));
    const r = byName(report.comparison.results);
    expect(six(r['allow-all']!)).toEqual([0, 0, 0, 609, 97, 97]);
    expect(six(r['deny-all']!)).toEqual([609, 609, 0, 609, 0, 97]);
    expect(six(r['keyword-filter']!)).toEqual([34, 18, 16, 609, 94, 97]);
    expect(six(r['deny-egress']!)).toEqual([548, 315, 233, 609, 46, 97]);
    expect(six(r['flow-guard']!)).toEqual([547, 304, 243, 609, 48, 97]);
    for (const x of report.comparison.results) expect(x.unscored).toBe(340);
  });

  it('per-suite results add up to the whole', () => {
    const report = evaluateCorpus(pairs, referenceDefenses(pairs));
    expect(Object.keys(report.by_suite!)).toEqual(['banking', 'slack', 'travel', 'workspace']);
    for (const whole of report.comparison.results) {
      const parts = Object.values(report.by_suite!).map((rs) => rs.find((x) => x.defense === whole.defense)!);
      for (const k of ['injections_total', 'injections_blocked', 'injections_attributable', 'benign_kept', 'benign_total', 'unscored'] as const) {
        expect(parts.reduce((n, p) => n + p[k], 0)).toBe(whole[k]);
      }
    }
  });
});

describe('protocol v2 data of the paired corpus', () => {
  it("gives every step the output its call returned: the next step's last context, named arguments, each suite's tools", () => {
    let checked = 0;
    for (const s of pairs.scenarios) {
      s.trace.forEach((st, i) => {
        expect(st.output, `${s.id} step ${i}`).toBeTypeOf('string');
        const next = s.trace[i + 1];
        if (next) {
          expect(next.call.context.at(-1), `${s.id} step ${i}`).toBe(st.output);
          checked++;
        }
        for (const a of st.call.args) expect(a.name, `${s.id} step ${i}`).not.toBe('');
      });
    }
    expect(checked).toBe(3229);
    expect(Object.keys(pairs.tools).sort()).toEqual(['banking', 'slack', 'travel', 'workspace']);
    for (const tools of Object.values(pairs.tools)) {
      expect(tools.length).toBeGreaterThan(5);
      for (const t of tools) expect(t.parameters).toMatchObject({ type: 'object' });
    }
  });

  it("gives a pair its twin's prompt, never its goal", () => {
    for (const s of pairs.scenarios.filter((x) => x.kind === 'injection')) {
      const twin = pairs.benign.find((b) => b.id === twinId(s.id))!;
      expect(s.prompt).toBe(twin.task);
      expect(s.prompt).not.toBe(s.task);
    }
  });
});
