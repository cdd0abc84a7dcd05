// Accessibility audit of every page with axe-core (npm), in both delivery modes, at the
// desktop and the phone sizes, on a page in play (a coin, queen or heap selected, so the ✓/✗
// targets are on show; every registered game's page, Hackenbush's included): no serious or
// critical violation. The served pages' Content Security Policy
// forbids injected scripts, so this file's browser context bypasses it (the audit only).
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
  env.profile = mkdtempSync(join(tmpdir(), 'onag-axe-'));
  env.context = await chromium.launchPersistentContext(env.profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    bypassCSP: true,
    viewport: { width: 1280, height: 800 },
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
  for (const mode of MODES) env.servers[mode.name] = await mode.start();
});
after(async () => {
  await env.context?.close();
  rmSync(env.profile, { recursive: true, force: true });
  for (const s of Object.values(env.servers)) s.stop();
});

const pages = {
  index: async () => {},
  nim: (p) => p.waitForSelector('[data-k="a ⊗ b (nim-product)"]'),
  queens: (p) => p.waitForSelector('.heat-x .tick'),
  corners: async (p) => { await playable(p); await p.locator('#board .coin.heads').first().click(); },
  wythoff: async (p) => { await playable(p); await p.locator('#board .cell.queen').first().click(); },
  toads: (p) => playable(p),
  // the worksheet with an entry: a comparison, both sides' tables and thermographs
  worksheet: async (p) => { await p.fill('#expr', '{5|1} > *'); await p.press('#expr', 'Enter'); await p.waitForSelector('#entries .entry .thermo svg'); },
  // the heap games: the picker of a heap open, so its ✓/✗ moves are on show
  heaps: async (p) => { await playable(p); await p.locator('#heaps .tb-heap').first().click(); await p.waitForSelector('#picker .tb-move'); },
  // the pages of the registered games: each board ready for a move, its targets marked
  ...Object.fromEntries(['domineering', 'cram', 'snort', 'col', 'clobber', 'konane', 'cutcake', 'hackenbush']
    .map((game) => [game, async (p) => { await playable(p); await p.waitForSelector('#moves tr', { timeout: 30000 }); }])),
};
const playable = (p) => p.waitForFunction(() => {
  const s = document.querySelector('#status');
  return s.dataset.winner !== undefined || /Your move/.test(s.textContent);
}, null, { timeout: 30000 });

for (const mode of MODES) {
  test(`${mode.name}: axe finds no serious or critical violation on any page, desktop and phone`, async () => {
    const found = [];
    for (const [name, ready] of Object.entries(pages)) {
      const page = await env.context.newPage();
      await page.goto(mode.page(env.servers[mode.name].url, name));
      await ready(page);
      await page.waitForTimeout(400);
      for (const [width, height] of [[1280, 800], [390, 844]]) {
        await page.setViewportSize({ width, height });
        await page.waitForTimeout(200);
        await page.addScriptTag({ path: axePath });
        const result = await page.evaluate(async () => {
          // eslint-disable-next-line no-undef
          const r = await axe.run(document, { resultTypes: ['violations'] });
          return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')), count: v.nodes.length }));
        });
        for (const v of result) {
          if (v.impact === 'serious' || v.impact === 'critical') found.push(`${name} ${width}: ${v.id} (${v.impact}, ${v.count}×) ${v.nodes.join(' | ')}`);
          else console.log(`# ${mode.name} ${name} ${width}: ${v.id} (${v.impact}, ${v.count}×)`);
        }
      }
      await page.close();
    }
    assert.deepEqual(found, []);
  });
}
