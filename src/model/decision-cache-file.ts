// The decision cache file (docs/cache.md#the-file): JSON lines, a header then one entry per line,
// each a digest of a whole request and what the defense answered to it. Nothing else is stored.
import { z } from 'zod';

export const DECISION_CACHE_FORMAT = 'agent-defense-eval decision cache';
export const DECISION_CACHE_VERSION = 1;

export const DecisionCacheHeaderSchema = z.strictObject({
  format: z.literal(DECISION_CACHE_FORMAT),
  version: z.literal(DECISION_CACHE_VERSION, { error: `expected version ${DECISION_CACHE_VERSION}` }),
  /** How many entry lines follow: a truncated file is refused, not half-used. */
  entries: z.number().int().nonnegative(),
});

/** One answer: allow, deny, or ask (protocol 2), with the defense's reason, as it gave them. */
export const DecisionEntrySchema = z
  .strictObject({
    digest: z.string().regex(/^[0-9a-f]{64}$/, 'expected a SHA-256 in hex'),
    allowed: z.boolean(),
    ask: z.literal(true).optional(),
    reason: z.string().max(10_000),
  })
  .refine((e) => !(e.ask && e.allowed), { message: 'an ask is never allowed unattended' });
export type DecisionEntry = z.infer<typeof DecisionEntrySchema>;
