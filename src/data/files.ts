// Reading pinned data and user files: the only place the library touches the disk. Corpus files
// are checked against corpora/manifest.json before they are parsed, so an edited or corrupted
// corpus is refused; every JSON file goes through one read-parse-validate path.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { z } from 'zod';
import { InputError, parseWith } from '../model/errors.js';
import { ManifestSchema, type Manifest } from '../model/manifest.js';

export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** The directory holding corpora/ and scores/: walk up from this module (src/ or dist/). */
export function findDataRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  const env = process.env['DEFENSE_EVAL_DATA'];
  if (env) return env;
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'corpora', 'manifest.json'))) return dir;
    if (dirname(dir) === dir) throw new InputError(`cannot find corpora/manifest.json above ${from}`);
  }
}

/** The file's bytes, or an InputError naming it (`<where>: cannot read: ENOENT`). */
export function readBytes(path: string, where: string = path): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw new InputError(`${where}: cannot read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

/** Writes the file, or an InputError naming it (`<where>: cannot write: ENOENT`). */
export function writeText(path: string, text: string, where: string = path): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new InputError(`${where}: cannot write: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

/**
 * The partial results files of a sharded run (docs/shards.md): each path a file, or a directory
 * standing for every .json file under it (an artifact download puts each artifact in a directory
 * of its own), in sorted order. A path that is neither, or a directory with no .json file, is an error.
 */
export function partialFiles(paths: readonly string[], where: (path: string) => string): string[] {
  return paths.flatMap((p) => {
    let directory: boolean;
    try {
      directory = statSync(p).isDirectory();
    } catch (e) {
      throw new InputError(`${where(p)}: cannot read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
    if (!directory) return [p];
    const found = (readdirSync(p, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
      .filter((d) => d.isFile() && d.name.endsWith('.json'))
      .map((d) => join(d.parentPath, d.name))
      .sort();
    if (found.length === 0) throw new InputError(`${where(p)}: the directory holds no .json file`);
    return found;
  });
}

function gunzip(raw: Buffer, where: string): Buffer {
  try {
    return gunzipSync(raw);
  } catch (e) {
    throw new InputError(`${where}: corrupt gzip data (${(e as Error).message})`);
  }
}

export function parseJson(bytes: Buffer | string, where: string): unknown {
  try {
    return JSON.parse(typeof bytes === 'string' ? bytes : bytes.toString('utf8'));
  } catch (e) {
    throw new InputError(`${where}: invalid JSON: ${(e as Error).message}`);
  }
}

/** Read a JSON file (gunzipped when it ends in .gz), validate it, and return it with the SHA-256 of its (uncompressed) bytes. */
export function readValidated<T>(path: string, schema: z.ZodType<T>, where: string = path): { value: T; sha256: string } {
  const raw = readBytes(path, where);
  const bytes = path.endsWith('.gz') ? gunzip(raw, where) : raw;
  return { value: parseWith(schema, parseJson(bytes, where), where), sha256: sha256(bytes) };
}

/** The manifest of a corpus directory (`corpora`, or `corpora/agentdyn`, which has its own). */
export function readManifest(root: string, dir = 'corpora'): Manifest {
  const path = join(root, dir, 'manifest.json');
  return readValidated(path, ManifestSchema, relative(process.cwd(), path) || path).value;
}

export interface PinnedFile {
  readonly json: unknown;
  /** SHA-256 of the uncompressed bytes, as pinned in the manifest. */
  readonly sha256: string;
  readonly where: string;
}

/** Read `<dir>/<rel>` and refuse it unless its uncompressed bytes match the directory's manifest. */
export function readPinned(root: string, manifest: Manifest, rel: string, dir = 'corpora'): PinnedFile {
  const where = `${dir}/${rel}`;
  const pinned = manifest.files[rel];
  if (!pinned) throw new InputError(`${where}: not listed in ${dir}/manifest.json`);
  const raw = readBytes(join(root, dir, rel), where);
  const bytes = rel.endsWith('.gz') ? gunzip(raw, where) : raw;
  const digest = sha256(bytes);
  if (digest !== pinned.sha256) {
    throw new InputError(
      `${where}: SHA-256 ${digest} does not match ${dir}/manifest.json (${pinned.sha256}); the file was modified or corrupted`,
    );
  }
  return { json: parseJson(bytes, where), sha256: digest, where };
}
