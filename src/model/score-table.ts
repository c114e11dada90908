// Classifier score tables (docs/defenses.md#classifier-defenses): full SHA-256 hex of a text →
// probability of the positive label.
import { z } from 'zod';

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'expected a full lower-case hex SHA-256');

export const ScoreTableSchema = z.object({
  model: z.string(),
  revision: z.string(),
  requested_revision: z.string().optional(),
  positive_label: z.string().min(1),
  // The original reads chunking as an int map; our scorer may add how windows were cut (a string).
  chunking: z
    .record(z.string(), z.union([z.number().int(), z.string()]))
    .nullable()
    .optional(),
  runtime: z.record(z.string(), z.string()).nullable().optional(),
  scores: z
    .record(z.string().regex(/^[0-9a-f]{64}$/, 'expected a full lower-case hex SHA-256 key'), z.number().min(0).max(1))
    .refine((s) => Object.keys(s).length > 0, 'has no scores'),
});
export type ScoreTable = z.infer<typeof ScoreTableSchema>;

export const ScoresManifestSchema = z.object({
  schemaVersion: z.literal(1),
  files: z.record(z.string(), z.object({ sha256: Sha256, model: z.string(), revision: z.string(), texts: z.number().int() })),
});

/** A table read from disk: where it came from and its version (the SHA-256 of its bytes). */
export interface LoadedTable {
  readonly path: string;
  readonly table: ScoreTable;
  readonly sha256: string;
}
