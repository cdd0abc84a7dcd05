// Lighthouse-style figures of every page in both delivery modes, in headless Chromium: the time
// from navigation to a playable board (or the page's first computed result), and the bytes
// transferred on a first visit (empty cache) and a second visit (same browser profile).
// `node web-tests/bench-site.mjs` after `cargo build --release --bin onag`; figures go to
// BENCHMARKS.md ("Web app: time to a playable board and bytes transferred").
import { launchBrowser, MODES } from './tests/harness.js';

const pages = ['index', 'nim', 'corners', 'wythoff', 'queens', 'toads'];
const ready = (name) => {
  const first = { index: 'header.site nav a', queens: '.heat-x .tick' }[name];
  if (first) return Boolean(document.querySelector(first));
  // A nim page without a game (an older build: the calculator only) is ready at its result.
  if (name === 'nim' && !document.querySelector('#status')) return Boolean(document.querySelector('[data-k]'));
  const status = document.querySelector('#status');
  return Boolean(status) && /Your move/.test(status.textContent);
};
// Bytes over the wire for this navigation: the document and every resource (a 304 or a
// cache hit counts its headers or nothing, as the browser reports them).
const bytes = () => {
  const all = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
  return all.reduce((sum, e) => sum + (e.transferSize || 0), 0);
};

const rows = [];
for (const mode of MODES) {
  const server = await mode.start();
  for (const name of pages) {
    const browser = await launchBrowser();
    const visit = async () => {
      const page = await browser.context.newPage();
      await page.goto(mode.page(server.url, name), { waitUntil: 'commit' });
      await page.waitForFunction(ready, name, { timeout: 60000 });
      const ms = await page.evaluate(() => performance.now());
      await page.waitForLoadState('networkidle');
      const b = await page.evaluate(bytes);
      await page.close();
      return { ms: Math.round(ms), kb: Math.round(b / 1024) };
    };
    const first = await visit();
    const second = await visit();
    rows.push([mode.name, name, first.ms, first.kb, second.ms, second.kb]);
    await browser.close();
  }
  server.stop();
}
console.log('| mode | page | first visit: playable (ms) | first visit: KB transferred | second visit: playable (ms) | second visit: KB transferred |');
console.log('|---|---|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
