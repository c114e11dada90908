// Reading classifier score tables: pinned ones under scores/ (checked against scores/manifest.json)
// or any file a user passes. Tables used together must agree on windowing, or their scores are
// not comparable.
import { join } from 'node:path';
import { InputError } from '../model/errors.js';
import { ScoresManifestSchema, ScoreTableSchema, type ScoreTable } from '../model/score-table.js';
import { missingKeys } from '../defenses/classifier.js';
import type { Scenario } from '../model/call.js';
import { readBytes, readJson, sha256, validate } from './files.js';

export interface LoadedTable {
  readonly path: string;
  readonly table: ScoreTable;
  /** SHA-256 of the file's bytes: the table's version in results. */
  readonly sha256: string;
}

export function readScoreTable(path: string): LoadedTable {
  const raw = readBytes(path, `score table ${path}`);
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch (e) {
    throw new InputError(`parse score table ${path}: ${(e as Error).message}`);
  }
  return { path, table: validate(ScoreTableSchema, json, `score table ${path}`), sha256: sha256(raw) };
}

/** The pinned tables of one directory of scores/ (pairs, attacks, transformed), verified. */
export function pinnedTables(root: string, dir: 'pairs' | 'attacks' | 'transformed', filter: (file: string) => boolean = () => true): LoadedTable[] {
  const manifestPath = join(root, 'scores', 'manifest.json');
  const manifest = validate(ScoresManifestSchema, readJson(manifestPath, 'scores/manifest.json'), 'scores/manifest.json');
  const order = ['protectai', 'deepset', 'horizon-labs'];
  const rank = (f: string) => order.findIndex((p) => f.startsWith(`${dir}/${p}`));
  return Object.keys(manifest.files)
    .filter((f) => f.startsWith(`${dir}/`) && filter(f.slice(dir.length + 1)))
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1))
    .map((f) => {
      const t = readScoreTable(join(root, 'scores', f));
      if (t.sha256 !== manifest.files[f]!.sha256) {
        throw new InputError(`scores/${f}: SHA-256 ${t.sha256} does not match scores/manifest.json; the file was modified or corrupted`);
      }
      return { ...t, path: `scores/${f}` };
    });
}

const windowing = (t: ScoreTable): string => JSON.stringify(Object.entries(t.chunking ?? {}).sort());

/** Refuse tables that miss texts of this corpus, or that were cut into windows differently. */
export function checkTables(tables: readonly LoadedTable[], scenarios: readonly Scenario[]): void {
  for (const t of tables) {
    const missing = missingKeys(t.table, scenarios);
    if (missing.length > 0) {
      throw new InputError(`score table ${t.path} does not cover this corpus: ${missing.length} texts unscored`);
    }
  }
  const first = tables[0];
  for (const t of tables.slice(1)) {
    if (windowing(t.table) !== windowing(first!.table)) {
      throw new InputError(`score table ${t.path} uses windowing ${windowing(t.table)}, unlike ${first!.path} (${windowing(first!.table)}); their scores are not comparable`);
    }
  }
}
