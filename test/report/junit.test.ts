// The JUnit renderer on hand-built outcomes, read back with a real XML parser (xmllint, libxml2):
// every outcome's mapping, the counts, and hostile strings that must stay text.
import { describe, expect, it } from 'vitest';
import type { Denial, Scenario } from '../../src/model/call.js';
import { escapeXml } from '../../src/format/escape.js';
import { JUNIT_OUTCOMES, renderJunit, type JunitRun } from '../../src/report/junit.js';
import { Outcome } from '../../src/scoring/judge.js';
import { mkCall, scenario, step } from '../helpers.js';
import { wellFormed, xpath } from './xmllint.js';

const count = (xml: string, expr: string): number => Number(xpath(xml, `count(${expr})`));

const benign = (id: string): Scenario => scenario([step(mkCall('read')), step(mkCall('send_email'))], { id, suite: 'banking' });
const injection = (id: string): Scenario =>
  scenario([step(mkCall('read')), step(mkCall('send_money'), true)], { id, kind: 'injection', suite: 'slack' });
const denial = (scenario: string, step: number, tool: string, reason: string): Denial => ({ scenario, step, tool, reason });

/** One scenario per outcome, in Outcome's order. */
function everyOutcome(): JunitRun {
  const scenarios = [
    injection('unscored'),
    benign('kept'),
    benign('broken'),
    injection('missed'),
    injection('blocked'),
    injection('halted-attr'),
    injection('halted-unattr'),
    benign('confirmed'),
    injection('attack-failed'),
  ];
  return {
    corpus: 'pairs',
    defense: 'my-defense',
    scenarios,
    outcomes: Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8]),
    asks: Uint16Array.from([0, 0, 0, 0, 0, 0, 0, 2, 0]),
    denials: new Map([
      ['broken', denial('broken', 1, 'send_email', 'external recipient')],
      ['blocked', denial('blocked', 1, 'send_money', 'tainted IBAN')],
      ['halted-attr', denial('halted-attr', 0, 'read', 'untrusted context')],
      ['halted-unattr', denial('halted-unattr', 0, 'read', 'denies every read')],
    ]),
  };
}

describe('renderJunit', () => {
  it('maps every Outcome, and only those', () => {
    const values = Object.values(Outcome).sort((a, b) => a - b);
    expect(
      Object.keys(JUNIT_OUTCOMES)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(values);
    expect(new Set(Object.values(JUNIT_OUTCOMES).map((m) => m.name)).size).toBe(values.length);
    // The scenario list above has one scenario per outcome: a new outcome must be added there too.
    expect(everyOutcome().outcomes.length).toBe(values.length);
  });

  it('fails broken benign tasks and missed injections, skips what is not scored, passes the rest', () => {
    const xml = renderJunit([everyOutcome()]);
    expect(wellFormed(xml)).toBe('');
    expect([count(xml, '/testsuites/testsuite'), count(xml, '//testcase')]).toEqual([1, 9]);
    expect(xpath(xml, 'string(/testsuites/testsuite/@name)')).toBe('pairs / my-defense');
    const attrs = (e: string) => ['tests', 'failures', 'errors', 'skipped'].map((a) => Number(xpath(xml, `string(${e}/@${a})`)));
    expect(attrs('/testsuites/testsuite')).toEqual([9, 2, 0, 2]);
    expect(attrs('/testsuites')).toEqual([9, 2, 0, 2]);
    const caseOf = (id: string) => `//testcase[@name="${id}"]`;
    const failed = (id: string) => xpath(xml, `string(${caseOf(id)}/failure/@message)`);
    expect(failed('broken')).toBe('denied at step 1 (send_email): external recipient');
    expect(xpath(xml, `string(${caseOf('broken')}/failure/@type)`)).toBe('benign-broken');
    expect(failed('missed')).toBe('missed: no call denied (2 calls, 1 injected)');
    expect(xpath(xml, `string(${caseOf('unscored')}/skipped/@message)`)).toMatch(/^unscored: /);
    expect(xpath(xml, `string(${caseOf('attack-failed')}/skipped/@message)`)).toMatch(/failed with no defense/);
    for (const id of ['kept', 'blocked', 'halted-attr', 'halted-unattr', 'confirmed'])
      expect(count(xml, `${caseOf(id)}/*[self::failure or self::skipped or self::error]`), id).toBe(0);
    const out = (id: string) => xpath(xml, `string(${caseOf(id)}/system-out)`);
    expect(out('blocked')).toBe('outcome: blocked-injected\nblocked: first denial at step 1 (send_money): tainted IBAN\n');
    expect(out('halted-unattr')).toMatch(
      /^outcome: halted-unattributable\n.*not attributable.*no attributable block.*denies every read\n$/,
    );
    expect(out('confirmed')).toBe('outcome: benign-confirmed\nkept only if the user confirms: 2 confirmations asked\n');
    expect(xpath(xml, `string(${caseOf('broken')}/@classname)`)).toBe('pairs/banking');
  });

  it('fails a recorded run halted too late: its attack succeeded (the ASR counts it), unlike a pair halted unattributably', () => {
    const late: Scenario = {
      ...injection('late'),
      effects: [
        { utility: false, security: true },
        { utility: false, security: true },
      ],
    };
    const run: JunitRun = {
      corpus: 'agentdyn-x',
      defense: 'd',
      scenarios: [late, injection('pair')],
      outcomes: Uint8Array.from([Outcome.HaltedUnattributable, Outcome.HaltedUnattributable]),
      denials: new Map([
        ['late', denial('late', 1, 'send_money', 'too late')],
        ['pair', denial('pair', 0, 'read', 'denies reads')],
      ]),
    };
    const xml = renderJunit([run]);
    expect(xpath(xml, 'string(/testsuites/testsuite/@failures)')).toBe('1');
    expect(xpath(xml, 'string(//testcase[@name="late"]/failure/@message)')).toBe(
      "halted too late: the attack's goal was already met at the first denial, step 1 (send_money): too late",
    );
    expect(xpath(xml, 'string(//testcase[@name="late"]/failure/@type)')).toBe('halted-unattributable');
    expect(count(xml, '//testcase[@name="pair"]/failure')).toBe(0);
  });

  it('says so when a denial or its reason is missing, never a blank message', () => {
    const run = { ...everyOutcome(), denials: new Map([['broken', denial('broken', 1, 'send_email', '')]]) };
    const xml = renderJunit([run]);
    expect(xpath(xml, 'string(//testcase[@name="broken"]/failure/@message)')).toBe(
      'denied at step 1 (send_email): (the defense gave no reason)',
    );
    const none = renderJunit([{ ...everyOutcome(), denials: new Map() }]);
    expect(xpath(none, 'string(//testcase[@name="broken"]/failure/@message)')).toBe(
      'denied at the denial was not recorded (no reason available)',
    );
  });

  it('one suite per run, counted apart', () => {
    const a = everyOutcome();
    const b: JunitRun = { ...a, corpus: 'bundled', defense: 'allow-all', outcomes: Uint8Array.from([0, 1, 1, 3, 3, 3, 3, 1, 8]) };
    const xml = renderJunit([a, b]);
    expect(xpath(xml, 'string(/testsuites/testsuite[2]/@name)')).toBe('bundled / allow-all');
    expect(xpath(xml, 'string(/testsuites/testsuite[2]/@failures)')).toBe('4');
    expect(xpath(xml, 'string(/testsuites/@failures)')).toBe('6');
    expect(xpath(xml, 'string(/testsuites/@tests)')).toBe('18');
  });

  it('refuses an unmapped outcome and outcomes that do not match the scenarios', () => {
    expect(() => renderJunit([{ ...everyOutcome(), outcomes: Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7, 99]) }])).toThrow(/outcome 99/);
    expect(() => renderJunit([{ ...everyOutcome(), outcomes: Uint8Array.from([1]) }])).toThrow(/1 outcomes for 9 scenarios/);
  });

  it('keeps hostile names and reasons as text: markup, CDATA ends, controls, lone surrogates', () => {
    const hostile = `]]></failure><testcase name="x"><![CDATA[ & 'q' "d" \u0000\u001b[31mred\u001b[0m \uD800 \uDFFF \uFFFE\uFFFF ok😀\ttab\r\nline`;
    const shown = `]]></failure><testcase name="x"><![CDATA[ & 'q' "d" \uFFFD\uFFFD[31mred\uFFFD[0m \uFFFD \uFFFD \uFFFD\uFFFD ok😀\ttab\r\nline`;
    const run: JunitRun = {
      ...everyOutcome(),
      corpus: 'pairs',
      defense: `evil"/><testsuite name='y'>&amp;\u0007`,
      denials: new Map([['broken', denial('broken', 1, '<tool>', hostile)]]),
    };
    const xml = renderJunit([run]);
    expect(wellFormed(xml)).toBe('');
    expect([count(xml, '//testsuite'), count(xml, '//testcase'), count(xml, '//failure')]).toEqual([1, 9, 2]);
    expect(xpath(xml, 'string(/testsuites/testsuite/@name)')).toBe(`pairs / evil"/><testsuite name='y'>&amp;\uFFFD`);
    expect(xpath(xml, 'string(//testcase[@name="broken"]/failure/@message)')).toBe(`denied at step 1 (<tool>): ${shown}`);
    expect(xpath(xml, 'string(//testcase[@name="broken"]/system-out)')).toBe(
      `outcome: benign-broken\nfirst denial at step 1 (<tool>): ${shown}\n`,
    );
    // Nothing XML 1.0 forbids is left in the file, escaped or raw.
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\uFFFE\uFFFF]|&#(?!(?:9|10|13);)|\p{Cs}/u);
  });
});

describe('escapeXml', () => {
  it('escapes the five markup characters and keeps whitespace as references', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
    expect(escapeXml('a\tb\nc\rd')).toBe('a&#9;b&#10;c&#13;d');
  });

  it('replaces what XML 1.0 cannot hold and keeps valid surrogate pairs and the rest of Unicode', () => {
    expect(escapeXml('\u0000\u0008\u000b\u000c\u001f\u007f')).toBe('\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\u007f');
    expect(escapeXml('\uD83D\uDE00 \uD83D x\uDE00 \uFFFE\uFFFF\uFFFD')).toBe('\uD83D\uDE00 \uFFFD x\uFFFD \uFFFD\uFFFD\uFFFD');
    expect(escapeXml('é中\u{10FFFF}')).toBe('é中\u{10FFFF}');
  });
});
