// The README's library example runs as written (with the repository as its working directory).
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

describe('README', () => {
  it('the library example prints a comparison with the custom defense in it', () => {
    const md = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = md.slice(md.indexOf('### Using it as a library'));
    const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    expect(code, 'no ts block after "### Using it as a library"').toBeDefined();
    const file = join(ROOT, `.readme-example-${process.pid}.ts`);
    writeFileSync(file, code!);
    try {
      const out = execFileSync(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, encoding: 'utf8' });
      expect(out).toMatch(/^corpus: pairs\n/);
      expect(out).toMatch(/^my-guard {16}/m);
      expect(out).toMatch(/^flow-guard {15}547\/609 \( 90%\)/m);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('the quick start is exactly two commands', () => {
    const md = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = /## Quick start\n\n```sh\n([\s\S]*?)```/.exec(md)?.[1] ?? '';
    expect(
      block
        .trim()
        .split('\n')
        .map((l) => l.replace(/\s+#.*$/, '')),
    ).toEqual(['npm ci && npm start', 'npm test']);
  });
});
