// Bundle each entry point with ncc into dist/<name>/index.js (ESM). dist/ is committed and CI
// fails when it is stale, so the build must be deterministic: no source maps with absolute paths,
// no timestamps.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

const entries = {
  cli: 'src/cli/index.ts',
  action: 'src/action/index.ts',
  // The scorer has its own bundle: the gate never loads transformers.js or onnxruntime.
  scorer: 'src/scorer/index.ts',
};

for (const [name, entry] of Object.entries(entries)) {
  if (!existsSync(entry)) continue;
  const out = `dist/${name}`;
  rmSync(out, { recursive: true, force: true });
  const external = name === 'scorer' ? ['-e', '@huggingface/transformers', '-e', 'onnxruntime-node'] : [];
  execFileSync('npx', ['ncc', 'build', entry, '-o', out, '--target', 'es2022', '-q', ...external], { stdio: 'inherit' });
}

// The SDK ships compiled and typed, for `import { defineDefense } from 'agent-defense-eval/sdk'`
// (package.json's exports) from plain Node: tsc rather than ncc, so that dist/sdk/index.d.ts comes
// with dist/sdk/index.js. It imports only node: built-ins, so nothing is bundled.
rmSync('dist/sdk', { recursive: true, force: true });
execFileSync('npx', ['tsc', '-p', 'src/sdk/tsconfig.json'], { stdio: 'inherit' });
