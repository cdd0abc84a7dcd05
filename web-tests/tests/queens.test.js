// Queen variants: a published formula matches; a wrong one is flagged with highlighted cells.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, screenshot, setUp } from './harness.js';

const env = setUp();

const redPixels = (page) => page.evaluate(() => {
  const canvas = document.querySelector('#table');
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let red = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] === 229 && data[i + 1] === 48 && data[i + 2] === 42) red++;
  return red;
});

for (const mode of MODES) {
  test(`${mode.name}: the queens page flags the mismatches of a wrong formula`, async () => {
    const page = await openPage(env.browser.context, mode.page(env.servers[mode.name].url, 'queens'));
    await page.selectOption('#preset', '1'); // rook + one diagonal step, with its closed form
    await page.waitForFunction(() => document.querySelector('#verdict').dataset.mismatches === '0');
    assert.match(await page.locator('#verdict').textContent(), /matches all 4096 cells/);
    assert.equal(await redPixels(page), 0);
    await page.fill('#formula', 'x ^ y');
    await page.press('#formula', 'Enter');
    await page.waitForFunction(() => Number(document.querySelector('#verdict').dataset.mismatches) > 0);
    const count = Number(await page.locator('#verdict').getAttribute('data-mismatches'));
    assert.match(await page.locator('#verdict').textContent(), /cells differ; the first at \(1, 1\)/);
    assert.equal(await redPixels(page), count, 'every mismatching cell is red');
    assert.ok(await page.locator('#mismatches tr.mismatch').count() > 0);
    await screenshot(page, `queens-mismatches-${mode.name}`);
    // A malformed formula is reported, not thrown.
    await page.fill('#formula', 'x +* y');
    await page.press('#formula', 'Enter');
    await page.waitForFunction(() => document.querySelector('#error').textContent.includes('formula'));
    assert.ok(await page.locator('#results').evaluate((n) => n.classList.contains('stale')), 'the old table is dimmed');
    // Editing the move set: the preset menu no longer names the old preset.
    await page.fill('#moves', 'left,down,diag:2');
    assert.equal(await page.locator('#preset').inputValue(), 'custom');
    await page.fill('#formula', '');
    await page.press('#formula', 'Enter');
    await page.waitForFunction(() => /largest value/.test(document.querySelector('#verdict').textContent));
    assert.ok(!(await page.locator('#results').evaluate((n) => n.classList.contains('stale'))));
    assert.equal(await page.locator('.heat-x .tick').count(), 3, 'the heat map has axes');
    // The keyboard readout of the table: one Tab stop, arrows move the cursor.
    await page.locator('#table').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction(() => /g\(1, 1\) = \d+/.test(document.querySelector('#cell').textContent));
    assert.equal(await page.locator('.heat-cursor').isVisible(), true);
    assert.deepEqual(page.errors.filter((e) => !/400/.test(e)), []);
    await page.close();
  });
}
