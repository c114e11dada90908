// docs/agentdyn.md's TypeScript-computed section (the reference defenses on every model's recorded
// runs) is what the committed corpora give: regenerate it with `npx tsx scripts/agentdyn-tables.ts`.
import { describe, expect, it } from 'vitest';
import { agentdynTables, committedSection } from '../../scripts/agentdyn-tables.js';

describe('docs/agentdyn.md', () => {
  it('holds the reference defenses exactly as the corpora score them', () => {
    expect(committedSection()).toBe(agentdynTables());
  });
});
