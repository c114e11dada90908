// Example defense in TypeScript, over stdio (protocol v1, kept as it was), also usable in process.
//
// Context-aware: refuse a call that sends data out (non-empty dest) after the agent read a tool
// output that looks like an instruction aimed at it. Run it with the action as
//   defense: npx tsx examples/node-stdio/defense.ts          (stdio)
//   defense-module: dist/defense.js                         (in process, once compiled)
import { fileURLToPath } from 'node:url';
import { defineDefense } from '../../src/sdk/index.js';

const INSTRUCTION_LIKE = ['ignore previous', 'ignore all previous', 'important message', 'instead', 'before you', '<information>'];

export const defense = defineDefense({
  name: 'example-node-context-guard',
  protocol: 1,
  stateless: true,
  decide(call) {
    if (call.dest === '') return { allow: true, reason: 'nothing leaves' };
    const hit = call.context.find((text) => INSTRUCTION_LIKE.some((p) => text.toLowerCase().includes(p)));
    if (hit !== undefined) return { allow: false, reason: 'data leaves after instruction-like text in a tool output' };
    return { allow: true, reason: 'no instruction-like text read' };
  },
});
export default defense;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  defense.serveStdio().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
