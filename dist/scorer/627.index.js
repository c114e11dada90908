export const id = 627;
export const ids = [627];
export const modules = {

/***/ 627:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  loadClassifier: () => (/* binding */ loadClassifier),
  scoreTexts: () => (/* binding */ scoreTexts)
});

// UNUSED EXPORTS: ScoringError, onnxLocation, textWindows, windowIds

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(760);
// EXTERNAL MODULE: ./src/scorer/errors.ts
var errors = __webpack_require__(441);
;// CONCATENATED MODULE: ./src/scorer/offsets.ts
// Character offsets of tokens, recovered for transformers.js tokenizers (docs/scorer.md#offset-recovery).
//
// The windows of docs/scorer.md#windowing-and-scoring are character slices through the offsets that Python's fast (Rust)
// tokenizers return. `@huggingface/tokenizers` returns tokens and ids but no offsets, so this module
// re-runs the tokenizer's own pipeline on an *aligned string*: every UTF-16 unit of the normalized,
// pre-tokenized text carries the [start, end) span of the original text it came from, following the
// alignment rules of the Rust `NormalizedString`:
//   - a character mapped to one or more characters (NFKC "ﬁ" → "fi", lowercasing) keeps its span for each;
//   - a composed character (e + U+0301 → é) takes the span of its first (starter) character only;
//   - a regex replacement (`Replace(" {2,}", " ")`) takes the span of the last character it replaced;
//   - removed characters (Strip, control characters) vanish;
//   - an inserted prefix (Metaspace's "▁", Prepend) takes the span of the first character.
// A token's offsets are then (first unit's start, last unit's end): SentencePiece's "▁" that replaced
// a space maps to that space; a WordPiece "##" continuation maps to the characters after the prefix;
// an [UNK] word maps to the whole word.
//
// Every step is checked against the library itself: the aligned normalized text must equal the
// library normalizer's output, the pre-tokens the library pre-tokenizer's, and the recovered token
// strings `tokenizer.tokenize(text)`. Any mismatch, or a normalizer / pre-tokenizer / model type not
// handled here, throws OffsetRecoveryError rather than producing wrong windows.

class OffsetRecoveryError extends errors/* ScoringError */.Q {
    name = 'OffsetRecoveryError';
}
/** A string whose every UTF-16 unit records the original-text span it came from. */
class Aligned {
    text;
    starts;
    ends;
    constructor(text, starts, ends) {
        this.text = text;
        this.starts = starts;
        this.ends = ends;
    }
    static of(text) {
        const b = new Builder();
        for (let i = 0; i < text.length;) {
            const cp = text.codePointAt(i);
            const n = cp > 0xffff ? 2 : 1;
            b.push(text.slice(i, i + n), i, i + n);
            i += n;
        }
        return b.build();
    }
    slice(from, to = this.text.length) {
        return new Aligned(this.text.slice(from, to), this.starts.slice(from, to), this.ends.slice(from, to));
    }
    /** Code points with their unit index. */
    *codePoints() {
        for (let i = 0; i < this.text.length;) {
            const n = this.text.codePointAt(i) > 0xffff ? 2 : 1;
            yield { ch: this.text.slice(i, i + n), at: i };
            i += n;
        }
    }
}
class Builder {
    text = '';
    starts = [];
    ends = [];
    push(s, start, end) {
        this.text += s;
        for (let i = 0; i < s.length; i++) {
            this.starts.push(start);
            this.ends.push(end);
        }
    }
    /** Copy units [from, to) of `a` unchanged. */
    copy(a, from, to) {
        this.text += a.text.slice(from, to);
        for (let i = from; i < to; i++) {
            this.starts.push(a.starts[i]);
            this.ends.push(a.ends[i]);
        }
    }
    build() {
        return new Aligned(this.text, this.starts, this.ends);
    }
}
function unsupported(what) {
    throw new OffsetRecoveryError(`offset recovery does not support ${what}`);
}
// ---------------------------------------------------------------------------------------------
// Normalizers
const MARK = /^\p{M}$/u;
/** Unicode normalization with alignment, per cluster (a code point and the marks that follow it). */
function unicodeNormalize(a, form, keep) {
    const b = new Builder();
    const cps = [...a.codePoints()];
    for (let i = 0; i < cps.length;) {
        let j = i + 1;
        if (cps[i].ch !== keep)
            while (j < cps.length && MARK.test(cps[j].ch) && cps[j].ch !== keep)
                j++;
        const cluster = cps.slice(i, j);
        const span = (k) => [a.starts[cluster[k].at], a.ends[cluster[k].at]];
        if (cluster[0].ch === keep) {
            b.push(keep, ...span(0));
        }
        else {
            const whole = cluster
                .map((c) => c.ch)
                .join('')
                .normalize(form);
            const parts = cluster.map((c) => c.ch.normalize(form));
            if (parts.join('') === whole) {
                parts.forEach((p, k) => b.push(p, ...span(k)));
            }
            else {
                // Composition or reordering: composed characters take the starter's span; a mark that
                // survives unchanged keeps its own (first unused occurrence).
                const used = new Set();
                for (const ch of whole) {
                    let k = -1;
                    if (MARK.test(ch))
                        k = cluster.findIndex((c, idx) => idx > 0 && !used.has(idx) && c.ch.normalize(form) === ch);
                    if (k > 0)
                        used.add(k);
                    b.push(ch, ...span(k > 0 ? k : 0));
                }
            }
        }
        i = j;
    }
    return b.build();
}
/** Map each code point through `f` (its output keeps the code point's span; '' deletes it). */
function mapCodePoints(a, f) {
    const b = new Builder();
    for (const { ch, at } of a.codePoints())
        b.push(f(ch), a.starts[at], a.ends[at]);
    return b.build();
}
/**
 * Lower-case per code point, keeping spans; then take the whole-string result when it has the same
 * length (JavaScript's toLowerCase is context-sensitive only for a final sigma, Σ → ς).
 */
function lowercaseAligned(a) {
    const out = mapCodePoints(a, (ch) => ch.toLowerCase());
    const whole = a.text.toLowerCase();
    return whole.length === out.text.length ? new Aligned(whole, out.starts, out.ends) : out;
}
/** Replace each match of a global regex; the replacement takes the span of the match's last unit. */
function replaceAligned(a, pattern, content) {
    const b = new Builder();
    let last = 0;
    for (const m of a.text.matchAll(pattern)) {
        const at = m.index;
        b.copy(a, last, at);
        const len = m[0].length;
        if (len > 0) {
            if (content.length > 0)
                b.push(content, a.starts[at + len - 1], a.ends[at + len - 1]);
        }
        else if (content.length > 0) {
            const k = Math.min(at, a.text.length - 1);
            if (k >= 0)
                b.push(content, a.starts[k], a.ends[k]);
        }
        last = at + len;
    }
    b.copy(a, last, a.text.length);
    return b.build();
}
function stripAligned(a, left, right) {
    const from = left ? a.text.length - a.text.trimStart().length : 0;
    const to = right ? a.text.trimEnd().length : a.text.length;
    return from >= to ? a.slice(0, 0) : a.slice(from, to);
}
function prependAligned(a, prefix) {
    const b = new Builder();
    b.push(prefix, a.starts[0] ?? 0, a.ends[0] ?? 0);
    b.copy(a, 0, a.text.length);
    return b.build();
}
const PRECOMPILED_REMOVED = /^[\u0001-\u0008\u000B\u000E-\u001F\u007F\u008F\u009F]$/;
const PRECOMPILED_SPACE = /^[\u0009\u000A\u000C\u000D\u00A0\u1680\u2000-\u200F\u2028\u2029\u202F\u205F\u2581\u3000\uFEFF\uFFFD]$/;
function isChineseChar(cp) {
    return ((cp >= 0x4e00 && cp <= 0x9fff) ||
        (cp >= 0x3400 && cp <= 0x4dbf) ||
        (cp >= 0x20000 && cp <= 0x2a6df) ||
        (cp >= 0x2a700 && cp <= 0x2b73f) ||
        (cp >= 0x2b740 && cp <= 0x2b81f) ||
        (cp >= 0x2b820 && cp <= 0x2ceaf) ||
        (cp >= 0xf900 && cp <= 0xfaff) ||
        (cp >= 0x2f800 && cp <= 0x2fa1f));
}
function normalizeAligned(a, n, config) {
    const type = config.type;
    switch (type) {
        case 'Sequence': {
            const cfgs = (config.normalizers ?? []);
            const objs = n.normalizers ?? [];
            if (cfgs.length !== objs.length)
                unsupported('a Sequence normalizer whose parts cannot be matched');
            return cfgs.reduce((acc, c, i) => (objs[i] ? normalizeAligned(acc, objs[i], c) : acc), a);
        }
        case 'Strip':
            return stripAligned(a, Boolean(config.strip_left), Boolean(config.strip_right));
        case 'Replace':
            return n.pattern ? replaceAligned(a, n.pattern, String(config.content ?? '')) : a;
        case 'NFC':
        case 'NFD':
        case 'NFKC':
        case 'NFKD':
            return unicodeNormalize(a, type);
        case 'Precompiled': {
            // transformers.js ignores the charsmap: control characters removed, spaces unified, NFKC
            // (keeping U+FF5E). Mirrored here.
            const cleaned = mapCodePoints(a, (ch) => (PRECOMPILED_REMOVED.test(ch) ? '' : PRECOMPILED_SPACE.test(ch) ? ' ' : ch));
            return unicodeNormalize(cleaned, 'NFKC', '\uFF5E');
        }
        case 'Lowercase':
            return lowercaseAligned(a);
        case 'StripAccents':
            return mapCodePoints(a, (ch) => (MARK.test(ch) ? '' : ch));
        case 'Prepend':
            return prependAligned(a, String(config.prepend ?? ''));
        case 'BertNormalizer': {
            let out = a;
            if (config.clean_text) {
                out = mapCodePoints(out, (ch) => {
                    const cp = ch.charCodeAt(0);
                    const control = ch !== '\t' && ch !== '\n' && ch !== '\r' && /^\p{Cc}|\p{Cf}|\p{Co}|\p{Cs}$/u.test(ch);
                    if (cp === 0 || cp === 0xfffd || control)
                        return '';
                    return /^\s$/.test(ch) ? ' ' : ch;
                });
            }
            if (config.handle_chinese_chars) {
                // Per UTF-16 unit, as the library does (astral characters are never matched).
                const b = new Builder();
                for (let i = 0; i < out.text.length; i++) {
                    const ch = out.text[i];
                    b.push(isChineseChar(ch.charCodeAt(0)) ? ` ${ch} ` : ch, out.starts[i], out.ends[i]);
                }
                out = b.build();
            }
            const stripAccents = (x) => mapCodePoints(unicodeNormalize(x, 'NFD'), (ch) => (/^\p{Mn}$/u.test(ch) ? '' : ch));
            if (config.lowercase) {
                out = lowercaseAligned(out);
                if (config.strip_accents !== false)
                    out = stripAccents(out);
            }
            else if (config.strip_accents) {
                out = stripAccents(out);
            }
            return out;
        }
        default:
            return unsupported(`the ${String(type)} normalizer`);
    }
}
// ---------------------------------------------------------------------------------------------
// Pre-tokenizers
function matchPieces(a, pattern) {
    const re = pattern.global ? pattern : new RegExp(pattern.source, pattern.flags + 'g');
    return [...a.text.matchAll(re)].filter((m) => m[0].length > 0).map((m) => a.slice(m.index, m.index + m[0].length));
}
function preTokenizeAligned(a, p, config, sectionIndex) {
    const type = config.type;
    switch (type) {
        case 'Sequence': {
            const cfgs = (config.pretokenizers ?? []);
            const objs = p.tokenizers ?? [];
            if (cfgs.length !== objs.length)
                unsupported('a Sequence pre-tokenizer whose parts cannot be matched');
            return cfgs.reduce((pieces, c, i) => (objs[i] ? pieces.flatMap((x) => preTokenizeAligned(x, objs[i], c, sectionIndex)) : pieces), [a]);
        }
        case 'Metaspace': {
            const replacement = p.replacement ?? '\u2581';
            const strRep = p.str_rep ?? replacement;
            const scheme = p.prepend_scheme ?? 'always';
            let out = replaceAligned(a, / /g, strRep);
            if (!out.text.startsWith(replacement) && (scheme === 'always' || (scheme === 'first' && sectionIndex === 0))) {
                out = prependAligned(out, strRep);
            }
            return [out];
        }
        case 'BertPreTokenizer': {
            if (!p.pattern)
                unsupported('a BertPreTokenizer without pattern');
            return matchPieces(stripAligned(a, true, true), p.pattern);
        }
        case 'Whitespace':
            return matchPieces(a, /\w+|[^\w\s]+/g);
        case 'WhitespaceSplit':
            return matchPieces(a, /\S+/g);
        case 'Punctuation':
        case 'Digits':
            if (!p.pattern)
                unsupported(`a ${type} pre-tokenizer without pattern`);
            return matchPieces(a, p.pattern);
        default:
            return unsupported(`the ${String(type)} pre-tokenizer`);
    }
}
function modelKind(config) {
    const t = config.type;
    if (t === 'Unigram' || t === 'WordPiece')
        return t;
    if (t === 'BPE') {
        if (config.byte_fallback || config.end_of_word_suffix || config.continuing_subword_suffix || config.continuing_subword_prefix) {
            unsupported('a BPE model with byte fallback or subword affixes');
        }
        return 'BPE';
    }
    if (t === undefined && Array.isArray(config.vocab))
        return 'Unigram';
    if (t === undefined && 'continuing_subword_prefix' in config && 'unk_token' in config && !('merges' in config))
        return 'WordPiece';
    return unsupported(`the ${String(t)} model`);
}
function alignTokens(tokens, pieces, kind, model, config) {
    const unk = model.unk_token ?? config.unk_token;
    const prefix = String(config.continuing_subword_prefix ?? '##');
    const out = [];
    let p = 0;
    let k = 0;
    const fail = (token) => {
        throw new OffsetRecoveryError(`cannot align token ${JSON.stringify(token)} to the pre-tokenized text`);
    };
    for (const token of tokens) {
        while (p < pieces.length && k >= pieces[p].text.length) {
            p++;
            k = 0;
        }
        if (p >= pieces.length)
            fail(token);
        let piece = pieces[p];
        if (kind === 'WordPiece') {
            let body = token;
            if (k > 0) {
                if (!token.startsWith(prefix))
                    fail(token);
                body = token.slice(prefix.length);
            }
            if (k === 0 && token === unk && !piece.text.startsWith(token)) {
                // WordPiece gives one [UNK] for a word it cannot split: the whole word.
                out.push({ token, span: { start: piece.starts[0], end: piece.ends[piece.text.length - 1] } });
                k = piece.text.length;
                continue;
            }
            if (!piece.text.startsWith(body, k) || body.length === 0)
                fail(token);
            out.push({ token, span: { start: piece.starts[k], end: piece.ends[k + body.length - 1] } });
            k += body.length;
            continue;
        }
        // Unigram and plain BPE pieces are substrings of the pre-tokens (a fused [UNK] run may cross
        // pre-token boundaries).
        let rest = token;
        let start;
        let end = 0;
        while (rest.length > 0) {
            while (p < pieces.length && k >= pieces[p].text.length) {
                p++;
                k = 0;
            }
            if (p >= pieces.length)
                fail(token);
            piece = pieces[p];
            const n = Math.min(rest.length, piece.text.length - k);
            if (piece.text.slice(k, k + n) !== rest.slice(0, n))
                fail(token);
            start ??= piece.starts[k];
            end = piece.ends[k + n - 1];
            k += n;
            rest = rest.slice(n);
        }
        if (start === undefined)
            fail(token);
        out.push({ token, span: { start: start, end } });
    }
    return out;
}
// ---------------------------------------------------------------------------------------------
/** Tokens of `text` without special tokens, with their character spans (UTF-16 units) in `text`. */
function tokenOffsets(tk, text) {
    if (tk.remove_space === true || tk.do_lowercase_and_remove_accent)
        unsupported('remove_space / do_lowercase_and_remove_accent tokenizers');
    const json = tk.tokenizer;
    const kind = modelKind((json.model ?? {}));
    const whole = Aligned.of(text);
    // Split on added tokens exactly as Tokenizer.encode_text does, tracking positions.
    const splitAligned = (a, splitter) => {
        const parts = splitter.split(a.text);
        const out = [];
        let at = 0;
        for (const part of parts) {
            if (a.text.slice(at, at + part.length) !== part)
                unsupported('an added-token split that does not partition the text');
            out.push(a.slice(at, at + part.length));
            at += part.length;
        }
        if (at !== a.text.length)
            unsupported('an added-token split that does not partition the text');
        for (let i = 0; i < out.length; i++) {
            const added = tk.added_tokens_map.get(out[i].text);
            if (!added)
                continue;
            if (added.lstrip && i > 0)
                out[i - 1] = stripAligned(out[i - 1], false, true);
            if (added.rstrip && i < out.length - 1)
                out[i + 1] = stripAligned(out[i + 1], true, false);
        }
        return out;
    };
    const tokens = [];
    const sections = splitAligned(whole, tk.splitter_unnormalized);
    sections.forEach((section, sectionIndex) => {
        if (section.text.length === 0)
            return;
        if (tk.added_tokens_map.has(section.text)) {
            tokens.push({ token: section.text, span: { start: section.starts[0], end: section.ends[section.text.length - 1] } });
            return;
        }
        let normalized = section;
        if (tk.normalizer !== null) {
            normalized = normalizeAligned(section, tk.normalizer, (json.normalizer ?? {}));
            const expected = tk.normalizer.normalize(section.text);
            if (normalized.text !== expected) {
                throw new OffsetRecoveryError(`aligned normalization differs from the tokenizer's (${JSON.stringify(normalized.text.slice(0, 40))}…)`);
            }
        }
        if (normalized.text.length === 0)
            return;
        for (const sub of splitAligned(normalized, tk.splitter_normalized)) {
            if (sub.text.length === 0)
                continue;
            if (tk.added_tokens_map.has(sub.text)) {
                tokens.push({ token: sub.text, span: { start: sub.starts[0], end: sub.ends[sub.text.length - 1] } });
                continue;
            }
            let pieces = [sub];
            if (tk.pre_tokenizer !== null) {
                pieces = preTokenizeAligned(sub, tk.pre_tokenizer, (json.pre_tokenizer ?? {}), sectionIndex);
                const expected = tk.pre_tokenizer.pre_tokenize(sub.text, { section_index: sectionIndex });
                if (pieces.length !== expected.length || pieces.some((x, i) => x.text !== expected[i])) {
                    throw new OffsetRecoveryError("aligned pre-tokenization differs from the tokenizer's");
                }
            }
            const modelTokens = tk.model(pieces.map((x) => x.text));
            tokens.push(...alignTokens(modelTokens, pieces, kind, tk.model, (json.model ?? {})));
        }
    });
    const expected = tk.tokenize(text, { add_special_tokens: false });
    if (expected.length !== tokens.length || expected.some((t, i) => t !== tokens[i].token)) {
        throw new OffsetRecoveryError(`recovered tokens differ from the tokenizer's (${tokens.length} vs ${expected.length})`);
    }
    return tokens;
}

// EXTERNAL MODULE: ./src/scorer/pylist.ts
var pylist = __webpack_require__(1);
;// CONCATENATED MODULE: ./src/scorer/windowing.ts
// Windowing (docs/scorer.md#windowing-and-scoring): the window size from the model's limits, and the character windows of a
// text from its tokens' character offsets.
/** Python's VERY_LARGE_INTEGER default for model_max_length and any value over this is "no limit". */
const MAX_USABLE_LIMIT = 100_000;
/**
 * window_limit: the smallest of (model_max_length, max_position_embeddings, cap) that is an integer
 * in (0, 100000], minus the special tokens the tokenizer adds. Throws when none is usable.
 */
function windowLimit(modelMaxLength, maxPositionEmbeddings, special, cap = null) {
    const usable = [modelMaxLength, maxPositionEmbeddings, cap].filter((v) => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= MAX_USABLE_LIMIT);
    if (usable.length === 0) {
        throw new Error(`no usable window limit: model_max_length=${String(modelMaxLength)}, max_position_embeddings=${String(maxPositionEmbeddings)}, cap=${String(cap)}`);
    }
    const size = Math.min(...usable) - special;
    if (size <= 0)
        throw new Error(`window limit ${Math.min(...usable)} leaves no room after ${special} special tokens`);
    return size;
}
/**
 * windows(text): given the offsets of the text's tokens (tokenized without special tokens), the whole
 * text when it has at most `size` tokens, else the character slices of token windows
 * [start, start+size) with start stepping by `stride` until start + size >= token count.
 */
function windows(text, offsets, size, stride) {
    if (!(Number.isInteger(size) && size > 0))
        throw new Error(`window size must be a positive integer, got ${size}`);
    if (!(Number.isInteger(stride) && stride > 0))
        throw new Error(`stride must be a positive integer, got ${stride}`);
    if (offsets.length <= size)
        return [text];
    const out = [];
    for (let start = 0;; start += stride) {
        const last = Math.min(start + size, offsets.length) - 1;
        out.push(text.slice(offsets[start].start, offsets[last].end));
        if (start + size >= offsets.length)
            break;
    }
    return out;
}

;// CONCATENATED MODULE: ./src/scorer/classifier.ts
// Load a text classifier with transformers.js (ONNX on onnxruntime-node, CPU) and score texts as
// docs/scorer.md#windowing-and-scoring says: windows through recovered character offsets, each window re-tokenized with its
// special tokens and truncated to the window limit, probabilities softmaxed, max over windows.
//
// transformers.js is imported dynamically here only, so `--list-keys` and the gate never load it.
// The text-classification pipeline is used to load the tokenizer and model; its call is not, since
// its truncation cuts the token list (dropping the final [SEP]) and uses model_max_length instead
// of the window limit; the tokenization, truncation and padding below follow Python's pipeline.






const COMMIT = /^[0-9a-f]{40}$/;
/** Split "onnx/model.onnx" into transformers.js's subfolder and model_file_name (fp32: no suffix). */
function onnxLocation(file) {
    const m = /^(?:(.*)\/)?([^/]+)\.onnx$/.exec(file);
    if (!m)
        throw new errors/* ScoringError */.Q(`ONNX weights file must end in .onnx: ${file}`);
    return { subfolder: m[1] ?? '', model_file_name: m[2] };
}
async function resolveRevision(spec, remoteHost) {
    if (COMMIT.test(spec.revision))
        return spec.revision;
    const rev = spec.revision === '' ? 'main' : spec.revision;
    const url = `${remoteHost.replace(/\/$/, '')}/api/models/${spec.model}/revision/${encodeURIComponent(rev)}`;
    const res = await fetch(url);
    if (!res.ok)
        throw new errors/* ScoringError */.Q(`cannot resolve revision ${rev} of ${spec.model}: HTTP ${res.status}`);
    const sha = (await res.json()).sha;
    if (typeof sha !== 'string' || !COMMIT.test(sha))
        throw new errors/* ScoringError */.Q(`no commit hash for ${spec.model}@${rev}`);
    return sha;
}
async function loadClassifier(spec, opts) {
    // webpackIgnore keeps a native dynamic import in the ncc bundle (webpack would otherwise hoist the
    // external into a static import that every run, even --list-keys, would load).
    const tf = await import(/* webpackIgnore: true */ '@huggingface/transformers');
    const env = tf.env;
    let modelId = spec.model;
    let revision;
    if (opts.modelDir !== undefined) {
        const dir = (0,external_node_path_.resolve)(opts.modelDir);
        env.allowRemoteModels = false;
        env.allowLocalModels = true;
        env.localModelPath = (0,external_node_path_.dirname)(dir) + '/';
        modelId = (0,external_node_path_.basename)(dir);
        revision = '';
    }
    else {
        // Only the hub: never a same-named directory of the working tree.
        env.allowLocalModels = false;
        env.allowRemoteModels = true;
        revision = await resolveRevision(spec, env.remoteHost);
    }
    const loc = onnxLocation(spec.onnx);
    // transformers.js runs no code from the repository: it reads config/tokenizer JSON and the ONNX
    // graph only (the equivalent of trust_remote_code=False).
    const pipe = (await tf.pipeline('text-classification', modelId, {
        revision: revision || 'main',
        device: 'cpu',
        dtype: 'fp32',
        subfolder: loc.subfolder,
        model_file_name: loc.model_file_name,
        local_files_only: opts.modelDir !== undefined,
    }));
    const { tokenizer, model } = pipe;
    const id2label = model.config.id2label ?? {};
    const labels = [];
    for (const [k, v] of Object.entries(id2label))
        labels[Number(k)] = v;
    opts.log?.(`id2label: ${JSON.stringify(id2label)}`);
    const positiveIndex = labels.indexOf(spec.positiveLabel);
    if (positiveIndex < 0) {
        throw new errors/* ScoringError */.Q(`positive label '${spec.positiveLabel}' not produced by the model; its labels are ${(0,pylist/* pyList */._)(labels)}`);
    }
    const withSpecial = tokenizer('', { add_special_tokens: true, return_tensor: false }).input_ids.length;
    const without = tokenizer('', { add_special_tokens: false, return_tensor: false }).input_ids.length;
    const special = withSpecial - without;
    const windowTokens = windowLimit(tokenizer.model_max_length, model.config.max_position_embeddings, special, opts.maxWindow);
    const onnxVersions = env.backends.onnx?.versions ?? {};
    return {
        tokenizer,
        model,
        labels,
        positiveIndex,
        special,
        windowTokens,
        revision,
        versions: { transformers: env.version, onnxruntime: onnxVersions.node ?? onnxVersions.common ?? '' },
        tensor: (data, dims) => new tf.Tensor('int64', data, dims),
    };
}
/** The character windows of a text for this classifier (docs/scorer.md#windowing-and-scoring). */
function textWindows(c, text, stride) {
    const offsets = tokenOffsets(c.tokenizer._tokenizer, text).map((t) => t.span);
    return windows(text, offsets, c.windowTokens, stride);
}
/** Token ids of a window with special tokens, truncated like Python's (content cut, specials kept). */
function windowIds(c, text) {
    const max = c.windowTokens + c.special;
    const full = c.tokenizer(text, { add_special_tokens: true, return_tensor: false }).input_ids;
    if (full.length <= max)
        return full;
    const content = c.tokenizer(text, { add_special_tokens: false, return_tensor: false }).input_ids;
    const extra = full.length - content.length;
    for (let p = 0; p <= extra; p++) {
        if (content.every((id, i) => full[p + i] === id)) {
            return [...full.slice(0, p), ...content.slice(0, c.windowTokens), ...full.slice(p + content.length)];
        }
    }
    throw new errors/* ScoringError */.Q('cannot locate the text between the special tokens');
}
function probabilities(logits, multiLabel) {
    const xs = Array.from(logits);
    if (multiLabel || xs.length === 1)
        return xs.map((x) => Math.fround(1 / (1 + Math.exp(-x))));
    const m = Math.max(...xs);
    const e = xs.map((x) => Math.exp(x - m));
    const sum = e.reduce((a, b) => a + b, 0);
    return e.map((x) => Math.fround(x / sum));
}
/**
 * score_texts: key → score. An empty text scores 0 with no model call; otherwise the max over its
 * windows of the positive label's probability. Windows of all texts go to the model in batches.
 */
async function scoreTexts(c, texts, opts) {
    const scores = new Map();
    const queue = [];
    for (const [key, text] of texts) {
        scores.set(key, 0.0);
        if (text === '')
            continue;
        for (const window of textWindows(c, text, opts.stride))
            queue.push({ key, window });
    }
    const pad = c.tokenizer.pad_token_id ?? 0;
    const multiLabel = c.model.config.problem_type === 'multi_label_classification';
    for (let at = 0; at < queue.length; at += opts.batch) {
        const batch = queue.slice(at, at + opts.batch);
        const ids = batch.map((b) => windowIds(c, b.window));
        const width = Math.max(...ids.map((x) => x.length));
        const left = c.tokenizer.padding_side === 'left';
        const idData = new BigInt64Array(batch.length * width);
        const maskData = new BigInt64Array(batch.length * width);
        ids.forEach((row, r) => {
            const off = left ? width - row.length : 0;
            for (let i = 0; i < width; i++)
                idData[r * width + i] = BigInt(pad);
            row.forEach((id, i) => {
                idData[r * width + off + i] = BigInt(id);
                maskData[r * width + off + i] = 1n;
            });
        });
        const out = await c.model({
            input_ids: c.tensor(idData, [batch.length, width]),
            attention_mask: c.tensor(maskData, [batch.length, width]),
        });
        const n = out.logits.dims[1];
        batch.forEach((b, r) => {
            const probs = probabilities(Array.from(out.logits.data).slice(r * n, (r + 1) * n), multiLabel);
            const p = probs[c.positiveIndex];
            if (p === undefined)
                throw new errors/* ScoringError */.Q(`positive label '${c.labels[c.positiveIndex]}' not produced by the model; its labels are ${(0,pylist/* pyList */._)(c.labels)}`);
            scores.set(b.key, Math.max(scores.get(b.key), p));
        });
        opts.progress?.(Math.min(at + opts.batch, queue.length), queue.length);
    }
    return scores;
}


/***/ })

};
