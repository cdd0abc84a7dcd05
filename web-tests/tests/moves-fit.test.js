// The table of every move fits its panel on every registered game's page (and on Toads and
// Frogs', which shares the side column), in both delivery modes: at a 1280 px window (the side
// column at its widest share) and on a phone (390 px), the table is no wider than its scroll
// box, so nothing is hidden behind a sideways scroll, and its text stays at least 12 px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, setUp } from './harness.js';

const env = setUp();

const settled = (page) => page.waitForFunction(() => {
  const s = document.querySelector('#status');
  return s.dataset.winner !== undefined || /Your move|press “Computer, move”/.test(s.textContent);
}, null, { timeout: 60000 });

/** The generated game pages: the index's cards that name a registered game. */
async function generatedGames(context, url) {
  const page = await openPage(context, url);
  const names = await page.evaluate(() => [...document.querySelectorAll('a.card[data-game]')].map((a) => a.dataset.game));
  await page.close();
  return names;
}

/** The moves table's width, its scroll box's inner width and whether the box scrolls sideways. */
const measure = (page) => page.evaluate(() => {
  const table = document.getElementById('moves');
  const box = table.closest('.scroll');
  return {
    rows: table.querySelectorAll('tr').length,
    table: table.getBoundingClientRect().width,
    box: box.clientWidth,
    scrolls: box.scrollWidth > box.clientWidth,
    font: parseFloat(getComputedStyle(table.querySelector('td') || table).fontSize),
  };
});

for (const mode of MODES) {
  const base = () => env.servers[mode.name].url;
  const url = (name, query = '') => `${mode.page(base(), name)}${query}`;

  for (const [width, height] of [[1280, 800], [390, 844]]) {
    test(`${mode.name}: at ${width} px the table of every move fits its box on every game page`, async () => {
      const games = await generatedGames(env.browser.context, url('index'));
      assert.ok(games.length >= 8, games.join(' '));
      const seen = [];
      // and Toads and Frogs' page, whose side column is the same shell
      for (const name of [...games, 'toads']) {
        const page = await openPage(env.browser.context, url(name, '?you=both'));
        await page.setViewportSize({ width, height });
        if (name !== 'toads') await settled(page);
        await page.waitForFunction(() => document.querySelectorAll('#moves tr').length > 1, null, { timeout: 60000 });
        const m = await measure(page);
        seen.push({ name, ...m });
        await page.close();
      }
      console.log(`${mode.name} ${width} px (table/box): ${seen.map((m) => `${m.name} ${m.table.toFixed(1)}/${m.box}`).join(', ')}`);
      for (const m of seen) {
        assert.ok(m.table <= m.box + 0.5, `${m.name} at ${width} px: the table is ${m.table} px in a ${m.box} px box`);
        assert.ok(!m.scrolls, `${m.name} at ${width} px: the box scrolls sideways`);
        assert.ok(m.font >= 12, `${m.name} at ${width} px: ${m.font} px text`);
      }
    });
  }
}
