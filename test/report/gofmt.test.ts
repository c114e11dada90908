import { describe, expect, it } from 'vitest';
import { fixed, fixed0, formatG, padRight } from '../../src/format/gofmt.js';
import { textTable } from '../../src/report/table.js';
import { goJson } from '../../src/format/go-json.js';
import { emptyResult } from '../../src/model/result.js';

describe('Go number formatting', () => {
  it('%3.0f rounds exact ties to even, unlike toFixed', () => {
    expect(fixed0(12.5, 3)).toBe(' 12');
    expect(fixed0(62.5, 3)).toBe(' 62');
    expect(fixed0(37.5, 3)).toBe(' 38');
    expect(fixed0((10 / 16) * 100, 3)).toBe(' 62');
    expect(fixed0(0, 3)).toBe('  0');
    expect(fixed0(100, 3)).toBe('100');
    expect(fixed0(89.81937602627258, 3)).toBe(' 90');
    expect(fixed0(0.5)).toBe('0');
    expect(fixed0(1.5)).toBe('2');
  });

  it('%.2f rounds exact ties to even', () => {
    expect(fixed(0.05, 2)).toBe('0.05');
    expect(fixed(0.75, 2)).toBe('0.75');
    expect(fixed(0.125, 2)).toBe('0.12');
    expect(fixed(0.375, 2)).toBe('0.38');
    expect(fixed(1, 2)).toBe('1.00');
  });

  it('%g uses the shortest digits and Go exponent form', () => {
    expect(formatG(0.5)).toBe('0.5');
    expect(formatG(0.95)).toBe('0.95');
    expect(formatG(1)).toBe('1');
    expect(formatG(0)).toBe('0');
    expect(formatG(0.0001)).toBe('0.0001');
    expect(formatG(0.00001)).toBe('1e-05');
    expect(formatG(1e6)).toBe('1e+06');
    expect(formatG(123456)).toBe('123456');
  });

  it('pads by runes like Go', () => {
    expect(padRight('é', 3)).toBe('é  ');
    expect(padRight('toolongvalue', 4)).toBe('toolongvalue');
  });
});

describe('text table (docs/scoring.md#printing-figures)', () => {
  it("matches the original implementation's example row byte for byte", () => {
    const r = {
      ...emptyResult('flow-guard'),
      injections_total: 609,
      injections_blocked: 547,
      injections_attributable: 243,
      benign_total: 97,
      benign_kept: 48,
      unscored: 340,
    };
    expect(textTable([r])).toBe(
      'defense                  injection block    attributable       utility            unscored\n' +
        'flow-guard               547/609 ( 90%)     243 ( 40%)         48/97 ( 49%)       340\n',
    );
  });
});

describe('Go JSON encoding', () => {
  it('HTML-escapes and ends with a newline', () => {
    expect(goJson({ a: '<x>&\u2028' })).toBe('{\n  "a": "\\u003cx\\u003e\\u0026\\u2028"\n}\n');
  });
});
