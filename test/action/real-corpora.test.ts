// The action on the real pinned corpora (pairs and ground truth, the defaults), with a stdio
// defense that is flow-guard: its figures must equal the in-process flow-guard's exactly, and the
// report must carry the classifier baselines.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CorpusStore } from '../../src/data/store.js';
import { flowGuard } from '../../src/defenses/egress.js';
import { judge } from '../../src/scoring/judge.js';
import { tally } from '../../src/scoring/tally.js';
import { DirCache, runAction, useFakeGitHub } from './harness.js';

const gh = useFakeGitHub();

describe('on the pinned corpora', () => {
  it('scores a stdio flow-guard exactly like the in-process one, with classifier baselines', async () => {
    const store = new CorpusStore();
    const pairs = store.pairs();
    // The stdio defense gets the corpus's egress tools on its command line.
    const egress = pairs.policy.egressTools.join(',');
    const script = `const E=new Set(${JSON.stringify(egress)}.split(','));process.stdout.write(JSON.stringify({protocol:1,name:'fg',capabilities:{stateless:true,max_concurrency:16}})+'\\n');require('readline').createInterface({input:process.stdin}).on('line',l=>{const r=JSON.parse(l);const c=r.call;const bad=E.has(c.tool)&&c.args.some(a=>a.provenance!=='trusted');process.stdout.write(JSON.stringify({id:r.id,allow:!bad,reason:bad?'untrusted to egress':'ok'})+'\\n')})`;
    const r = await runAction(
      { defense: `"${process.execPath}" -e ${JSON.stringify(script)}`, corpora: '', baseline: 'none' },
      { name: 'pull_request', sha: 'm'.repeat(40), pr: { number: 5, base: 'b'.repeat(40), head: 'c'.repeat(40) } },
      { apiUrl: gh.url, cache: new DirCache() },
    );
    expect(r.failed).toEqual([]);
    expect(r.code).toBe(0);
    const results = JSON.parse(readFileSync(r.outputs['results-path']!, 'utf8'));
    expect(results.corpora.map((c: { corpus: string }) => c.corpus)).toEqual(['pairs', 'agentdojo', 'agentdyn-gpt-4o-2024-08-06']);
    // The recorded runs: scored by effect, with the gate's axes and the effect counts.
    const dyn = results.corpora[2];
    expect(dyn).toMatchObject({ kind: 'trajectory', benchmark: 'v1.2.2' });
    expect(dyn.trajectory.result).toMatchObject({ attacked: 550, attack_success_undefended: 216, benign: 60 });
    expect(dyn.result.injections_total).toBe(216);
    expect(r.summary).toContain('| defense | attacks stopped | attacks halted | benign runs intact | SU-HM | outside the attack axis |');
    expect(r.summary).toMatch(/- \*\*fg\*\* \(head\): ASR \d+\.\d% \(undefended 39\.3%\), utility under attack/);
    expect(r.summary).toContain('Classifier rows: not scored');
    // The logged pipelines' own results: collapsed, labelled, never compared (test/report/comment.test.ts).
    expect(r.summary).toContain(
      "<details><summary>Context: live end to end, measured by AgentDyn's authors — a different measurement (9 logged pipelines; never compared, never in the verdict)</summary>",
    );
    const expected = tally('fg', judge(flowGuard(pairs.policy), pairs.scenarios));
    const { su_hm: _, ...got } = results.corpora[0].result;
    expect(got).toEqual(expected);
    expect(results.key.corpora.pairs).toBe(pairs.version);
    expect(r.summary).toMatch(/^\| protectai-both&#64;0\.5 \|/m);
    expect(r.summary).toContain('<details><summary>Per under-specification bucket');
    expect(r.summary).toContain('<details><summary>Per attack class');
    expect(results.corpora[0].by_attack_class['tool-hijack'].injections_total).toBe(524);
    expect(r.summary.length).toBeLessThan(65_536);
  });
});
