// Reading classifier score tables: pinned ones under scores/ (checked against scores/manifest.json)
// or any file a user passes. Tables used together must agree on windowing, or their scores are
// not comparable; a table that misses a text of the corpus is refused, never half-used.
import { join } from 'node:path';
import { InputError } from '../model/errors.js';
import type { Scenario } from '../model/call.js';
import { ScoresManifestSchema, ScoreTableSchema, type LoadedTable, type ScoreTable } from '../model/score-table.js';
import { missingKeys } from '../defenses/classifier.js';
import { readValidated } from './files.js';

export type TableDir = 'pairs' | 'attacks' | 'transformed';

export function readScoreTable(path: string, where: string = `score table ${path}`): LoadedTable {
  const { value, sha256 } = readValidated(path, ScoreTableSchema, where);
  return { path, table: value, sha256 };
}

/** The order tables are listed in reports: the three published classifiers first, then by path. */
const PUBLISHERS = ['protectai', 'deepset', 'horizon-labs'];

/** The pinned tables of one directory of scores/ whose file name passes `filter`, verified against the manifest. */
export function pinnedTables(root: string, dir: TableDir, filter: (file: string) => boolean = () => true): LoadedTable[] {
  const manifest = readValidated(join(root, 'scores', 'manifest.json'), ScoresManifestSchema, 'scores/manifest.json').value;
  // Unknown publishers after the three, by path.
  const rank = (f: string) => {
    const i = PUBLISHERS.findIndex((p) => f.startsWith(`${dir}/${p}`));
    return i < 0 ? PUBLISHERS.length : i;
  };
  return Object.keys(manifest.files)
    .filter((f) => f.startsWith(`${dir}/`) && filter(f.slice(dir.length + 1)))
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1))
    .map((f) => {
      const t = readScoreTable(join(root, 'scores', f), `scores/${f}`);
      if (t.sha256 !== manifest.files[f]!.sha256) {
        throw new InputError(`scores/${f}: SHA-256 ${t.sha256} does not match scores/manifest.json; the file was modified or corrupted`);
      }
      return { ...t, path: `scores/${f}` };
    });
}

/**
 * How a table's texts were cut into windows. The published tables carry no `windows` key and were
 * cut through character offsets, which our scorer records as `windows: "char-offsets"`: the two
 * read the same, so a new table can stand beside the published ones.
 */
const windowing = (t: ScoreTable): string => JSON.stringify(Object.entries({ windows: 'char-offsets', ...(t.chunking ?? {}) }).sort());

/** Refuse tables cut into windows unlike the first: their scores are not comparable. */
export function checkWindowing(tables: readonly LoadedTable[]): void {
  const first = tables[0];
  for (const t of tables.slice(1)) {
    if (windowing(t.table) !== windowing(first!.table)) {
      throw new InputError(
        `score table ${t.path} uses windowing ${windowing(t.table)}, unlike ${first!.path} (${windowing(first!.table)}); their scores are not comparable`,
      );
    }
  }
}

/** Refuse the same table twice, tables that miss texts of this corpus, and tables cut into windows differently. */
export function checkTables(tables: readonly LoadedTable[], scenarios: readonly Scenario[]): void {
  const seen = new Map<string, string>();
  for (const t of tables) {
    const dup = seen.get(t.sha256);
    if (dup !== undefined) throw new InputError(`score table ${t.path} is the same table as ${dup}; pass each table once`);
    seen.set(t.sha256, t.path);
    const missing = missingKeys(t.table, scenarios);
    if (missing.length > 0) throw new InputError(`score table ${t.path} does not cover this corpus: ${missing.length} texts unscored`);
  }
  checkWindowing(tables);
}
