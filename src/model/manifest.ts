// corpora/manifest.json: the pinned SHA-256 of every committed corpus, checked at load.
import { z } from 'zod';

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'expected a lower-case hex SHA-256');

export const ManifestSchema = z.object({
  schemaVersion: z.literal(1),
  agentdojo: z.string(),
  benchmark: z.string(),
  files: z.record(z.string(), z.object({ sha256: Sha256, bytes: z.number().int().nonnegative(), gzSha256: Sha256 })),
});
export type Manifest = z.infer<typeof ManifestSchema>;
