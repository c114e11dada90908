// The gate, CLI and action never load the scorer, transformers.js or onnxruntime; the scorer's own
// bundle loads them only when it scores (not for --list-keys or --help).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

describe('isolation of the scorer', () => {
  it('no source outside src/scorer imports the scorer, transformers.js or onnxruntime', () => {
    const offenders = files(join(root, 'src'))
      .filter((p) => /\.(ts|mts|js|mjs)$/.test(p) && !relative(root, p).startsWith(join('src', 'scorer')))
      .filter((p) =>
        /from\s+['"][^'"]*(\/scorer\/|@huggingface\/transformers|onnxruntime)|import\(\s*['"][^'"]*(\/scorer\/|@huggingface\/transformers|onnxruntime)/.test(
          readFileSync(p, 'utf8'),
        ),
      );
    expect(offenders.map((p) => relative(root, p))).toEqual([]);
  });

  const built = ['cli', 'action'].map((n) => join(root, 'dist', n, 'index.js')).filter(existsSync);
  it.skipIf(built.length === 0)('the built gate bundles contain neither transformers.js nor onnxruntime', () => {
    for (const p of built) {
      const text = files(join(p, '..'))
        .filter((f) => f.endsWith('.js'))
        .map((f) => readFileSync(f, 'utf8'))
        .join('\n');
      expect(text, p).not.toMatch(/@huggingface\/transformers|onnxruntime/);
    }
  });

  const scorer = join(root, 'dist', 'scorer', 'index.js');
  it.skipIf(!existsSync(scorer))('the built scorer lists keys where transformers.js cannot even be resolved', () => {
    // A copy of dist/scorer far from node_modules: a static import of transformers.js would fail.
    const dir = mkdtempSync(join(tmpdir(), 'scorer-bundle-'));
    cpSync(join(root, 'dist', 'scorer'), join(dir, 'scorer'), { recursive: true });
    const corpus = join(dir, 'c.json');
    writeFileSync(
      corpus,
      JSON.stringify({
        outputs: { '0123456789abcdef': 'hi' },
        scenarios: [{ id: 's', trace: [{ args: [], context: ['0123456789abcdef'] }] }],
      }),
    );
    const out = execFileSync(process.execPath, [join(dir, 'scorer', 'index.js'), '--corpus', corpus, '--list-keys'], { encoding: 'utf8' });
    expect(out).toBe('8f434346648f6b96df89dda901c5176b10a6d83961dd3c1ac88b59b2dc327aa4\n');
  });
});
