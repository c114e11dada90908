// The decision cache on disk (docs/cache.md#the-file): read once, before the defense runs, every
// entry validated; written once, after the run. A file that is corrupt, of another version or too
// big is a warning and an empty cache, never a crash and never trusted in part; a file that cannot
// be read or written at all is the user's path at fault (an InputError naming it).
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Decision } from '../model/call.js';
import { InputError, describeZodError } from '../model/errors.js';
import {
  DECISION_CACHE_FORMAT,
  DECISION_CACHE_VERSION,
  DecisionCacheHeaderSchema,
  DecisionEntrySchema,
} from '../model/decision-cache-file.js';
import { readBytes, writeText } from './files.js';

/** The most entries a file keeps: more than every corpus of the registry asks together. */
export const MAX_DECISION_ENTRIES = 200_000;
/** The largest file read or written (64 MiB): reasons are up to 10,000 characters each. */
export const MAX_DECISION_BYTES = 64 * 1024 * 1024;

/** The decisions in the file at `path` by digest; empty when there is none, or (with a warning) when it cannot be trusted. */
export function readDecisionCache(path: string, where: string, warn: (m: string) => void): Map<string, Decision> {
  if (!existsSync(path)) return new Map();
  if (statSync(path).size > MAX_DECISION_BYTES) {
    warn(`${where}: ignored, an empty decision cache is used: larger than ${MAX_DECISION_BYTES} bytes`);
    return new Map();
  }
  const text = readBytes(path, where).toString('utf8');
  const r = parseDecisionCache(text);
  if (typeof r === 'string') {
    warn(`${where}: ignored, an empty decision cache is used: ${r}`);
    return new Map();
  }
  return r;
}

/** Every line checked; the first fault is returned as text and the whole file is refused. */
export function parseDecisionCache(text: string): Map<string, Decision> | string {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const json = (line: string, n: number): unknown => {
    try {
      return JSON.parse(line);
    } catch {
      throw new Error(`line ${n}: not JSON`);
    }
  };
  try {
    const header = DecisionCacheHeaderSchema.safeParse(json(lines[0] ?? '', 1));
    if (!header.success) return `line 1 (header): ${describeZodError(header.error)}`;
    if (lines.length - 1 !== header.data.entries)
      return `the header announces ${header.data.entries} entries, the file has ${lines.length - 1}`;
    if (header.data.entries > MAX_DECISION_ENTRIES) return `more than ${MAX_DECISION_ENTRIES} entries`;
    const out = new Map<string, Decision>();
    for (let i = 1; i < lines.length; i++) {
      const e = DecisionEntrySchema.safeParse(json(lines[i]!, i + 1));
      if (!e.success) return `line ${i + 1}: ${describeZodError(e.error)}`;
      if (out.has(e.data.digest)) return `line ${i + 1}: digest ${e.data.digest} appears twice`;
      out.set(e.data.digest, { allowed: e.data.allowed, reason: e.data.reason, ...(e.data.ask ? { ask: true } : {}) });
    }
    return out;
  } catch (e) {
    return (e as Error).message;
  }
}

/**
 * The file's text for these entries, in the order given, within the bounds (entries past them are
 * left out, counted in `dropped`).
 */
export function formatDecisionCache(entries: readonly (readonly [string, Decision])[]): { text: string; written: number; dropped: number } {
  const lines: string[] = [];
  let bytes = 200;
  for (const [digest, d] of entries) {
    if (lines.length >= MAX_DECISION_ENTRIES) break;
    const line = JSON.stringify({ digest, allowed: d.allowed, ...(d.ask ? { ask: true } : {}), reason: d.reason });
    bytes += Buffer.byteLength(line) + 1;
    if (bytes > MAX_DECISION_BYTES) break;
    lines.push(line);
  }
  const header = JSON.stringify({ format: DECISION_CACHE_FORMAT, version: DECISION_CACHE_VERSION, entries: lines.length });
  return { text: [header, ...lines].map((l) => `${l}\n`).join(''), written: lines.length, dropped: entries.length - lines.length };
}

/** Write the file (an InputError naming `where` when it cannot be written). */
export function writeDecisionCache(
  path: string,
  entries: readonly (readonly [string, Decision])[],
  where: string,
): { written: number; dropped: number } {
  const { text, written, dropped } = formatDecisionCache(entries);
  writeText(path, text, where);
  return { written, dropped };
}

/** Before the run: a path that could not be read or written afterwards is refused now, not after the defense ran. */
export function checkDecisionCachePath(path: string, where: string): void {
  const code = (e: unknown) => (e as NodeJS.ErrnoException).code ?? String(e);
  if (existsSync(path)) {
    if (statSync(path).isDirectory()) throw new InputError(`${where}: is a directory`);
    try {
      accessSync(path, constants.R_OK | constants.W_OK);
    } catch (e) {
      throw new InputError(`${where}: cannot read and write: ${code(e)}`);
    }
    return;
  }
  try {
    accessSync(dirname(path), constants.W_OK);
  } catch (e) {
    throw new InputError(`${where}: cannot write in ${dirname(path)}: ${code(e)}`);
  }
}
