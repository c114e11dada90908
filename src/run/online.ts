// What both shells run for an online evaluation (docs/online.md): the streams of each chosen
// corpus, your defense on them (a fresh process per stream), and the reference rows on the same
// streams; the results file's online section and the report data.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Corpus } from '../corpora/corpus.js';
import { InputError } from '../model/errors.js';
import { ONLINE_DEFAULTS, type OnlineSettings } from '../model/online.js';
import {
  evaluateOnline,
  onlineReferences,
  onlineResult,
  playEntrant,
  streamsOf,
  type OnlineReport,
  type OnlineResult,
} from '../evaluate/online.js';
import type { OnlineSection, RunResults } from '../gate/results.js';
import { onlineEntrant, type DefenseSpec, type OpenOptions } from '../adapters/index.js';

/** A seed for a run that was given none: drawn afresh, so no defense can know a stream's order in advance (it is recorded in the results). */
export function newSeed(): string {
  return randomBytes(8).readBigUInt64BE(0).toString();
}

export function onlineSettings(o: { attacks?: number; benign?: number; window?: number; seed?: string | undefined }): OnlineSettings {
  return {
    attacks: o.attacks ?? ONLINE_DEFAULTS.attacks,
    benign: o.benign ?? ONLINE_DEFAULTS.benign,
    window: o.window ?? ONLINE_DEFAULTS.window,
    seed: o.seed ?? newSeed(),
    budgets: { ...ONLINE_DEFAULTS.budgets },
  };
}

/** The vaccine file's path and digest, read before anything runs; an unreadable file is an input error. */
export function readVaccine(path: string | undefined, label: string): { path: string; sha256: string } | undefined {
  if (path === undefined) return undefined;
  try {
    return { path, sha256: createHash('sha256').update(readFileSync(path)).digest('hex') };
  } catch (e) {
    throw new InputError(`${label} ${path}: cannot read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

export interface UserOnline {
  readonly result: OnlineResult;
  readonly section: OnlineSection;
}

/** Your defense on each corpus's streams (a fresh instance per stream), as report rows and results sections. */
export async function playUserDefense(
  spec: DefenseSpec,
  corpora: readonly Corpus[],
  settings: OnlineSettings,
  open: OpenOptions,
  name: string,
  vaccine?: { path: string; sha256: string },
  /** A shard's streams only (docs/shards.md); every stream when undefined. */
  only?: (corpus: string, suite: string) => boolean,
): Promise<Map<string, UserOnline>> {
  const out = new Map<string, UserOnline>();
  const entrant = onlineEntrant(spec, { ...open, vaccine: vaccine?.path }, name);
  const secret = randomBytes(32);
  for (const corpus of corpora) {
    const built = streamsOf(corpus, settings);
    const mine = built.streams.flatMap((s, i) => (!only || only(corpus.name, s.suite) ? [i] : []));
    const streams = mine.map((i) => built.streams[i]!);
    const result = await playEntrant(corpus, streams, entrant, settings, { secret });
    out.set(corpus.name, {
      result,
      section: {
        settings,
        learns: result.learns,
        vaccine: vaccine?.sha256 ?? null,
        streams: mine.map((i, k) => ({
          suite: built.described.streams[i]!.suite,
          episodes: [...built.described.streams[i]!.episodes],
          counts: result.streams[k]!.counts,
        })),
      },
    });
  }
  return out;
}

/** The online report of a corpus: yours first when given, then the reference rows on the same streams. */
export function onlineReport(corpus: Corpus, settings: OnlineSettings, mine?: OnlineResult): Promise<OnlineReport> {
  return evaluateOnline(corpus, onlineReferences(corpus), settings, { secret: randomBytes(32) }, mine ? [mine] : []);
}

/**
 * The online reports a results file's sections describe: your defense's row rebuilt from the
 * recorded counts, the reference rows played again on the same streams (rebuilt from the recorded
 * settings). The companion renders a fork's comment from the file this way.
 */
export async function onlineDetails(
  corpora: readonly Corpus[],
  results: RunResults,
  defense: string,
): Promise<Record<string, OnlineReport>> {
  const out: Record<string, OnlineReport> = {};
  for (const entry of results.corpora) {
    const corpus = corpora.find((c) => c.name === entry.corpus);
    if (!entry.online || !corpus) continue;
    const settings = entry.online.settings as OnlineSettings;
    const { streams } = streamsOf(corpus, settings);
    if (streams.length !== entry.online.streams.length || streams.some((s, i) => s.suite !== entry.online!.streams[i]!.suite))
      throw new InputError(`the results' online streams of ${entry.corpus} are not the ones its settings build`);
    const mine = onlineResult(
      defense,
      entry.online.learns,
      streams,
      entry.online.streams.map((s) => ({ counts: s.counts, asked: 0 })),
      settings.window,
    );
    out[entry.corpus] = await onlineReport(corpus, settings, mine);
  }
  return out;
}

/** Results, or a shard's part of them, with each corpus's online section added where `sectionOf` has one. */
export function withOnlineSections<T extends { readonly corpora: readonly { readonly corpus: string }[] }>(
  results: T,
  sectionOf: (corpus: string) => OnlineSection | undefined,
): T {
  return {
    ...results,
    corpora: results.corpora.map((c) => {
      const online = sectionOf(c.corpus);
      return online ? { ...c, online } : c;
    }),
  };
}
