// Entry point of the bundled action: only runs it.
import { defaultDeps } from './deps.js';
import { run } from './main.js';

void run(defaultDeps()).then((code) => {
  process.exitCode = code;
});
