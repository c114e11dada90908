// Reading the pinned corpus files: the only place corpora touch the disk. Each file is checked
// against corpora/manifest.json before it is parsed, so a corrupted or edited corpus is refused.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { z } from 'zod';
import { InputError, schemaError } from '../model/errors.js';
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

export function readJson(path: string, where: string = path): unknown {
  const raw = readBytes(path, where);
  return parseJson(path.endsWith('.gz') ? gunzip(raw, where) : raw, where);
}

function gunzip(raw: Buffer, where: string): Buffer {
  try {
    return gunzipSync(raw);
  } catch (e) {
    throw new InputError(`${where}: corrupt gzip data (${(e as Error).message})`);
  }
}

function parseJson(bytes: Buffer, where: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    throw new InputError(`${where}: invalid JSON: ${(e as Error).message}`);
  }
}

export function validate<T>(schema: z.ZodType<T>, json: unknown, where: string): T {
  const r = schema.safeParse(json);
  if (!r.success) throw schemaError(where, r.error);
  return r.data;
}

export function readManifest(root: string): Manifest {
  const path = join(root, 'corpora', 'manifest.json');
  return validate(ManifestSchema, readJson(path, relative(process.cwd(), path) || path), path);
}

export interface PinnedFile {
  readonly json: unknown;
  /** SHA-256 of the uncompressed bytes, as pinned in the manifest. */
  readonly sha256: string;
  readonly where: string;
}

/** Read `corpora/<rel>` and refuse it unless its uncompressed bytes match the manifest. */
export function readPinned(root: string, manifest: Manifest, rel: string): PinnedFile {
  const where = `corpora/${rel}`;
  const pinned = manifest.files[rel];
  if (!pinned) throw new InputError(`${where}: not listed in corpora/manifest.json`);
  const raw = readBytes(join(root, 'corpora', rel), where);
  const bytes = rel.endsWith('.gz') ? gunzip(raw, where) : raw;
  const digest = sha256(bytes);
  if (digest !== pinned.sha256) {
    throw new InputError(
      `${where}: SHA-256 ${digest} does not match corpora/manifest.json (${pinned.sha256}); the file was modified or corrupted`,
    );
  }
  return { json: parseJson(bytes, where), sha256: digest, where };
}
