// TOOL_VERSION is package.json's version, read at build time, never copied by hand.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOL_VERSION } from '../../src/model/version.js';

describe('TOOL_VERSION', () => {
  it("is package.json's version", () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
    expect(TOOL_VERSION).toBe(pkg.version);
    expect(TOOL_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});
