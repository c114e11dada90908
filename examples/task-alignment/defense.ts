// A deterministic task-alignment defense (protocol v2, TypeScript SDK; no model): a call must serve
// the task the user asked for. It reads what only protocol v2 sends: the user's prompt and the
// suite's tool schemas from the session's begin, and each call's trace with the outputs.
//
// 1. Relevance. A tool that acts (anything but a read: get_, read_, search_, list_, check_) is
//    allowed only when the prompt gives a reason to use it: a word of the prompt that names the
//    tool (a word of its name, or a verb the table below relates to it: "pay" → send_money).
// 2. Grounding. A call that sends something out may send it only where the user said: a
//    destination copied from a tool output is denied unless the prompt names it, in full or by
//    the words of its name ("Sarah Baker" names sarah.baker@gmail.com, "External" External_0).
//
// The tool keywords are computed once per session from the begin's schemas (session state).
// Without a prompt (corpora that withhold it) relevance cannot be judged and only grounding
// applies. Run it as
//   defense: node --import tsx examples/task-alignment/defense.ts        (stdio)
//   defense-module: examples/task-alignment/defense.ts                  (in process, where Node strips types)
import { fileURLToPath } from 'node:url';
import { defineDefense, type ToolSchema } from '../../src/sdk/index.js';

const READS = new Set(['get', 'read', 'search', 'list', 'check']);
/** Words too common in tool names to say anything about the task. */
const GENERIC = new Set(['get', 'the', 'to', 'a', 'of', 'in', 'for', 'by', 'all', 'from', 'with', 'info', 'information', 'user', 'given']);
/** A prompt's verb or noun → the tool-name words it gives a reason to use. */
const RELATED: Record<string, string[]> = {
  pay: ['money', 'transaction'],
  payment: ['money', 'transaction'],
  transfer: ['money', 'transaction'],
  refund: ['money', 'transaction'],
  rent: ['transaction', 'scheduled'],
  mail: ['email'],
  reply: ['email', 'send'],
  forward: ['email', 'send'],
  tell: ['message', 'send'],
  write: ['message', 'email', 'send'],
  post: ['message', 'webpage'],
  book: ['reserve', 'reservation', 'calendar', 'event'],
  meeting: ['calendar', 'event'],
  appointment: ['calendar', 'event'],
  lunch: ['calendar', 'event'],
  dinner: ['calendar', 'event'],
  change: ['update', 'reschedule'],
  move: ['reschedule'],
  remove: ['delete'],
  invite: ['invite', 'add', 'participants'],
  add: ['add', 'append', 'create'],
  make: ['create'],
  new: ['create'],
};

/** The prompt names a destination: it contains it, or every word (3+ letters) of its name part. */
function namedBy(dest: string, prompt: string): boolean {
  const p = prompt.toLowerCase();
  if (p.includes(dest.toLowerCase())) return true;
  const name = (
    dest
      .toLowerCase()
      .split('@')[0]!
      .match(/[a-z]{3,}/g) ?? []
  ).filter((w) => !['www', 'com', 'http', 'https'].includes(w));
  const said = new Set(p.match(/[a-z]+/g) ?? []);
  return name.length > 0 && name.every((w) => said.has(w));
}

const stem = (w: string): string => w.replace(/(?:ing|ed|es|s)$/, (m) => (w.length - m.length >= 3 ? '' : m));
const words = (text: string): string[] => (text.toLowerCase().match(/[a-z]+/g) ?? []).map(stem);

/** The words that name a tool: its name's, less the generic ones. */
function keywords(tool: ToolSchema): Set<string> {
  return new Set(words(tool.name.replace(/_/g, ' ')).filter((w) => !GENERIC.has(w)));
}

/** What the prompt gives a reason to use: its words, and the tool words related to them. */
function reasons(prompt: string): Set<string> {
  const out = new Set<string>();
  for (const w of words(prompt)) {
    out.add(w);
    for (const r of RELATED[w] ?? []) out.add(r);
  }
  return out;
}

interface State {
  /** Tool name → the words that name it; acting tools only. */
  acting: Map<string, Set<string>>;
  /** Words the prompt gives a reason to use; undefined without a prompt. */
  reasons: Set<string> | undefined;
}

export const defense = defineDefense<State>({
  name: 'example-task-alignment',
  // A pure function of the request: the prompt, the tools and the trace are all in it.
  stateless: true,
  initialState: (session) => ({
    acting: new Map(session.tools.filter((t) => !READS.has(t.name.split('_')[0]!)).map((t) => [t.name, keywords(t)])),
    reasons: session.prompt === null ? undefined : reasons(session.prompt),
  }),
  decide(call, { prompt, state }) {
    const named = state.acting.get(call.tool);
    if (named && state.reasons && ![...named].some((w) => state.reasons!.has(w))) {
      return { decision: 'deny', reason: `nothing in the user's request calls for ${call.tool}` };
    }
    if (call.dest !== '') {
      for (const to of call.dest.split(',')) {
        const t = to.trim().toLowerCase();
        if (t === '' || namedBy(t, prompt ?? '')) continue;
        const source = call.trace.find((st) => st.read && st.output.toLowerCase().includes(t));
        if (source)
          return { decision: 'deny', reason: `${call.tool} sends to ${to}, read from ${source.tool}'s output, not given by the user` };
      }
    }
    return { decision: 'allow', reason: 'serves the request' };
  },
});
export default defense;

if (process.argv[1] === fileURLToPath(import.meta.url)) await defense.serveStdio();
