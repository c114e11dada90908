// The HTML report in a real headless browser (Debian's Chromium, driven by playwright-core): the
// page the CLI writes loads from file:// with no console error, no page error, no dialog and no
// request for anything but the file itself; every chart has its marks drawn; a defense named
// like a script tag shows as text; and a screenshot is taken. Without Chromium this fails: install
// Debian's chromium, or set CHROMIUM_PATH.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';

const EVIL = '</script><script>alert(1)</script>';
const MODULE = join(import.meta.dirname, '../fixtures/defenses/rule-module.mjs');
const tmp = mkdtempSync(join(tmpdir(), 'defense-eval-html-'));

function chromiumPath(): string {
  const given = process.env['CHROMIUM_PATH'];
  if (given) return given;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

let browser: Browser;
beforeAll(async () => {
  const executablePath = chromiumPath();
  if (executablePath === '' || !existsSync(executablePath))
    throw new Error(
      `no Chromium for the HTML report's browser test (looked at CHROMIUM_PATH, /usr/bin/chromium and PATH): install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  // Chromium's sandbox refuses to run as root (a CI container); the page is our own file.
  browser = await chromium.launch({ executablePath, args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function writeReport(name: string, ...argv: string[]): Promise<string> {
  const file = join(tmp, `${name}.html`);
  let stderr = '';
  const code = await runCli([...argv, '--html', file], { stdout: () => undefined, stderr: (s) => (stderr += s) });
  expect(code, stderr).toBe(0);
  return file;
}

interface ChartState {
  type: string;
  title: string;
  datasets: { label: string; marks: number }[];
  inked: number;
}

/** Each canvas's chart: its type, its datasets' drawn elements, and how many pixels are not blank. */
const CHART_STATES = `[...document.querySelectorAll('canvas')].map((canvas) => {
  const chart = Chart.getChart(canvas);
  const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let inked = 0;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) inked++;
  return {
    type: chart ? chart.config.type : 'none',
    title: canvas.getAttribute('aria-label') || '',
    datasets: chart ? chart.data.datasets.map((d, i) => ({ label: d.label, marks: chart.getDatasetMeta(i).data.length })) : [],
    inked,
  };
})`;

const TEXTS = `({
  title: document.title,
  h1: document.querySelector('h1').textContent,
  cells: [...document.querySelectorAll('td:first-child')].map((td) => td.textContent),
  scripts: document.querySelectorAll('script').length,
})`;

/** Loads the file; returns what the page logged and requested, each chart's state, and a screenshot's path. */
async function load(file: string) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors: string[] = [];
  const requests: string[] = [];
  const dialogs: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('request', (r) => {
    if (!r.url().startsWith('file://')) requests.push(r.url());
  });
  await page.route('**', (route) => {
    const url = route.request().url();
    if (url.startsWith('file://')) return route.continue();
    requests.push(url);
    return route.abort();
  });
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  // Run in the page, as source text (the tests are type-checked without the DOM's types).
  const charts = (await page.evaluate(CHART_STATES)) as ChartState[];
  const texts = (await page.evaluate(TEXTS)) as { title: string; h1: string; cells: string[]; scripts: number };
  const shot = join(tmp, `${file.split('/').pop()}.png`);
  await page.screenshot({ path: shot, fullPage: true });
  await page.close();
  return { errors, requests, dialogs, charts, texts, shot };
}

function expectDrawn(charts: readonly ChartState[]): void {
  expect(charts.length).toBeGreaterThan(0);
  for (const c of charts) {
    expect(c.datasets.length, c.title).toBeGreaterThan(0);
    for (const d of c.datasets) expect(d.marks, `${c.title}: ${d.label}`).toBeGreaterThan(0);
    // Axes alone ink a few thousand pixels; the marks many more.
    expect(c.inked, c.title).toBeGreaterThan(5_000);
  }
}

describe('the HTML report in Chromium', () => {
  it('pairs with your defense (named like a script tag), the references and the classifiers: charts drawn, the name as text', async () => {
    const file = await writeReport('pairs', '--corpus', 'pairs', '--defense-module', MODULE, '--name', EVIL);
    const r = await load(file);
    expect(r.errors).toEqual([]);
    expect(r.requests).toEqual([]);
    expect(r.dialogs).toEqual([]);
    expect(r.texts.scripts).toBe(3);
    expect(r.texts.title).toBe(`defense-eval report: ${EVIL}`);
    expect(r.texts.h1).toBe(`defense-eval report: ${EVIL}`);
    expect(r.texts.cells).toContain(EVIL);
    expect(r.charts.map((c) => c.type)).toEqual(['scatter', 'bar', 'bar', 'line', 'line']);
    const scatter = r.charts[0]!;
    expect(scatter.datasets.map((d) => d.label)).toEqual(['your defense', 'reference defenses', 'classifier defenses']);
    expect(scatter.datasets[0]!.marks).toBe(1);
    expectDrawn(r.charts);
    expect(statSync(r.shot).size).toBeGreaterThan(50_000);
  }, 30_000);

  it('an online and an adaptive run: the learning curves and the attack bars drawn too', async () => {
    const file = await writeReport(
      'online-adaptive',
      '--corpus',
      'pairs',
      '--defense-module',
      MODULE,
      '--scores',
      'none',
      '--online',
      '--online-attacks',
      '10',
      '--online-benign',
      '4',
      '--adaptive',
      '1',
      '--adaptive-suites',
      'banking',
    );
    const r = await load(file);
    expect(r.errors).toEqual([]);
    expect(r.requests).toEqual([]);
    expect(r.dialogs).toEqual([]);
    const titles = r.charts.map((c) => c.title);
    expect(titles).toContain('pairs: cumulative ASR against attacks seen');
    expect(titles).toContain("pairs: ASR under the corpus's own attack, the best seed and the adaptive attack");
    const curves = r.charts.find((c) => c.title === 'pairs: cumulative ASR against attacks seen')!;
    expect(curves.datasets.map((d) => d.label)).toContain('rule-learner');
    expectDrawn(r.charts);
    expect(statSync(r.shot).size).toBeGreaterThan(50_000);
  }, 30_000);
});
