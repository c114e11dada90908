// docs/online.md's generated section (the reference rows of online runs on pairs and AgentDyn) is
// what the committed corpora give: regenerate it with `npx tsx scripts/online-tables.ts`.
import { describe, expect, it } from 'vitest';
import { committedSection, onlineTables } from '../../scripts/online-tables.js';

describe('docs/online.md', () => {
  it('holds the online figures exactly as the corpora give them', async () => {
    expect(committedSection()).toBe(await onlineTables());
  }, 60_000);
});
