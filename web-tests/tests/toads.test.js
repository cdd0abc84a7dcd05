// Toads and Frogs: the preset T□TF□F□^6 shows {13/2 | 1}, mean 15/4, temperature 11/4 and a
// thermograph; a game against the computer ends with a winner; bad boards are reported.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, screenshot } from './harness.js';

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  server?.stop();
});

const text = async (page, id) => (await page.locator(`#${id}`).textContent()).replace(/\s+/g, '');

test('preset T□TF□F□^6 shows its value, mean, temperature and thermograph', async () => {
  const page = await openPage(browser.context, `${server.url}/toads`);
  await page.locator('#presets button', { hasText: 'TTT□□FFF' }).click();
  await page.waitForFunction(() => document.querySelector('#value').textContent === '±1/8');
  await page.locator('#presets button[data-board="T□TF□F□^6"]').click();
  await page.waitForFunction(() => document.querySelector('#value').textContent.replace(/\s/g, '') === '{13/2|1}');
  assert.equal(await text(page, 'value'), '{13/2|1}');
  assert.equal(await text(page, 'mean'), '15/4');
  assert.equal(await text(page, 'temperature'), '11/4');
  assert.equal(await page.locator('#thermo svg').count(), 1, 'a thermograph is drawn');
  assert.ok(await page.locator('#thermo svg line, #thermo svg path, #thermo svg polyline').count() > 0);
  // ✓/✗ over the movable toads, and a table row per move of either side.
  const marks = await page.locator('#strip .mark').allTextContents();
  assert.ok(marks.length > 0 && marks.every((m) => m === '✓' || m === '✗'));
  assert.ok(await page.locator('#moves tr').count() >= 3);
  await screenshot(page, 'toads-value');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a game against the computer ends with a winner', async () => {
  const page = await openPage(browser.context, `${server.url}/toads`);
  await page.fill('#text', 'TT□□□FF');
  await page.press('#text', 'Enter');
  for (let turn = 0; turn < 60; turn++) {
    await page.waitForFunction(() => {
      const s = document.querySelector('#status');
      return s.dataset.winner || /Your move/.test(s.textContent);
    }, null, { timeout: 20000 });
    if (await page.locator('#status[data-winner]').count()) break;
    const win = page.locator('#strip .cell.target.win');
    await ((await win.count()) ? win.first() : page.locator('#strip .cell.target').first()).click();
    await page.waitForTimeout(100);
  }
  const winner = await page.locator('#status').getAttribute('data-winner');
  assert.ok(winner === 'left' || winner === 'right', `a winner is declared (${winner})`);
  await screenshot(page, 'toads-game-over');
  // A malformed board is reported in the page.
  await page.fill('#text', 'TXF');
  await page.press('#text', 'Enter');
  await page.waitForFunction(() => document.querySelector('#error').textContent.length > 0);
  assert.deepEqual(page.errors.filter((e) => !/400/.test(e)), []);
  await page.close();
});

test('the editor changes squares by click and by text', async () => {
  const page = await openPage(browser.context, `${server.url}/toads`);
  await page.locator('#presets button', { hasText: 'TT□FF' }).click();
  await page.waitForFunction(() => document.querySelector('#value').textContent === '*');
  await page.selectOption('#mode', 'edit');
  await page.locator('#strip .cell[data-i="2"]').click(); // □ → T: TTTFF, no toad can move
  await page.waitForFunction(() => document.querySelector('#text').value === 'TTTFF');
  await page.waitForFunction(() => document.querySelector('#value').textContent === '0');
  await page.locator('#strip button[title="add a square"]').click();
  await page.waitForFunction(() => document.querySelector('#text').value === 'TTTFF.');
  // The text changes at once, the strip when the new board's analysis is back.
  await page.waitForFunction(() => document.querySelectorAll('#strip .cell[data-i]').length === 6);
  assert.deepEqual(page.errors, []);
  await page.close();
});
