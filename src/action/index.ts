// Entry point of the bundled action: `gate` (the default) scores and decides; `comment` posts the
// report as the sticky PR comment (action.yml runs them as two steps; only the second sees the
// token); `companion` posts fork PRs' comments from a workflow_run workflow (companion/action.yml).
import { defaultCommentDeps, defaultCompanionDeps, defaultDeps } from './deps.js';
import { runComment } from './comment-step.js';
import { runCompanion } from './companion.js';
import { run } from './main.js';

const step = process.argv[2] ?? 'gate';
const done =
  step === 'comment' ? runComment(defaultCommentDeps()) : step === 'companion' ? runCompanion(defaultCompanionDeps()) : run(defaultDeps());
void done.then((code) => {
  process.exitCode = code;
});
