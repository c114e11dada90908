#!/usr/bin/env node
// vard (npm @andersmyrmel/vard 1.2.0, MIT; pattern-based prompt-injection detection, no model, no
// network) as a protocol v2 defense, stateless, over stdio with the compiled SDK (dist/sdk).
//
// vard validates one text at a time. The mapping: a call is denied when vard flags any text the
// call exposes to the agent or carries out of it:
//   - every output the agent had read when it proposed the call (`trace[i].output` where
//     `trace[i].read`): an injection reaches the agent through what it reads;
//   - every argument text of the call (`call.args[j].text`): what the agent was steered to send.
// "Flags" is vard's own verdict, `safeParse(text).safe === false`: a threat at or above the
// preset's threshold whose action is "block", also after vard's sanitising pass. The prompt, the
// tool names and the destinations are not scanned (the user's text, and no prose). An output the
// agent had not read yet (`read: false`) cannot have steered the call and is not scanned.
//
// The preset is vard's own, unchanged but for one setting:
//   moderate (the default): threshold 0.7; blocks instruction override, role manipulation and
//            prompt leaks; sanitises delimiters and encodings (and blocks what survives them);
//   strict:  threshold 0.5; blocks every threat type.
// vard's default maxLength (10,000 characters, "to prevent DoS" on chat input) reports any longer
// text as a threat; its README says to raise it for documents (`maxLength(50000)`), and tool
// outputs are documents (the paired corpus's longest is 31,066 characters), so the wrapper uses
// 50,000: a length is not an injection. `ADE_VARD_MAX_LENGTH` overrides it (10000: vard's default).
//
//   install: npm ci --prefix examples/detectors/vard
//   defense: node examples/detectors/vard/defense.mjs [moderate|strict]
import vard from '@andersmyrmel/vard';
import { defineDefense } from '../../../dist/sdk/index.js';

const PRESETS = { moderate: () => vard.moderate(), strict: () => vard.strict() };
const preset = process.argv[2] ?? 'moderate';
if (!(preset in PRESETS)) {
  process.stderr.write(`vard example: unknown preset ${JSON.stringify(preset)} (expected moderate or strict)\n`);
  process.exit(2);
}
const maxLength = Number(process.env.ADE_VARD_MAX_LENGTH ?? 50_000);
if (!Number.isInteger(maxLength) || maxLength < 1) {
  process.stderr.write(`vard example: ADE_VARD_MAX_LENGTH=${process.env.ADE_VARD_MAX_LENGTH} is not a whole number of characters\n`);
  process.exit(2);
}
const guard = PRESETS[preset]().maxLength(maxLength);

// vard is a pure function of the text; the same outputs recur in every request of a run, so its
// verdicts are kept (a bounded cache: cleared when full).
const verdicts = new Map();
function threatsIn(text) {
  let v = verdicts.get(text);
  if (v === undefined) {
    const r = guard.safeParse(text);
    v = r.safe ? [] : [...new Set(r.threats.map((t) => t.type))].sort();
    if (verdicts.size >= 50_000) verdicts.clear();
    verdicts.set(text, v);
  }
  return v;
}

export const defense = defineDefense({
  name: preset === 'moderate' ? 'example-vard' : `example-vard-${preset}`,
  stateless: true,
  maxConcurrency: 64,
  decide(call) {
    const texts = [
      ...call.trace.filter((s) => s.read).map((s) => [`${s.tool}'s output`, s.output]),
      ...call.args.map((a, j) => [`argument ${a.name || j}`, a.text]),
    ];
    for (const [where, text] of texts) {
      const threats = threatsIn(text);
      if (threats.length > 0) return { decision: 'deny', reason: `vard (${preset}): ${threats.join(', ')} in ${where}` };
    }
    return { decision: 'allow', reason: `vard (${preset}): nothing flagged` };
  },
});

await defense.serveStdio();
