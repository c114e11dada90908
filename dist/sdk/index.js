// defineDefense: write a defense once, serve it over stdio or HTTP (docs/protocol.md, docs/sdk.md),
// or export it for `defense-module`. Protocol 2 by default; `protocol: 1` keeps the first one for
// existing defenses. Only node: built-ins, so it can be copied into any project; it is also
// shipped compiled, as `agent-defense-eval/sdk` (dist/sdk/index.js with its .d.ts).
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
/** The protocol an SDK defense speaks unless it says otherwise. */
export const PROTOCOL_VERSION = 2;
/** As the Python SDK's: a 50 ms/decision defense scores the action's default corpora in under 10 s (docs/bench.md). */
export const DEFAULT_MAX_CONCURRENCY = 64;
export const MAX_CONCURRENCY_LIMIT = 256;
/**
 * Over HTTP every message is its own POST, so a session's first request can overtake its begin: a
 * request for a session not begun yet waits this long for the begin before it is decided anyway.
 */
export const BEGIN_WAIT_MS = 5000;
/** A message that is not a protocol message: answered with an error, never a crash. */
export class RequestError extends Error {
    name = 'RequestError';
}
const DECISIONS = ['allow', 'deny', 'ask'];
const isObject = (x) => typeof x === 'object' && x !== null && !Array.isArray(x);
const describe = (x) => String(JSON.stringify(x)).slice(0, 200);
function parseJson(text) {
    try {
        return JSON.parse(text);
    }
    catch (e) {
        throw new RequestError(`not JSON: ${e.message}`);
    }
}
function checkName(name) {
    if (typeof name !== 'string' || name === '' || name.length > 200 || /[\u0000-\u001f\u007f\u2028\u2029]/.test(name)) {
        throw new TypeError(`a defense's name is 1-200 characters on one line without control characters, not ${describe(name)}`);
    }
}
function makeHello(def, protocol) {
    checkName(def.name);
    const max = def.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY;
    if (!Number.isInteger(max) || max < 1 || max > MAX_CONCURRENCY_LIMIT) {
        throw new RangeError(`maxConcurrency must be an integer from 1 to ${MAX_CONCURRENCY_LIMIT}, not ${max}`);
    }
    return { protocol, name: def.name, capabilities: { stateless: def.stateless ?? false, max_concurrency: max } };
}
/** What decide returned, as protocol 2's decision and reason; a TypeError when it is none. */
export function decisionOf(a) {
    if (typeof a === 'string' && DECISIONS.includes(a))
        return { decision: a, reason: '' };
    if (isObject(a)) {
        const reason = a['reason'] === undefined || a['reason'] === null ? '' : String(a['reason']);
        if (typeof a['decision'] === 'string' && DECISIONS.includes(a['decision']))
            return { decision: a['decision'], reason };
        if (typeof a['allow'] === 'boolean')
            return { decision: a['allow'] ? 'allow' : 'deny', reason };
    }
    throw new TypeError(`decide must return "allow", "deny" or "ask", or {decision, reason}; it returned ${describe(a)}`);
}
/** The transports, shared by both protocols: `handle` answers a message, or resolves undefined when it has no reply. */
function transports(name, hello, handle) {
    return {
        serveStdio(input = process.stdin, output = process.stdout) {
            const write = (m) => output.write(JSON.stringify(m) + '\n');
            write(hello);
            return new Promise((resolve, reject) => {
                const inFlight = new Set();
                const lines = createInterface({ input, crlfDelay: Infinity });
                // Messages are handled in arrival order up to their first await: a begin's session exists
                // before the next line is read. Replies go out as each decision completes: out of order is
                // part of the protocol. A line that is not a message has no id to answer: it is reported on
                // stderr and skipped.
                lines.on('line', (line) => {
                    if (line.trim() === '')
                        return;
                    let started;
                    try {
                        started = handle(parseJson(line), false);
                    }
                    catch (e) {
                        started = Promise.reject(e);
                    }
                    const p = started
                        .then((reply) => void (reply !== undefined && write(reply)), (e) => e instanceof RequestError ? void process.stderr.write(`${name}: ignored a message: ${e.message}\n`) : reject(e))
                        .finally(() => inFlight.delete(p));
                    inFlight.add(p);
                });
                lines.on('close', () => void Promise.all(inFlight).then(() => resolve(), reject));
            });
        },
        serveHttp(port, host = '127.0.0.1') {
            const server = createServer((req, res) => {
                const send = (status, body) => {
                    if (body === undefined) {
                        res.writeHead(status);
                        return res.end();
                    }
                    res.writeHead(status, { 'content-type': 'application/json' });
                    res.end(JSON.stringify(body));
                };
                if (req.method === 'GET')
                    return send(200, hello);
                let body = '';
                req.setEncoding('utf8');
                req.on('data', (c) => (body += c));
                req.on('end', () => {
                    Promise.resolve()
                        .then(() => handle(parseJson(body), true))
                        .then(
                    // A begin or an end has no reply: 204.
                    (reply) => (reply === undefined ? send(204) : send(200, reply)), 
                    // A malformed message is the client's fault (400); a decide() that throws is ours (500).
                    (e) => send(e instanceof RequestError ? 400 : 500, { error: e.message }));
                });
            });
            return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
        },
    };
}
// ---------------------------------------------------------------- protocol 1
function asV1Request(x) {
    if (!isObject(x) || typeof x['id'] !== 'number' || !isObject(x['call'])) {
        throw new RequestError(`not a protocol v1 request: ${describe(x)}`);
    }
    return { id: x['id'], scenario: String(x['scenario'] ?? ''), step: Number(x['step'] ?? -1), call: x['call'] };
}
function defineV1(def) {
    const hello = makeHello(def, 1);
    const decide = async (call, info = { scenario: '', step: -1 }) => {
        const v = await def.decide(call, info);
        return { allow: v.allow === true, reason: v.reason ?? '' };
    };
    const answer = async (request) => {
        const r = asV1Request(request);
        const v = await decide(r.call, { scenario: r.scenario, step: r.step });
        return { id: r.id, ...v };
    };
    return {
        protocol: 1,
        name: def.name,
        hello,
        stateless: hello.capabilities.stateless,
        decide,
        answer,
        ...transports(def.name, hello, answer),
    };
}
// ---------------------------------------------------------------- protocol 2
function asArgs(x, what) {
    if (!Array.isArray(x))
        throw new RequestError(`${what}: "args" must be an array`);
    return x.map((a) => {
        if (!isObject(a))
            throw new RequestError(`${what}: an argument must be an object, not ${describe(a)}`);
        return { name: String(a['name'] ?? ''), provenance: String(a['provenance'] ?? ''), text: String(a['text'] ?? '') };
    });
}
function asCall(x, what) {
    if (!isObject(x) || typeof x['tool'] !== 'string')
        throw new RequestError(`${what} must be a call with a "tool", not ${describe(x)}`);
    return { tool: x['tool'], args: asArgs(x['args'] ?? [], what), dest: String(x['dest'] ?? '') };
}
function asPendingCall(r) {
    const trace = r['trace'] ?? [];
    if (!Array.isArray(trace))
        throw new RequestError('a request\'s "trace" must be an array');
    return {
        ...asCall(r['call'], 'a request\'s "call"'),
        trace: trace.map((st, i) => ({
            ...asCall(st, `trace step ${i}`),
            output: String(st['output'] ?? ''),
            read: st['read'] !== false,
        })),
    };
}
function sessionOf(b) {
    return {
        id: String(b['session']),
        suite: String(b['suite'] ?? ''),
        prompt: typeof b['prompt'] === 'string' ? b['prompt'] : null,
        tools: Array.isArray(b['tools']) ? b['tools'] : [],
    };
}
function asFeedback(m) {
    const label = m['label'];
    if (label !== 'attack_success' && label !== 'false_positive' && label !== 'blocked_attack')
        throw new RequestError(`feedback with an unknown label: ${describe(label)}`);
    if (typeof m['request'] !== 'number')
        throw new RequestError(`feedback needs a numeric "request": ${describe(m)}`);
    return {
        type: 'feedback',
        session: String(m['session']),
        request: m['request'],
        label,
        suite: String(m['suite'] ?? ''),
        prompt: typeof m['prompt'] === 'string' ? m['prompt'] : null,
        call: asCall(m['call'], 'feedback\'s "call"'),
    };
}
function defineV2(def, beginWaitMs = BEGIN_WAIT_MS) {
    if (def.onFeedback !== undefined && typeof def.onFeedback !== 'function')
        throw new TypeError('onFeedback must be a function');
    const hello = makeHello(def, 2);
    if (def.onFeedback)
        hello.capabilities.learns = true;
    const newSession = (info) => ({
        ...info,
        state: def.initialState ? def.initialState(info) : {},
    });
    const open = new Map();
    const openSession = (id) => {
        let o = open.get(id);
        if (!o) {
            let markBegun;
            const begun = new Promise((r) => (markBegun = r));
            o = { beginSeen: false, begun, markBegun, inFlight: new Set() };
            open.set(id, o);
        }
        return o;
    };
    // Feedback in progress: no later begin or decision runs before it has been learned from.
    let learning = Promise.resolve();
    const decideRequest = async (o, id, call, overHttp) => {
        await learning;
        if (o.beginSeen) {
            await o.begun; // onBegin may still run
        }
        else if (overHttp) {
            // Over HTTP the begin may still be on its way; over stdio it came before this line or not at all.
            let timer;
            await Promise.race([o.begun, new Promise((r) => (timer = setTimeout(r, beginWaitMs)))]);
            clearTimeout(timer);
        }
        o.session ??= newSession({ id, suite: '', prompt: null, tools: [] });
        return decisionOf(await def.decide(call, o.session));
    };
    const handle = async (m, overHttp = false) => {
        if (!isObject(m) || typeof m['session'] !== 'string')
            throw new RequestError(`not a protocol 2 message: ${describe(m)}`);
        const id = m['session'];
        switch (m['type']) {
            case 'begin': {
                const o = openSession(id);
                o.beginSeen = true;
                const session = (o.session = newSession(sessionOf(m)));
                try {
                    await learning;
                    await def.onBegin?.(session);
                }
                finally {
                    o.markBegun();
                }
                return undefined;
            }
            case 'end': {
                const o = open.get(id);
                if (!o)
                    return undefined;
                // The gate ends a session after its last reply; a client that does not still gets its replies first.
                await Promise.allSettled([...(o.beginSeen ? [o.begun] : []), ...o.inFlight]);
                if (open.get(id) === o)
                    open.delete(id);
                if (o.session)
                    await def.onEnd?.(o.session);
                return undefined;
            }
            case 'request': {
                if (typeof m['id'] !== 'number')
                    throw new RequestError(`a request needs a numeric "id": ${describe(m)}`);
                const call = asPendingCall(m);
                const o = openSession(id);
                const deciding = decideRequest(o, id, call, overHttp);
                o.inFlight.add(deciding);
                try {
                    return { id: m['id'], ...(await deciding) };
                }
                finally {
                    o.inFlight.delete(deciding);
                }
            }
            case 'feedback': {
                // Handled in arrival order, like a begin: the gate sends the next episode's begin after it.
                if (!def.onFeedback)
                    throw new RequestError('feedback sent to a defense that does not learn (no onFeedback)');
                const feedback = asFeedback(m);
                const before = learning;
                learning = before.then(() => def.onFeedback(feedback));
                await learning;
                return undefined;
            }
            default:
                throw new RequestError(`not a protocol 2 message: ${describe(m)}`);
        }
    };
    // In process, sessions are keyed by the begin message object the module adapter passes along.
    const inProcess = new WeakMap();
    const decide = async (request, begin) => {
        const call = asPendingCall(request);
        let session = begin ? inProcess.get(begin) : undefined;
        if (!session) {
            session = newSession((begin
                ? sessionOf(begin)
                : { id: String(request.session ?? ''), suite: '', prompt: null, tools: [] }));
            if (begin) {
                inProcess.set(begin, session);
                await def.onBegin?.(session);
            }
        }
        return decisionOf(await def.decide(call, session));
    };
    const end = async (begin) => {
        const session = inProcess.get(begin);
        if (!session)
            return;
        inProcess.delete(begin);
        await def.onEnd?.(session);
    };
    const onFeedback = def.onFeedback?.bind(def);
    return {
        protocol: 2,
        name: def.name,
        hello,
        stateless: hello.capabilities.stateless,
        decide,
        end,
        ...(onFeedback ? { learn: async (f) => onFeedback(asFeedback(f)) } : {}),
        answer: handle,
        ...transports(def.name, hello, handle),
    };
}
export function defineDefense(def) {
    if (def.protocol === 1)
        return defineV1(def);
    if (def.protocol !== undefined && def.protocol !== 2)
        throw new RangeError(`protocol must be 1 or 2, not ${describe(def.protocol)}`);
    return defineV2(def);
}
