// Turning Corners: a coin click shows ✓/✗ marks; a full game against the computer ends with a winner.
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

test('clicking a heads coin marks every corner ✓ or ✗', async () => {
  const page = await openPage(browser.context, `${server.url}/corners`);
  const coin = page.locator('.coin.heads').last();
  const a = Number(await coin.getAttribute('data-a'));
  const b = Number(await coin.getAttribute('data-b'));
  await coin.click();
  await page.waitForSelector('.mark');
  const marks = await page.locator('.mark').count();
  assert.equal(marks, a * b, 'one mark per opposite corner, border included');
  const text = await page.locator('.mark').allTextContents();
  assert.ok(text.every((t) => t === '✓' || t === '✗'));
  // Hovering a corner draws the dashed rectangle through the four corners.
  await page.locator('.cell.target').first().hover();
  assert.equal(await page.locator('#hover-rect').count(), 1);
  await page.locator('#values').check();
  assert.ok(await page.locator('.coin .val').count() > 0, 'values a ⊗ b shown');
  await screenshot(page, 'corners-marks');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a full game against the computer ends with a winner', async () => {
  const page = await openPage(browser.context, `${server.url}/corners`);
  await page.selectOption('#n', '4');
  await page.waitForTimeout(300);
  for (let turn = 0; turn < 200; turn++) {
    if (await page.locator('#status[data-winner]').count()) break;
    await page.locator('.coin.heads').first().click();
    await page.waitForSelector('.cell.target');
    // Take a winning move when there is one, otherwise any move.
    const win = page.locator('.cell.target.win');
    await ((await win.count()) ? win.first() : page.locator('.cell.target').first()).click();
    await page.waitForFunction(() => document.querySelector('#status').dataset.winner
      || /Your move/.test(document.querySelector('#status').textContent));
  }
  const winner = await page.locator('#status').getAttribute('data-winner');
  assert.ok(winner === 'you' || winner === 'computer', `a winner is declared (${winner})`);
  await screenshot(page, 'corners-game-over');
  // Undo takes the last exchange back and the game goes on.
  await page.locator('#undo').click();
  await page.waitForFunction(() => !document.querySelector('#status').dataset.winner);
  await page.waitForSelector('.coin.heads', { timeout: 5000 });
  assert.ok(await page.locator('.coin.heads').count() > 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the board is playable by keyboard', async () => {
  const page = await openPage(browser.context, `${server.url}/corners`);
  await page.locator('.coin.heads').first().focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector('.cell.target');
  // Focus moves to a corner; Enter plays it and the computer answers.
  const focused = await page.evaluate(() => document.activeElement.classList.contains('target'));
  assert.ok(focused, 'a marked corner has the focus');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#status').dataset.winner
    || /Your move/.test(document.querySelector('#status').textContent));
  assert.deepEqual(page.errors, []);
  await page.close();
});
