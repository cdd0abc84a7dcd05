// The pages on a 390 px phone, opened at that size (both delivery modes): Wythoff's default
// board fits its box whole (it was 440 px in a 356 px box, panning) with no serious axe-core
// violation; Toads and Frogs' strip is one row (12 squares wrapped onto two rows of 34 px),
// fitting the phone at 12 squares, scrolling sideways with a cue under it when longer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { MODES } from './harness.js';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const env = { context: null, servers: {}, profile: null };
before(async () => {
  env.profile = mkdtempSync(join(tmpdir(), 'onag-phone-'));
  env.context = await chromium.launchPersistentContext(env.profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    bypassCSP: true, // axe-core is injected (the audit only)
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
  for (const mode of MODES) env.servers[mode.name] = await mode.start();
});
after(async () => {
  await env.context?.close();
  rmSync(env.profile, { recursive: true, force: true });
  for (const s of Object.values(env.servers)) s.stop();
});

const playable = (p) => p.waitForFunction(() => {
  const s = document.querySelector('#status');
  return s.dataset.winner !== undefined || /Your move/.test(s.textContent);
}, null, { timeout: 30000 });

for (const mode of MODES) {
  const url = (name, query = '') => `${mode.page(env.servers[mode.name].url, name)}${query}`;

  test(`${mode.name}: Wythoff's default board fits a 390 px phone, axe-clean`, async () => {
    const page = await env.context.newPage();
    await page.goto(url('wythoff'));
    await playable(page);
    const m = await page.evaluate(() => {
      const wrap = document.getElementById('board-wrap');
      return {
        board: document.getElementById('board').getBoundingClientRect().width,
        room: wrap.clientWidth,
        scroll: wrap.scrollWidth,
        page: document.documentElement.scrollWidth,
        side: document.getElementById('side').value,
      };
    });
    assert.ok(m.board <= m.room && m.scroll <= m.room + 1, JSON.stringify(m));
    assert.ok(m.page <= 390, JSON.stringify(m));
    await page.addScriptTag({ path: axePath });
    const serious = await page.evaluate(async () => {
      // eslint-disable-next-line no-undef
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
    });
    assert.deepEqual(serious, []);
    await page.close();
  });

  test(`${mode.name}: the Toads and Frogs strip is one row on a phone`, async () => {
    const page = await env.context.newPage();
    await page.goto(url('toads'));
    await playable(page);
    const strip = async (board) => {
      await page.fill('#text', board);
      await page.press('#text', 'Enter');
      await page.waitForFunction((n) => document.querySelectorAll('#strip .cell[data-key]').length >= n, board.length);
      await page.waitForTimeout(300);
      return page.evaluate(() => {
        const cells = [...document.querySelectorAll('#strip .cell')];
        const wrap = document.getElementById('strip-wrap');
        return {
          cells: cells.length,
          rows: new Set(cells.map((c) => Math.round(c.getBoundingClientRect().top))).size,
          size: Math.round(cells[0].getBoundingClientRect().width),
          fits: wrap.scrollWidth <= wrap.clientWidth + 1,
          cue: !document.getElementById('strip-cue').hidden,
          page: document.documentElement.scrollWidth,
        };
      });
    };
    const twelve = await strip('TTTT....FFFF');
    assert.equal(twelve.rows, 1, JSON.stringify(twelve));
    assert.ok(twelve.fits && !twelve.cue, JSON.stringify(twelve));
    assert.ok(twelve.size >= 24, JSON.stringify(twelve)); // WCAG 2.2's minimum target size
    const long = await strip('TFTFF.FT..TTFF.TFF..TT');
    assert.equal(long.rows, 1, JSON.stringify(long));
    assert.ok(!long.fits && long.cue, JSON.stringify(long));
    assert.ok(long.page <= 390, JSON.stringify(long)); // the strip scrolls in its box, not the page
    await page.close();
  });
}
