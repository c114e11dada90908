// The CLI's --shard and --merge flags (docs/shards.md): what a shard takes (the attack and the
// streams it is dealt a part of), what only the merge takes (the base, the thresholds, the
// reports), and the flags each refuses, naming them.
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/args.js';

const shard = ['--corpus', 'pairs', '--defense-cmd', 'x', '--shard', '2/3', '--out-results', 'p.json'];
const merge = ['--corpus', 'pairs', '--merge', 'a.json,b.json'];

describe('--shard and --merge', () => {
  it('a shard attacks and plays its part: --adaptive, --adaptive-replay, --adaptive-suites and --online are its own', () => {
    const a = parseCliArgs([...shard, '--adaptive', '2', '--adaptive-seed', '9', '--adaptive-suites', 'banking']);
    expect(a.external?.shard).toEqual({ index: 2, count: 3 });
    expect(a.adaptive).toMatchObject({ mode: 'search', iterations: 2, seed: '9', suites: ['banking'] });
    expect(parseCliArgs([...shard, '--adaptive-replay', 'r.json']).adaptive).toEqual({ mode: 'replay', file: 'r.json' });
    expect(parseCliArgs([...shard, '--online']).online).toBeDefined();
  });

  it('the merge gates what its parts made: --max-adaptive-asr and the online ceilings apply without the flags that made it', () => {
    expect(parseCliArgs([...merge, '--max-adaptive-asr', '5']).external?.thresholds.maxAdaptiveAsr).toBe(5);
    expect(parseCliArgs([...merge, '--max-sw-asr', '5']).external?.thresholds.maxSwAsr).toBe(5);
    expect(() => parseCliArgs(['--corpus', 'pairs', '--defense-cmd', 'x', '--max-adaptive-asr', '5'])).toThrow(
      '--max-adaptive-asr needs --adaptive or --adaptive-replay',
    );
  });

  it.each([
    [[...shard, '--max-adaptive-asr', '5'], '--max-adaptive-asr does not apply to --shard'],
    [[...shard, '--baseline', 'b.json'], '--baseline does not apply to --shard'],
    [[...shard, '--html', 'r.html'], '--html does not apply to --shard'],
    [[...shard, '--repeat', '3'], '--repeat does not apply to --shard'],
    [['--corpus', 'pairs', '--defense-cmd', 'x', '--shard', '1/2'], '--shard needs --out-results FILE'],
    [[...merge, '--adaptive', '2'], '--adaptive does not apply to --merge: the shards were scored already'],
    [[...merge, '--adaptive-replay', 'r.json'], '--adaptive-replay does not apply to --merge'],
    [[...merge, '--adaptive-suites', 'banking'], '--adaptive-suites does not apply to --merge'],
    [[...merge, '--online'], '--online does not apply to --merge'],
  ])('%j is refused, naming the flag', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});
