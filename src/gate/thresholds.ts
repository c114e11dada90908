// Reading thresholds, shared by the action's inputs and the CLI's flags: limits in percentage
// points (an optional "pp" or "%" suffix), floors in percent, each between 0 and 100. Every error
// names the input or flag and quotes the value.
import { InputError } from '../model/errors.js';
import type { Thresholds } from './verdict.js';

/** A plain decimal number: no hex, no exponent games, no sign. */
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** `raw` as a number of percentage points in [0, 100], `fallback` when blank. */
export function percentagePoints(label: string, raw: string | undefined, fallback: number | undefined): number | undefined {
  const v = (raw ?? '').trim().replace(/\s*(pp|%)$/, '');
  if (v === '') return fallback;
  const n = Number(v);
  if (!DECIMAL.test(v) || n > 100)
    throw new InputError(`${label}: ${JSON.stringify(raw)} is not a number of percentage points between 0 and 100`);
  return n;
}

/** The four thresholds from a lookup by name (`max-attributable-drop`, …) and how to name a source in errors. */
export function parseThresholds(get: (name: string) => string | undefined, label: (name: string) => string): Thresholds {
  const pp = (name: string, fallback: number | undefined) => percentagePoints(label(name), get(name), fallback);
  return {
    maxAttributableDrop: pp('max-attributable-drop', 0)!,
    maxUtilityDrop: pp('max-utility-drop', 0)!,
    minAttributable: pp('min-attributable', undefined),
    minUtility: pp('min-utility', undefined),
    maxConfirmations: perTask(label('max-confirmations'), get('max-confirmations')),
    maxSwAsr: pp('max-sw-asr', undefined),
    minOnlineSuHm: pp('min-online-su-hm', undefined),
    maxAdaptiveAsr: pp('max-adaptive-asr', undefined),
    significance: significance(label('significance'), get('significance')),
  };
}

/** A significance level strictly between 0 and 1 (e.g. 0.05), blank for none. */
function significance(label: string, raw: string | undefined): number | undefined {
  const v = (raw ?? '').trim();
  if (v === '') return undefined;
  const n = Number(v);
  if (!DECIMAL.test(v) || n <= 0 || n >= 1)
    throw new InputError(`${label}: ${JSON.stringify(raw)} is not a significance level between 0 and 1 (exclusive), e.g. 0.05`);
  return n;
}

/** Confirmations per benign task: a plain decimal number from 0 to 1000 (the gate record's bound), blank for none. */
function perTask(label: string, raw: string | undefined): number | undefined {
  const v = (raw ?? '').trim();
  if (v === '') return undefined;
  if (!DECIMAL.test(v) || Number(v) > 1000)
    throw new InputError(`${label}: ${JSON.stringify(raw)} is not a number of confirmations per benign task between 0 and 1000`);
  return Number(v);
}
