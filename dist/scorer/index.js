#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 878:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  mH: () => (/* binding */ runScorer)
});

// UNUSED EXPORTS: DEFAULT_MAX_CONCURRENCY, USAGE, parseCli

;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(760);
;// CONCATENATED MODULE: external "node:util"
const external_node_util_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");
;// CONCATENATED MODULE: ./src/scorer/models.json
const models_namespaceObject = /*#__PURE__*/JSON.parse('{"deepset":{"model":"deepset/deberta-v3-base-injection","positive_label":"INJECTION","revision":"80dda00d0b0d9a03917a7685e2ddbcd28e04dbb1","onnx":"onnx/model.onnx"},"horizon-labs":{"model":"Horizon-Labs/prompt-injection-guard-base","positive_label":"INJECTION","revision":"62a55ad05c4317735bec3cc4467c67bbaefacd13","onnx":"onnx/model.onnx"},"protectai":{"model":"protectai/deberta-v3-base-prompt-injection-v2","positive_label":"INJECTION","revision":"90c9989b1a342275dd0d1a95aad283c04e075671","onnx":"onnx/model.onnx"}}');
;// CONCATENATED MODULE: ./src/scorer/models.ts
// The models.json registry: key → model id, positive label, pinned revision, ONNX weights file.

const MODELS = models_namespaceObject;
function modelKeys() {
    return Object.keys(MODELS).sort();
}
/** The spec of a key, or undefined for an unknown key. */
function modelByKey(key) {
    if (!Object.hasOwn(MODELS, key))
        return undefined;
    const e = MODELS[key];
    return { model: e.model, positiveLabel: e.positive_label, revision: e.revision ?? '', onnx: e.onnx };
}

// EXTERNAL MODULE: ./src/scorer/pylist.ts
var pylist = __nccwpck_require__(1);
;// CONCATENATED MODULE: ./src/scorer/pyjson.ts
// Serialise like Python's `json.dump(obj, sort_keys=True, indent=1)` (default ensure_ascii, no
// trailing newline), the format of the published score tables (docs/scorer.md#what-a-table-records). Two details differ from
// JSON.stringify: floats are written as Python's repr writes them (`0.0`, `3.3e-06`, `1e+16`), and
// every non-ASCII character is escaped as \uXXXX.
/** An integer that must be written without a fractional part (Python int, not float). */
class PyInt {
    value;
    constructor(value) {
        this.value = value;
        if (!Number.isSafeInteger(value))
            throw new Error(`not a safe integer: ${value}`);
    }
}
/** Python's repr(float): shortest round-trip digits, exponent form when exp < -4 or exp >= 16. */
function pyFloatRepr(x) {
    if (Number.isNaN(x))
        return 'NaN';
    if (x === Infinity)
        return 'Infinity';
    if (x === -Infinity)
        return '-Infinity';
    if (x === 0)
        return Object.is(x, -0) ? '-0.0' : '0.0';
    const sign = x < 0 ? '-' : '';
    // toExponential() without an argument gives the shortest digits that round-trip.
    const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(Math.abs(x).toExponential());
    if (!m)
        throw new Error(`unexpected number form ${x}`);
    const digits = m[1] + (m[2] ?? '');
    const exp = Number(m[3]);
    if (exp < -4 || exp >= 16) {
        const mant = digits.length === 1 ? digits : `${digits[0]}.${digits.slice(1)}`;
        const e = Math.abs(exp).toString().padStart(2, '0');
        return `${sign}${mant}e${exp < 0 ? '-' : '+'}${e}`;
    }
    if (exp < 0)
        return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
    const intLen = exp + 1;
    if (digits.length <= intLen)
        return `${sign}${digits}${'0'.repeat(intLen - digits.length)}.0`;
    return `${sign}${digits.slice(0, intLen)}.${digits.slice(intLen)}`;
}
/** Python json's string encoding with ensure_ascii=True. */
function pyJsonString(s) {
    let out = '"';
    for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        const ch = s[i];
        if (ch === '"')
            out += '\\"';
        else if (ch === '\\')
            out += '\\\\';
        else if (ch === '\n')
            out += '\\n';
        else if (ch === '\r')
            out += '\\r';
        else if (ch === '\t')
            out += '\\t';
        else if (ch === '\b')
            out += '\\b';
        else if (ch === '\f')
            out += '\\f';
        else if (c < 0x20 || c > 0x7e)
            out += `\\u${c.toString(16).padStart(4, '0')}`;
        else
            out += ch;
    }
    return `${out}"`;
}
/** Compare strings by code point, as Python sorts str keys. */
function compareCodePoints(a, b) {
    const ai = a[Symbol.iterator]();
    const bi = b[Symbol.iterator]();
    for (;;) {
        const x = ai.next();
        const y = bi.next();
        if (x.done || y.done)
            return x.done && y.done ? 0 : x.done ? -1 : 1;
        const d = x.value.codePointAt(0) - y.value.codePointAt(0);
        if (d !== 0)
            return d;
    }
}
function pyJsonDump(value, indent = 1) {
    return dump(value, indent, 0);
}
function dump(v, indent, level) {
    if (v === null)
        return 'null';
    if (v === true)
        return 'true';
    if (v === false)
        return 'false';
    if (v instanceof PyInt)
        return String(v.value);
    if (typeof v === 'number')
        return pyFloatRepr(v);
    if (typeof v === 'string')
        return pyJsonString(v);
    const pad = '\n' + ' '.repeat(indent * (level + 1));
    const end = '\n' + ' '.repeat(indent * level);
    if (Array.isArray(v)) {
        if (v.length === 0)
            return '[]';
        return '[' + v.map((x) => pad + dump(x, indent, level + 1)).join(',') + end + ']';
    }
    const keys = Object.keys(v).sort(compareCodePoints);
    if (keys.length === 0)
        return '{}';
    return '{' + keys.map((k) => `${pad}${pyJsonString(k)}: ${dump(v[k], indent, level + 1)}`).join(',') + end + '}';
}

;// CONCATENATED MODULE: ./src/scorer/table.ts
// The score table a run writes: the published format (docs/scorer.md#what-a-table-records) (json.dump, sort_keys, indent 1,
// no trailing newline), with transformers.js's runtime and the windowing method recorded.

/**
 * How windows were cut. "char-offsets": character slices between token offsets, as docs/scorer.md#windowing-and-scoring and
 * Python's fast tokenizers (the published tables carry no `windows` key and were made this way);
 * here the offsets are recovered by aligning the tokenizer's normalized text (src/scorer/offsets.ts).
 */
const WINDOWS_METHOD = 'char-offsets';
function renderTable(t) {
    const scores = {};
    for (const [k, v] of t.scores) {
        if (!(Number.isFinite(v) && v >= 0 && v <= 1))
            throw new Error(`score of ${k} is not in [0, 1]: ${v}`);
        scores[k] = v;
    }
    return pyJsonDump({
        chunking: { stride_tokens: new PyInt(t.strideTokens), window_tokens: new PyInt(t.windowTokens), windows: WINDOWS_METHOD },
        model: t.model,
        positive_label: t.positiveLabel,
        requested_revision: t.requestedRevision,
        revision: t.revision,
        runtime: { node: t.runtime.node, onnxruntime: t.runtime.onnxruntime, 'transformers.js': t.runtime.transformers },
        scores,
    });
}

;// CONCATENATED MODULE: external "node:crypto"
const external_node_crypto_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");
;// CONCATENATED MODULE: external "node:zlib"
const external_node_zlib_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");
;// CONCATENATED MODULE: ./src/model/errors.ts
/** Bad input: a file, flag, input, scenario or table the user supplied. Exit code 2. */
class InputError extends Error {
    name = 'InputError';
}
/**
 * An injection payload that cannot be rendered into AgentDojo's environment (docs/injection-slots.md#7-restrictions-for-the-attacker):
 * AgentDojo itself would fail on it, or the rules cannot follow it faithfully. Bad input, so an InputError; its own class
 * so that a payload generator can drop such a candidate and go on.
 */
class PayloadError extends (/* unused pure expression or super */ null && (InputError)) {
    name = 'PayloadError';
}
/** A defense crashed, hung or answered garbage. Exit code 1, never a table. */
class DefenseError extends (/* unused pure expression or super */ null && (Error)) {
    name = 'DefenseError';
}
/** Exit code of an error: 2 for bad input, 1 for anything else (a failed defense, a bug). */
/** The adaptive attacker's LLM optimiser failed (unreachable, no answer in time, non-2xx, not a chat completion): the attack cannot go on. Exit code 1. */
class OptimiserError extends (/* unused pure expression or super */ null && (Error)) {
    name = 'OptimiserError';
}
const exitCodeOf = (e) => (e instanceof InputError ? 2 : 1);
/** `scenarios[3].trace: expected array` for the first issue (plus how many more), or `(top level): …`. */
function describeZodError(err) {
    const issue = err.issues[0];
    if (!issue)
        return 'invalid';
    const path = issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
    const more = err.issues.length > 1 ? ` (and ${err.issues.length - 1} more issues)` : '';
    // A bad record key carries its own reason one level down; that reason is the useful part.
    const inner = 'issues' in issue && Array.isArray(issue.issues) ? issue.issues[0] : undefined;
    const message = inner?.message ? `${issue.message}: ${inner.message}` : issue.message;
    return `${path || '(top level)'}: ${message}${more}`;
}
/** One line naming the file (or message) and the first offending path. */
function schemaError(where, err) {
    return new InputError(`${where}: ${describeZodError(err)}`);
}
/** Validate `json` against `schema`, or throw the InputError naming `where` and the first bad path. */
function parseWith(schema, json, where) {
    const r = schema.safeParse(json);
    if (!r.success)
        throw schemaError(where, r.error);
    return r.data;
}

;// CONCATENATED MODULE: ./src/scorer/texts.ts
// The texts a score table must cover (docs/scorer.md#usage), read straight from the corpus file's JSON: this
// deliberately does not go through the corpus loaders or the classifier defense, so the key
// contract test (scorer keys == defense's needed keys) compares two independent computations.





/** Full lower-case hex SHA-256 of the text's UTF-8 bytes: the score-table key (docs/defenses.md#classifier-defenses). */
function textKey(text) {
    return (0,external_node_crypto_namespaceObject.createHash)('sha256').update(text, 'utf8').digest('hex');
}
/**
 * Read a corpus file, gzip-compressed (`.gz`, or gzip magic bytes) or plain JSON: an AgentDojo
 * corpus (`scenarios`, `outputs`), or an AgentDyn trajectory corpus (`runs`; its outputs are in
 * the shared `outputs.json.gz` one directory up, docs/agentdyn.md#files), whose calls read the
 * outputs of the earlier calls their `read` lists.
 */
function readCorpusFile(path) {
    const json = readJson(path);
    if (typeof json === 'object' && json !== null && Array.isArray(json.runs))
        return trajectoryTexts(json, path);
    return checkCorpus(json, path);
}
function readJson(path) {
    let bytes;
    try {
        bytes = (0,external_node_fs_namespaceObject.readFileSync)(path);
    }
    catch (e) {
        throw new InputError(`cannot read corpus ${path}: ${e.code ?? String(e)}`);
    }
    let text;
    try {
        text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? (0,external_node_zlib_namespaceObject.gunzipSync)(bytes) : bytes).toString('utf8');
    }
    catch (e) {
        throw new InputError(`cannot decompress corpus ${path}: ${e.message}`);
    }
    let json;
    try {
        json = JSON.parse(text);
    }
    catch (e) {
        throw new InputError(`corpus ${path} is not JSON: ${e.message}`);
    }
    return json;
}
/** A trajectory corpus as the texts see it: each call's context is the outputs of the calls it read. */
function trajectoryTexts(json, path) {
    const bad = (what) => {
        throw new InputError(`corpus ${path}: ${what}`);
    };
    const outputsPath = (0,external_node_path_.join)((0,external_node_path_.dirname)((0,external_node_path_.dirname)(path)), 'outputs.json.gz');
    const outputs = readJson(outputsPath).outputs;
    if (typeof outputs !== 'object' || outputs === null)
        bad(`its outputs file ${outputsPath} has no "outputs" object`);
    const runs = json.runs;
    const scenarios = runs.map((r) => {
        if (!Array.isArray(r.calls))
            bad(`run ${String(r.id)} has no "calls" array`);
        const calls = r.calls;
        return {
            id: String(r.id),
            kind: r.kind === 'benign' ? 'benign' : 'injection',
            trace: calls.map((c, i) => {
                if (!Array.isArray(c?.args) || !Array.isArray(c?.read))
                    bad(`call ${i} of run ${String(r.id)} lacks "args"/"read"`);
                return { args: c.args, context: c.read.flatMap((j) => (calls[j]?.returned ? [calls[j].returned] : [])) };
            }),
        };
    });
    return checkCorpus({ outputs, scenarios }, path);
}
function checkCorpus(json, path) {
    const bad = (what) => {
        throw new InputError(`corpus ${path}: ${what}`);
    };
    if (typeof json !== 'object' || json === null)
        bad('not an object');
    const c = json;
    if (typeof c.outputs !== 'object' || c.outputs === null || Array.isArray(c.outputs))
        bad('no "outputs" object');
    if (!Array.isArray(c.scenarios))
        bad('no "scenarios" array');
    for (const v of Object.values(c.outputs))
        if (typeof v !== 'string')
            bad('an output is not a string');
    for (const s of c.scenarios) {
        const sc = s;
        if (typeof sc !== 'object' || sc === null || !Array.isArray(sc.trace))
            bad('a scenario has no "trace" array');
        for (const st of sc.trace) {
            const step = st;
            if (!Array.isArray(step?.args) || !Array.isArray(step?.context))
                bad(`a step of ${String(sc.id)} lacks "args"/"context"`);
            for (const a of step.args)
                if (typeof a?.text !== 'string')
                    bad(`an arg of ${String(sc.id)} has no text`);
            for (const d of step.context)
                if (typeof d !== 'string')
                    bad(`a context digest of ${String(sc.id)} is not a string`);
        }
    }
    return c;
}
/** collect_texts: every context output and every non-empty arg list (joined with "\n") of every step. */
function collectTexts(corpus, benignOnly, into = new Map()) {
    for (const sc of corpus.scenarios) {
        if (benignOnly && sc.kind !== 'benign')
            continue;
        for (const step of sc.trace) {
            for (const digest of step.context) {
                const text = corpus.outputs[digest];
                if (text === undefined)
                    throw new InputError(`scenario ${sc.id} references missing output ${digest}`);
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
function loadTexts(corpusPath, benignCorpusPath) {
    const texts = collectTexts(readCorpusFile(corpusPath), false);
    if (benignCorpusPath !== undefined)
        collectTexts(readCorpusFile(benignCorpusPath), true, texts);
    return new Map([...texts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

;// CONCATENATED MODULE: ./src/model/classifier-rule.ts
// The classifier defenses' rule (docs/defenses.md#classifier-defenses): which texts of a call a
// scope judges, in what order, and when a judged text stops the call. Shared by the defenses over
// pinned score tables (defenses/classifier.ts) and the scorer's live defense (scorer/serve.ts), so
// that a model served live decides exactly as its table would.
const SCOPES = ['context', 'args', 'both'];
/** The classifier threshold every entry point uses unless told otherwise. */
const DEFAULT_THRESHOLD = 0.5;
/** A call's argument texts joined by newlines: the one text its arguments are judged as; undefined without args. */
function joinArgs(args) {
    return args.length === 0 ? undefined : args.map((a) => a.text).join('\n');
}
/**
 * The texts a scope judges for a call, in order: every output the agent read before it (not for
 * `args`), then its joined argument text (not for `context`; none without arguments).
 */
function judgedTexts(context, args, scope) {
    const texts = scope === 'args' ? [] : [...context];
    if (scope !== 'context' && args !== undefined)
        texts.push(args);
    return texts;
}
/** A judged text stops the call when it has no score (fail closed) or scores at or above the threshold. */
const stops = (score, threshold) => score === undefined || score >= threshold;
/**
 * The rule: the score of the first judged text (in the order of `judgedTexts`) that stops the call
 * (undefined in it: the text has no score), or undefined when every judged text scores below the
 * threshold and the call is allowed. It allocates nothing unless it stops: it runs for every call.
 */
function firstStop(context, args, scope, score, threshold) {
    if (scope !== 'args') {
        for (const text of context) {
            const s = score(text);
            if (stops(s, threshold))
                return { score: s };
        }
    }
    if (scope !== 'context' && args !== undefined) {
        const s = score(args);
        if (stops(s, threshold))
            return { score: s };
    }
    return undefined;
}

// EXTERNAL MODULE: ./src/scorer/errors.ts
var errors = __nccwpck_require__(441);
;// CONCATENATED MODULE: external "node:readline"
const external_node_readline_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:readline");
;// CONCATENATED MODULE: ./src/scorer/serve.ts
// The scorer as a live defense (docs/scorer.md#as-a-live-defense---serve): protocol v2 on stdio, a
// stateless defense that decides each request exactly as the classifier defense of its scope and
// threshold decides the same call from a score table (the shared rule, model/classifier-rule.ts),
// with the scores computed live. So texts no table covers, an adaptive attacker's payloads, are
// scored too. Each distinct text is scored once per process.



const isObject = (x) => typeof x === 'object' && x !== null && !Array.isArray(x);
/**
 * A line's message: a request (only the fields the rule reads; others are ignored, as the protocol
 * asks), a message without a reply (a session's begin and end, feedback: this defense does not
 * learn), or the first field at fault. Checked by hand: zod would make the scorer's bundle ten
 * times larger.
 */
function parseMessage(json) {
    if (!isObject(json))
        return { error: '(top level): expected an object' };
    if (json.type === 'begin' || json.type === 'end' || json.type === 'feedback')
        return 'silent';
    if (json.type !== 'request')
        return { error: 'type: expected "request", "begin", "end" or "feedback"' };
    const { id, call, trace } = json;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
        return { error: 'id: expected a positive integer' };
    if (!isObject(call) || !Array.isArray(call.args))
        return { error: 'call.args: expected an array' };
    const args = [];
    for (const [i, a] of call.args.entries()) {
        if (!isObject(a) || typeof a.text !== 'string')
            return { error: `call.args[${i}].text: expected a string` };
        args.push({ text: a.text });
    }
    if (!Array.isArray(trace))
        return { error: 'trace: expected an array' };
    const steps = [];
    for (const [i, t] of trace.entries()) {
        if (!isObject(t) || typeof t.output !== 'string')
            return { error: `trace[${i}].output: expected a string` };
        if (typeof t.read !== 'boolean')
            return { error: `trace[${i}].read: expected true or false` };
        steps.push({ output: t.output, read: t.read });
    }
    return { type: 'request', id, call: { args }, trace: steps };
}
/**
 * The outputs a v2 request says the agent read before the call, in order: what a v1 call carries
 * as its context. (The v2 trace has `""` where a corpus records no output; an empty text scores 0.)
 */
const readOutputs = (r) => r.trace.filter((t) => t.read).map((t) => t.output);
/** The texts the classifier defense of `scope` judges for the request's call, in order. */
const requestTexts = (r, scope) => judgedTexts(readOutputs(r), joinArgs(r.call.args), scope);
/** The decision on a request, given the score of each text it judges. */
function decideRequest(r, scope, threshold, score) {
    const stop = firstStop(readOutputs(r), joinArgs(r.call.args), scope, score, threshold);
    if (stop === undefined)
        return { id: r.id, decision: 'allow', reason: 'all texts below threshold' };
    const why = stop.score === undefined ? 'text has no classifier score' : `classifier score ${stop.score.toFixed(3)} at or above ${threshold}`;
    return { id: r.id, decision: 'deny', reason: why };
}
/**
 * Scores by text, each distinct text scored once. Texts asked for while the model is busy wait and
 * are scored together in its next round, so concurrent requests share batches.
 */
class LiveScores {
    scoreTexts;
    byText = new Map();
    waiting = new Map();
    running = false;
    /** Distinct texts scored so far. */
    scored = 0;
    constructor(scoreTexts) {
        this.scoreTexts = scoreTexts;
    }
    get(text) {
        let p = this.byText.get(text);
        if (p === undefined) {
            p = new Promise((resolve, reject) => this.waiting.set(text, { resolve, reject }));
            this.byText.set(text, p);
            // Lines read in the same turn of the event loop join one round.
            if (!this.running) {
                this.running = true;
                setImmediate(() => void this.rounds());
            }
        }
        return p;
    }
    async rounds() {
        while (this.waiting.size > 0) {
            const round = this.waiting;
            this.waiting = new Map();
            try {
                const scores = await this.scoreTexts(new Map([...round.keys()].map((t) => [t, t])));
                for (const [text, w] of round)
                    w.resolve(scores.get(text));
                this.scored += round.size;
            }
            catch (e) {
                for (const w of round.values())
                    w.reject(e);
            }
        }
        this.running = false;
    }
}
/**
 * Speak protocol v2 until stdin ends: the hello, then a reply to each request once its texts are
 * scored (in any order, as the protocol allows). A line that is not a message of the protocol, or
 * a text the model cannot score, ends the serving with that error (no reply is ever guessed).
 */
async function serve(scores, opts, io) {
    const hello = { protocol: 2, name: opts.name, capabilities: { stateless: true, max_concurrency: opts.maxConcurrency } };
    io.write(`${JSON.stringify(hello)}\n`);
    const lines = (0,external_node_readline_namespaceObject.createInterface)({ input: io.input, crlfDelay: Infinity });
    const inFlight = new Set();
    let failure;
    // A failure stops the reading for good: the gate keeps stdin open, and an open stdin would keep
    // the process alive after its error, so the gate would wait for its timeout, not see the exit.
    const fail = (e) => {
        failure ??= e;
        lines.close();
        io.input.destroy();
    };
    let n = 0;
    let requests = 0;
    lines.on('line', (line) => {
        n++;
        if (failure !== undefined || line.trim() === '')
            return;
        let json;
        try {
            json = JSON.parse(line);
        }
        catch {
            return fail(new InputError(`stdin line ${n}: not JSON`));
        }
        const r = parseMessage(json);
        if (r === 'silent')
            return;
        if ('error' in r)
            return fail(new InputError(`stdin line ${n}: not a protocol v2 request: ${r.error}`));
        requests++;
        const texts = requestTexts(r, opts.scope);
        const p = Promise.all(texts.map((t) => scores.get(t)))
            .then((got) => {
            const byText = new Map(texts.map((t, i) => [t, got[i]]));
            if (failure === undefined)
                io.write(`${JSON.stringify(decideRequest(r, opts.scope, opts.threshold, (t) => byText.get(t)))}\n`);
        }, fail)
            .finally(() => inFlight.delete(p));
        inFlight.add(p);
    });
    await new Promise((resolve) => lines.on('close', resolve));
    await Promise.all(inFlight);
    if (failure !== undefined)
        throw failure;
    return { requests };
}

;// CONCATENATED MODULE: ./src/scorer/cli.ts
// The scorer's command line: parse and check every flag and file first (exit 2 with one line naming
// the culprit), then list keys (no model runtime loaded), or load the model and write the table or
// serve it as a live defense on stdio (serve.ts).











/** Requests in flight a served model accepts unless told: each waits for the batch it is scored in. */
const DEFAULT_MAX_CONCURRENCY = 4;
/** What the hello may declare (docs/protocol.md#hello). */
const MAX_CONCURRENCY_LIMIT = 256;
/** The flags of each mode that the other does not take. */
const SCORING_ONLY = ['corpus', 'benign-corpus', 'out', 'list-keys'];
const SERVING_ONLY = ['scope', 'threshold', 'max-concurrency'];
const USAGE = `usage: node dist/scorer/index.js --corpus FILE [--benign-corpus FILE]
         (--model-key KEY | --model ID --positive-label LABEL [--revision REV])
         --out FILE [--max-window 512] [--stride 256] [--batch 16] [--model-dir DIR]
       node dist/scorer/index.js --corpus FILE [--benign-corpus FILE] --list-keys
       node dist/scorer/index.js --serve (--model-key KEY | --model ID --positive-label LABEL [--revision REV])
         [--scope both] [--threshold 0.5] [--max-concurrency 4] [--max-window 512] [--stride 256] [--batch 16] [--model-dir DIR]

Score every text a corpus needs with a text classifier and write a score table, or serve the
classifier as a live defense on stdio (docs/scorer.md).
  --corpus FILE         corpus file (.json or .json.gz): all its texts
  --benign-corpus FILE  also the texts of this corpus's benign scenarios
  --model-key KEY       a models.json key: ${modelKeys().join(', ')}
  --model ID            a Hugging Face model id (with --positive-label; --revision defaults to main)
  --out FILE            where to write the table
  --max-window N        cap on the window limit in tokens, special tokens included (default 512)
  --stride N            window stride in tokens (default 256)
  --batch N             windows per model call (default 16)
  --model-dir DIR       load the model from DIR (config.json, tokenizer files, ONNX weights), not the hub
  --list-keys           print the sorted keys of the texts, one per line, and exit
  --serve               speak protocol v2 on stdin/stdout as a stateless defense: the classifier
                        defense of --scope and --threshold, on scores computed live
  --scope S             with --serve: the texts judged, ${SCOPES.join(', ')} (default both)
  --threshold X         with --serve: deny at a score at or above X, in [0, 1] (default ${DEFAULT_THRESHOLD})
  --max-concurrency N   with --serve: requests in flight the hello allows, 1 to 256 (default ${DEFAULT_MAX_CONCURRENCY})
`;
function positiveInt(flag, value, dflt) {
    if (value === undefined)
        return dflt;
    if (!/^[0-9]+$/.test(value) || Number(value) <= 0 || !Number.isSafeInteger(Number(value))) {
        throw new InputError(`--${flag}: expected a positive integer, got ${JSON.stringify(value)}`);
    }
    return Number(value);
}
/** A plain decimal number in [0, 1], as the CLI's --threshold takes it. */
function threshold(raw) {
    if (raw === undefined)
        return DEFAULT_THRESHOLD;
    const n = Number(raw);
    if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(raw) || n < 0 || n > 1)
        throw new InputError(`--threshold: ${JSON.stringify(raw)} is not a number in [0, 1]`);
    return n;
}
function scope(raw) {
    if (raw === undefined)
        return 'both';
    if (!SCOPES.includes(raw))
        throw new InputError(`--scope: expected one of ${SCOPES.join(', ')}, got ${JSON.stringify(raw)}`);
    return raw;
}
function readableFile(flag, path) {
    if (!(0,external_node_fs_namespaceObject.existsSync)(path) || !(0,external_node_fs_namespaceObject.statSync)(path).isFile())
        throw new InputError(`--${flag}: no such file: ${path}`);
    return path;
}
function parseCli(argv) {
    let values;
    try {
        ({ values } = (0,external_node_util_namespaceObject.parseArgs)({
            args: argv,
            strict: true,
            allowPositionals: false,
            options: {
                corpus: { type: 'string' },
                'benign-corpus': { type: 'string' },
                'model-key': { type: 'string' },
                model: { type: 'string' },
                'positive-label': { type: 'string' },
                revision: { type: 'string' },
                out: { type: 'string' },
                'max-window': { type: 'string' },
                stride: { type: 'string' },
                batch: { type: 'string' },
                'model-dir': { type: 'string' },
                'list-keys': { type: 'boolean' },
                serve: { type: 'boolean' },
                scope: { type: 'string' },
                threshold: { type: 'string' },
                'max-concurrency': { type: 'string' },
                help: { type: 'boolean' },
            },
        }));
    }
    catch (e) {
        throw new InputError(e.message.split('\n')[0]);
    }
    const str = (k) => values[k];
    if (values.help)
        return { mode: 'help' };
    const serving = values.serve === true;
    for (const f of serving ? SCORING_ONLY : SERVING_ONLY) {
        if (values[f] === undefined)
            continue;
        throw new InputError(serving ? `--${f} does not apply to --serve (a served model scores the texts it is asked about)` : `--${f} goes with --serve`);
    }
    let corpus = '';
    let benignCorpus;
    if (!serving) {
        const corpusFlag = str('corpus');
        if (corpusFlag === undefined)
            throw new InputError('--corpus FILE is required');
        corpus = readableFile('corpus', corpusFlag);
        const benignFlag = str('benign-corpus');
        benignCorpus = benignFlag === undefined ? undefined : readableFile('benign-corpus', benignFlag);
    }
    const key = str('model-key');
    let spec;
    if (key !== undefined) {
        for (const f of ['model', 'positive-label', 'revision']) {
            if (str(f) !== undefined)
                throw new InputError(`--${f} cannot be combined with --model-key`);
        }
        spec = modelByKey(key);
        if (!spec)
            throw new InputError(`unknown model key '${key}'; known keys are ${(0,pylist/* pyList */._)(modelKeys())}`);
    }
    else if (str('model') !== undefined) {
        const label = str('positive-label');
        if (label === undefined || label === '')
            throw new InputError('--model needs --positive-label');
        spec = { model: str('model'), positiveLabel: label, revision: str('revision') ?? '', onnx: 'onnx/model.onnx' };
    }
    else if (str('positive-label') !== undefined || str('revision') !== undefined) {
        throw new InputError('--positive-label and --revision go with --model');
    }
    if (values['list-keys'])
        return { mode: 'list-keys', corpus, benignCorpus };
    if (!spec)
        throw new InputError('one of --model-key KEY or --model ID is required');
    const modelDir = str('model-dir');
    if (modelDir !== undefined && !((0,external_node_fs_namespaceObject.existsSync)(modelDir) && (0,external_node_fs_namespaceObject.statSync)(modelDir).isDirectory())) {
        throw new InputError(`--model-dir: no such directory: ${modelDir}`);
    }
    const windowing = {
        maxWindow: positiveInt('max-window', str('max-window'), 512),
        stride: positiveInt('stride', str('stride'), 256),
        batch: positiveInt('batch', str('batch'), 16),
        modelDir,
    };
    if (serving) {
        const maxConcurrency = positiveInt('max-concurrency', str('max-concurrency'), DEFAULT_MAX_CONCURRENCY);
        if (maxConcurrency > MAX_CONCURRENCY_LIMIT)
            throw new InputError(`--max-concurrency: at most ${MAX_CONCURRENCY_LIMIT} (the protocol's limit), got ${maxConcurrency}`);
        return { mode: 'serve', spec, scope: scope(str('scope')), threshold: threshold(str('threshold')), maxConcurrency, ...windowing };
    }
    const out = str('out');
    if (out === undefined || out === '')
        throw new InputError('--out FILE is required');
    const outDir = (0,external_node_path_.dirname)((0,external_node_path_.resolve)(out));
    if (!(0,external_node_fs_namespaceObject.existsSync)(outDir) || !(0,external_node_fs_namespaceObject.statSync)(outDir).isDirectory())
        throw new InputError(`--out: no such directory: ${outDir}`);
    return { mode: 'score', corpus, benignCorpus, spec, out, ...windowing };
}
/** Run the scorer; resolves to the exit code (0 ok, 1 scoring failed or a bug, 2 bad flags or input). */
async function runScorer(argv, io) {
    try {
        const args = parseCli(argv);
        if (args.mode === 'help') {
            io.stdout(USAGE);
            return 0;
        }
        if (args.mode === 'serve') {
            await serveModel(args, io);
            return 0;
        }
        const texts = loadTexts(args.corpus, args.benignCorpus);
        if (args.mode === 'list-keys') {
            io.stdout([...texts.keys()].map((k) => `${k}\n`).join(''));
            return 0;
        }
        await score(args, texts, io);
        return 0;
    }
    catch (e) {
        // The one place errors become exit codes: bad input 2, a model that cannot score 1, anything else is a bug (1, with its stack).
        const known = e instanceof InputError || e instanceof errors/* ScoringError */.Q;
        io.stderr(`error: ${known ? e.message : `internal error: ${e?.stack ?? String(e)}`}\n`);
        return exitCodeOf(e);
    }
}
async function serveModel(args, io) {
    const { loadClassifier, scoreTexts } = await __nccwpck_require__.e(/* import() */ 627).then(__nccwpck_require__.bind(__nccwpck_require__, 627));
    const log = (line) => io.stderr(`${line}\n`);
    const c = await loadClassifier(args.spec, { modelDir: args.modelDir, maxWindow: args.maxWindow, log });
    if (args.stride > c.windowTokens)
        throw new InputError(`--stride ${args.stride} exceeds the window of ${c.windowTokens} tokens (tokens would be skipped)`);
    const name = `${args.spec.model}-${args.scope}@${args.threshold}`;
    log(`serving ${args.spec.model}@${c.revision || '(local)'} as ${name}: windows of ${c.windowTokens} tokens, stride ${args.stride}`);
    const scores = new LiveScores((texts) => scoreTexts(c, texts, { stride: args.stride, batch: args.batch }));
    const started = Date.now();
    const { requests } = await serve(scores, { name, scope: args.scope, threshold: args.threshold, maxConcurrency: args.maxConcurrency }, { input: io.stdin ?? process.stdin, write: io.stdout });
    log(`served ${requests} requests, ${scores.scored} distinct texts scored, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
async function score(args, texts, io) {
    // Loaded only now: --list-keys, --help and flag errors never load transformers.js/onnxruntime.
    const { loadClassifier, scoreTexts } = await __nccwpck_require__.e(/* import() */ 627).then(__nccwpck_require__.bind(__nccwpck_require__, 627));
    const log = (line) => io.stderr(`${line}\n`);
    const c = await loadClassifier(args.spec, { modelDir: args.modelDir, maxWindow: args.maxWindow, log });
    if (args.stride > c.windowTokens)
        throw new InputError(`--stride ${args.stride} exceeds the window of ${c.windowTokens} tokens (tokens would be skipped)`);
    log(`${args.spec.model}@${c.revision || '(local)'}: ${texts.size} texts, windows of ${c.windowTokens} tokens, stride ${args.stride}`);
    let lastLog = Date.now();
    const scores = await scoreTexts(c, texts, {
        stride: args.stride,
        batch: args.batch,
        progress: (done, total) => {
            if (Date.now() - lastLog > 30_000 || done === total) {
                lastLog = Date.now();
                log(`scored ${done}/${total} windows`);
            }
        },
    });
    (0,external_node_fs_namespaceObject.writeFileSync)(args.out, renderTable({
        model: args.spec.model,
        positiveLabel: args.spec.positiveLabel,
        revision: c.revision,
        requestedRevision: args.spec.revision,
        windowTokens: c.windowTokens,
        strideTokens: args.stride,
        runtime: { node: process.versions.node, onnxruntime: c.versions.onnxruntime, transformers: c.versions.transformers },
        scores,
    }));
    log(`wrote ${scores.size} scores to ${args.out}`);
}


/***/ }),

/***/ 441:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ ScoringError)
/* harmony export */ });
// The scorer's one failure of its own: the model or tokenizer cannot score faithfully (exit 1).
// Bad flags and unreadable corpora are the library's InputError (exit 2).
class ScoringError extends Error {
    name = 'ScoringError';
}


/***/ }),

/***/ 192:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _cli_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(878);
// Entry point of the classifier scorer (its own bundle, dist/scorer/): only calls the CLI.

process.exitCode = await (0,_cli_js__WEBPACK_IMPORTED_MODULE_0__/* .runScorer */ .mH)(process.argv.slice(2), {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    stdin: process.stdin,
});

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 1:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   _: () => (/* binding */ pyList)
/* harmony export */ });
/** Strings sorted and formatted as Python prints a list of str: ['a', 'b']. */
function pyList(items) {
    return `[${[...items]
        .sort()
        .map((l) => `'${l}'`)
        .join(', ')}]`;
}


/***/ }),

/***/ 760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(192);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
