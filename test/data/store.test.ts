// The store and the registry: every corpus name loads its kind, and a corpus built from several
// files has a version that changes when any of them changes (the attack corpora read the paired
// corpus's benign tasks too).
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CORPORA, CORPUS_NAMES, FILES } from '../../src/data/registry.js';
import { corpusIdentity, CorpusStore } from '../../src/data/store.js';

const store = new CorpusStore();
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

describe('corpus registry', () => {
  it.each(CORPUS_NAMES)('%s loads a corpus of its registered kind and name, versioned by its registered files', (name) => {
    const c = CORPORA[name].load(store);
    expect(c.kind).toBe(CORPORA[name].kind);
    expect(c.name).toBe(name);
    expect(Object.keys(c.files)).toEqual(CORPORA[name].files.map((f) => `corpora/${f}`));
    if (name !== 'bundled') expect(c.version).toBe(corpusIdentity(name, c.files).version);
  });

  it('a one-file corpus is versioned by that file; the attack corpus by both files it reads', () => {
    const pairs = store.pairs();
    expect(pairs.version).toBe(sha(gunzipSync(readFileSync(join(store.root, 'corpora', FILES.pairs)))));
    const attacks = store.attacks('identity');
    const lines = `corpora/${FILES.attacks}:${attacks.files[`corpora/${FILES.attacks}`]}\ncorpora/${FILES.pairs}:${pairs.version}\n`;
    expect(attacks.version).toBe(sha(lines));
  });

  it('changing only the paired corpus changes the attack corpus version', () => {
    const root = mkdtempSync(join(tmpdir(), 'ade-store-'));
    cpSync(join(store.root, 'corpora'), join(root, 'corpora'), { recursive: true });
    const path = join(root, 'corpora', FILES.pairs);
    const doc = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8'));
    doc.source += ' (edited)';
    const bytes = Buffer.from(JSON.stringify(doc));
    writeFileSync(path, gzipSync(bytes));
    const manifest = JSON.parse(readFileSync(join(root, 'corpora/manifest.json'), 'utf8'));
    manifest.files[FILES.pairs].sha256 = sha(bytes);
    writeFileSync(join(root, 'corpora/manifest.json'), JSON.stringify(manifest));
    const edited = new CorpusStore(root).attacks('identity');
    const original = store.attacks('identity');
    expect(edited.files[`corpora/${FILES.attacks}`]).toBe(original.files[`corpora/${FILES.attacks}`]);
    expect(edited.version).not.toBe(original.version);
  });
});
