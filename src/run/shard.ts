// What both shells do with a shard's part of a run (docs/shards.md) beyond scoring it: play the
// online streams the plan deals the shard, say what the part holds, and read the parts back for
// the merge.
import type { Corpus } from '../corpora/corpus.js';
import type { OnlineSettings } from '../model/online.js';
import { partialFiles, readValidated } from '../data/files.js';
import { PartialResultsSchema, streamKey, streamPlan, type PartialResults } from '../gate/shard.js';
import type { Shard } from '../scoring/shard.js';
import type { DefenseSpec, OpenOptions } from '../adapters/index.js';
import { playUserDefense, withOnlineSections } from './online.js';

/**
 * The part with the online streams the plan gives its shard, each played whole by a fresh defense
 * under `settings` (the seed this job drew, recorded in the part; the merge keeps each stream's).
 */
export async function playShardStreams(
  spec: DefenseSpec,
  corpora: readonly Corpus[],
  settings: OnlineSettings,
  open: OpenOptions,
  part: PartialResults,
  shard: Shard,
  vaccine?: { path: string; sha256: string },
): Promise<PartialResults> {
  const plan = streamPlan(corpora, settings, shard.count);
  const mine = (corpus: string, suite: string) => plan.get(streamKey(corpus, suite)) === shard.index - 1;
  const played = await playUserDefense(spec, corpora, settings, open, part.defense, vaccine, mine);
  return withOnlineSections(part, (c) => played.get(c)?.section);
}

/** "scored shard 2/8 of my-defense (scenarios: pairs 131/1046, …): 440 requests for 612 decisions". */
export function shardLine(part: PartialResults): string {
  const sizes = part.corpora.map((c) => `${c.corpus} ${c.scenarios.length}/${c.size}`).join(', ');
  const { index, count } = part.shard;
  return `scored shard ${index}/${count} of ${part.defense} (scenarios: ${sizes}): ${part.requests.asked} requests for ${part.requests.needed} decisions`;
}

/** The online streams a part played, "pairs travel, pairs slack", or "none". */
export function playedStreams(part: PartialResults): string {
  return part.corpora.flatMap((c) => (c.online?.streams ?? []).map((x) => `${c.corpus} ${x.suite}`)).join(', ') || 'none';
}

/** The parts named (a directory stands for every .json file under it), each read and schema-checked; `where` names one in errors. */
export function readParts(paths: readonly string[], where: (path: string) => string): { file: string; value: PartialResults }[] {
  return partialFiles(paths, where).map((file) => ({
    file: where(file),
    value: readValidated(file, PartialResultsSchema, where(file)).value,
  }));
}
