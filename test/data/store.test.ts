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
    if (name !== 'bundled') expect(c.version).toBe(corpusIdentity(name, c.files, c.benchmark).version);
  });

  it('a corpus is versioned by every file it is read with: its own, its returned outputs, the suites, and the paired corpus for an attack corpus', () => {
    const digest = (rel: string) => sha(gunzipSync(readFileSync(join(store.root, 'corpora', rel))));
    const lines = (rels: string[]) => sha(rels.map((r) => `corpora/${r}:${digest(r)}\n`).join(''));
    expect(store.pairs().version).toBe(lines([FILES.pairs, FILES.returned(FILES.pairs), FILES.suites]));
    expect(store.attacks('identity').version).toBe(
      lines([FILES.attacks, FILES.returned(FILES.attacks), FILES.suites, FILES.pairs, FILES.returned(FILES.pairs)]),
    );
  });

  it('refuses a returned-outputs file that belongs to another corpus file', () => {
    const root = mkdtempSync(join(tmpdir(), 'ade-store-'));
    cpSync(join(store.root, 'corpora'), join(root, 'corpora'), { recursive: true });
    // The ground truth's sidecar in the place of the paired corpus's (the manifest updated to match).
    cpSync(join(root, 'corpora', FILES.returned(FILES.agentdojo)), join(root, 'corpora', FILES.returned(FILES.pairs)));
    const manifest = JSON.parse(readFileSync(join(root, 'corpora/manifest.json'), 'utf8'));
    manifest.files[FILES.returned(FILES.pairs)] = manifest.files[FILES.returned(FILES.agentdojo)];
    writeFileSync(join(root, 'corpora/manifest.json'), JSON.stringify(manifest));
    expect(() => new CorpusStore(root).pairs()).toThrow(
      /agentdojo-v1\.2-pairs\.returned\.json\.gz: is the returned-outputs file of agentdojo-v1\.2\.json [0-9a-f]{12}, not of corpora\/agentdojo-v1\.2-pairs\.json\.gz/,
    );
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
    // Its returned-outputs file names the corpus by digest: it follows the edit.
    const sidecarPath = join(root, 'corpora', FILES.returned(FILES.pairs));
    const sidecar = JSON.parse(gunzipSync(readFileSync(sidecarPath)).toString('utf8'));
    sidecar.corpus_sha256 = sha(bytes);
    const sidecarBytes = Buffer.from(JSON.stringify(sidecar));
    writeFileSync(sidecarPath, gzipSync(sidecarBytes));
    manifest.files[FILES.returned(FILES.pairs)].sha256 = sha(sidecarBytes);
    writeFileSync(join(root, 'corpora/manifest.json'), JSON.stringify(manifest));
    const edited = new CorpusStore(root).attacks('identity');
    const original = store.attacks('identity');
    expect(edited.files[`corpora/${FILES.attacks}`]).toBe(original.files[`corpora/${FILES.attacks}`]);
    expect(edited.version).not.toBe(original.version);
  });
});
