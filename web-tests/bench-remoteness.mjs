// Times `wythoff/position`, `corners/position` and `toads/analyze` (their remoteness tables are the slow part) in the page's WebAssembly
// engine, on the static site in headless Chromium: `node web-tests/bench-remoteness.mjs` after
// `cargo build --release -p onag-cli`. Prints [board side / queens, ms, remoteness] per call;
// the second call on a board reuses its table. Figures: BENCHMARKS.md.
import { startStatic, launchBrowser, openPage } from './tests/harness.js';
const s = await startStatic(); const b = await launchBrowser();
const page = await openPage(b.context, `${s.url}/nim.html`);
await page.waitForTimeout(500);
const t = await page.evaluate(async () => {
  // The page's own scripts live under static/<version>/ (the content-hashed folder).
  const { api } = await import(new URL('common.js', document.querySelector('script[type=module]').src).href);
  const out = [];
  for (const [side, queens] of [[32, [[31, 30], [29, 31]]], [32, [[31, 30], [28, 31]]], [12, [[11, 10], [9, 11], [8, 8]]], [7, [[6, 5], [4, 6], [3, 3], [5, 5]]], [20, [[19, 18], [17, 19]]]]) {
    const t0 = performance.now();
    const r = await api('wythoff/position', { side, queens });
    out.push([`${side}/${queens.length}`, Math.round(performance.now() - t0), r.remoteness && r.remoteness.position]);
  }
  // Turning Corners 4 × 4: the first call builds the table of 2^16 positions.
  for (const heads of [[[4, 4], [2, 3], [1, 1]], [[1, 1], [2, 3]]]) {
    const t0 = performance.now();
    const r = await api('corners/position', { n: 4, heads, coin: heads[0] });
    out.push([`corners 4x4 ${JSON.stringify(heads)}`, Math.round(performance.now() - t0), r.remoteness && r.remoteness.position]);
  }
  // Toads and Frogs: toads/analyze = value analysis + the remoteness table (boards reachable
  // from the root, both players), refused past its budget; T8□4F8 is near the work limit.
  for (const board of ['TTTTT....FFFFF', 'TTTTTT...FFFFFF', 'TT....................FF', 'TTTT........FFFF', 'TTTTTTTT....FFFFFFFF']) {
    const t0 = performance.now();
    const r = await api('toads/analyze', { board });
    out.push([`toads ${board}`, Math.round(performance.now() - t0), r.remoteness && r.remoteness.position.left]);
  }
  return out;
});
console.log(JSON.stringify(t));
await b.close(); s.stop();
