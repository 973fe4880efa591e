/**
 * The statistics screen's chart library, chosen by measure (docs/statistics-charts.md):
 * uPlot against Apache ECharts' tree-shaken core, on what the screen draws — requests and covers per
 * week (bars, two series, 14 weeks) and the answer time against the promise (a line, two series).
 *   1. Bytes: each candidate's entry bundled alone (esbuild, minified, tree-shaken as rspack
 *      does), its JavaScript and CSS gzip-compressed by zlib: what it adds to the statistics chunk.
 *   2. Time: a new page on the phone profile (CDP: 4× CPU slowdown), from navigation to both charts
 *      drawn (the bundle parsed, run, the charts laid out and painted once), median of RUNS.
 *   3. Accessibility: axe-core on the page (serious and critical violations), and what the library
 *      itself exposes to a screen reader (the screen adds the figures as a table either way).
 * Needs no application: `E2E_SKIP_BUILD=1 tsx bench/charts.ts` (part of `pnpm bench`).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test/browser';
import { median, RUNS } from './harness';
import { PHONE_PROFILE } from './owner-phone';

// esbuild, as tsx (this bench's runner) brings it: no dependency of its own for a measure.
const esbuild = createRequire(require.resolve('tsx/package.json'))('esbuild') as typeof import('esbuild');

const WEEKS = 14;
const DATA = {
  weeks: Array.from({ length: WEEKS }, (_, i) => 1_761_523_200 + i * 7 * 86_400),
  requests: Array.from({ length: WEEKS }, (_, i) => 3 + ((i * 7) % 11)),
  covers: Array.from({ length: WEEKS }, (_, i) => 30 + ((i * 37) % 90)),
  answer: Array.from({ length: WEEKS }, (_, i) => 40 + ((i * 53) % 200)),
  promise: Array.from({ length: WEEKS }, () => 240),
};

/** What the page does once the bundle is run: both charts drawn, then `window.__drawn` = performance.now(). */
const CANDIDATES: Record<string, string> = {
  uPlot: `
    import uPlot from 'uplot';
    import 'uplot/dist/uPlot.min.css';
    const data = ${JSON.stringify(DATA)};
    const width = document.body.clientWidth - 16;
    const bars = uPlot.paths.bars({ size: [0.4, 40], gap: 2 });
    new uPlot({ width, height: 240, title: 'Demandes et couverts par semaine',
      scales: { x: { time: true }, y: { auto: true } },
      series: [{}, { label: 'Demandes', fill: '#c8553d', stroke: '#c8553d', paths: bars }, { label: 'Couverts', fill: '#2f6690', stroke: '#2f6690', paths: bars }],
      axes: [{}, {}] }, [data.weeks, data.requests, data.covers], document.getElementById('a'));
    new uPlot({ width, height: 240, title: 'Délai de réponse et promesse (minutes)',
      series: [{}, { label: 'Réponse', stroke: '#c8553d', width: 2 }, { label: 'Promesse', stroke: '#2f6690', dash: [6, 4] }] },
      [data.weeks, data.answer, data.promise], document.getElementById('b'));
    window.__drawn = performance.now();`,
  'ECharts core (SVG)': `
    import * as echarts from 'echarts/core';
    import { BarChart, LineChart } from 'echarts/charts';
    import { AriaComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
    import { SVGRenderer } from 'echarts/renderers';
    echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, AriaComponent, SVGRenderer]);
    const data = ${JSON.stringify(DATA)};
    const labels = data.weeks.map((t) => new Date(t * 1000).toISOString().slice(5, 10));
    const common = { animation: false, aria: { enabled: true }, tooltip: { trigger: 'axis' }, legend: { bottom: 0 }, grid: { left: 40, right: 8, top: 40, bottom: 40 } };
    echarts.init(document.getElementById('a'), null, { renderer: 'svg', locale: 'FR' }).setOption({ ...common,
      title: { text: 'Demandes et couverts par semaine' }, xAxis: { type: 'category', data: labels }, yAxis: { type: 'value' },
      series: [{ name: 'Demandes', type: 'bar', data: data.requests }, { name: 'Couverts', type: 'bar', data: data.covers }] });
    echarts.init(document.getElementById('b'), null, { renderer: 'svg', locale: 'FR' }).setOption({ ...common,
      title: { text: 'Délai de réponse et promesse (minutes)' }, xAxis: { type: 'category', data: labels }, yAxis: { type: 'value' },
      series: [{ name: 'Réponse', type: 'line', data: data.answer }, { name: 'Promesse', type: 'line', data: data.promise, lineStyle: { type: 'dashed' } }] });
    window.__drawn = performance.now();`,
};
// The same ECharts with its canvas renderer instead of SVG.
CANDIDATES['ECharts core (canvas)'] = CANDIDATES['ECharts core (SVG)'].replace(/SVGRenderer/g, 'CanvasRenderer').replace(/renderer: 'svg'/g, "renderer: 'canvas'");

interface Built {
  js: Buffer;
  css: Buffer;
}

async function build(name: string, source: string, dir: string): Promise<Built> {
  const outdir = path.join(dir, name.replace(/\W+/g, '-'));
  await esbuild.build({
    stdin: { contents: source, resolveDir: __dirname, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    outdir,
    entryNames: 'chart',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const read = (file: string) => (fs.existsSync(path.join(outdir, file)) ? fs.readFileSync(path.join(outdir, file)) : Buffer.alloc(0));
  fs.writeFileSync(
    path.join(outdir, 'index.html'),
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${name}</title><meta name="viewport" content="width=device-width">` +
      `<link rel="stylesheet" href="chart.css"></head><body style="margin:8px"><main><h1>${name}</h1>` +
      `<div id="a" style="height:240px"></div><div id="b" style="height:240px"></div></main><script src="chart.js"></script></body></html>`,
  );
  return { js: read('chart.js'), css: read('chart.css') };
}

/** Navigation → both charts drawn, in a new 390 px page on the phone profile's CPU. */
async function drawMs(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpu });
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __drawn?: number }).__drawn !== undefined);
    // The first paint after the draw: what the owner sees.
    return await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(Math.round(performance.now())))));
  } finally {
    await context.close();
  }
}

/** axe-core's serious and critical violations, and what a screen reader is given by the chart itself. */
async function accessibility(browser: Browser, url: string): Promise<{ violations: string[]; exposed: string }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __drawn?: number }).__drawn !== undefined);
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    const violations = (await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string }[] }> } }).axe;
      return (await axe.run()).violations;
    })) as { id: string; impact: string }[];
    const exposed = await page.evaluate(() => {
      const chart = document.getElementById('a');
      const label = (chart?.getAttribute('aria-label') ? chart : chart?.querySelector('[aria-label]'))?.getAttribute('aria-label');
      if (label) return `aria-label: « ${label.slice(0, 90)}… »`;
      return document.querySelector('#a canvas') ? 'a <canvas>, nothing for a screen reader (the legend is text)' : 'nothing';
    });
    return { violations: violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact})`), exposed };
  } finally {
    await context.close();
  }
}

const kb = (n: number) => (n / 1024).toFixed(1);

(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tablee-charts-'));
  const browser = await launchChromium();
  try {
    console.log(`\nStatistics charts: the two candidates, two charts each (bars 2 × ${WEEKS} weeks, a line 2 × ${WEEKS}); draw time median of ${RUNS} new pages at 390 px, CDP 4× CPU slowdown`);
    console.log('| library | JS KB | JS gzip KB | CSS gzip KB | navigation → both charts drawn, phone CPU (ms, runs) | axe serious/critical | what the chart exposes |');
    console.log('|---|---:|---:|---:|---:|---|---|');
    for (const [name, source] of Object.entries(CANDIDATES)) {
      const built = await build(name, source, dir);
      const url = `file://${path.join(dir, name.replace(/\W+/g, '-'), 'index.html')}`;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) times.push(await drawMs(browser, url));
      const a11y = await accessibility(browser, url);
      console.log(
        `| ${name} | ${kb(built.js.length)} | ${kb(zlib.gzipSync(built.js).length)} | ${kb(zlib.gzipSync(built.css).length)} | ${median(times)} (${times.join(' ; ')}) | ${a11y.violations.join(', ') || 'none'} | ${a11y.exposed} |`,
      );
    }
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
