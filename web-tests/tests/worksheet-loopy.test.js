// The worksheet takes loopy games: the value, the outcome with draws, the stops of a stopper,
// the onside and offside of a game that is not one (docs/loopy.md), from the page's engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, setUp } from './harness.js';

const env = setUp();

const ask = async (page, expr) => {
  const before = await page.locator('#entries .entry').count();
  await page.fill('#expr', expr);
  await page.press('#expr', 'Enter');
  await page.waitForFunction((n) => document.querySelectorAll('#entries .entry').length > n
    || document.querySelector('#error').textContent !== '', before);
};

for (const mode of MODES) {
  test(`${mode.name}: the worksheet evaluates loopy games`, async () => {
    const url = mode.page(env.servers[mode.name].url, 'worksheet');
    const page = await openPage(env.browser.context, url);
    await ask(page, '{on|3/2under}');
    const first = page.locator('#entries .entry').nth(0);
    assert.equal(await first.locator('.value').textContent(), '{on|3/2under}');
    assert.equal(await first.locator('.stopper').textContent(), 'yes');
    assert.equal(await first.locator('.stops').textContent(), 'Left on, Right 3/2under');
    assert.match(await first.locator('.outcome').textContent(), /^L/);
    assert.equal(await first.locator('.thermo').count(), 0);

    await ask(page, 'upon + 1');
    const second = page.locator('#entries .entry').nth(1);
    assert.equal(await second.locator('.value').textContent(), '1^[on]');
    assert.equal(await second.locator('.mean').textContent(), '1');

    await ask(page, 'on + off');
    const third = page.locator('#entries .entry').nth(2);
    assert.equal(await third.locator('.value').textContent(), 'dud');
    assert.match(await third.locator('.stopper').textContent(), /^no/);
    assert.equal(await third.locator('.outcome').textContent(), 'Left first: draw, Right first: draw');
    assert.equal(await third.locator('.onside').textContent(), 'on');
    assert.equal(await third.locator('.offside').textContent(), 'off');

    // An error in the loopy notation names its place.
    await ask(page, '1 + frob');
    assert.match(await page.locator('#error').textContent(), /at character 5: unknown word 'frob'/);
    assert.equal(await page.locator('#entries .entry').count(), 3);
    await page.close();
  });
}
