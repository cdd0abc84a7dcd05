// The worksheet compares loopy values by their sides and takes sided values G & H
// (docs/loopy.md "Sided values and comparisons"), from the page's engine in both modes.
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
  test(`${mode.name}: the worksheet compares loopy values and reads G & H`, async () => {
    const url = mode.page(env.servers[mode.name].url, 'worksheet');
    const page = await openPage(env.browser.context, url);
    await ask(page, 'over < 1/1024');
    const first = page.locator('#entries .entry').nth(0);
    assert.match(await first.locator('.verdict').textContent(), /^True: < holds — the left side is less than the right side/);
    assert.equal(await first.locator('.value').nth(0).textContent(), 'over');
    assert.equal(await first.locator('.value').nth(1).textContent(), '1/1024');

    await ask(page, 'tis >= 1 & 0');
    const second = page.locator('#entries .entry').nth(1);
    assert.match(await second.locator('.verdict').textContent(), /^True: >= holds — the left side is equal to/);
    assert.equal(await second.locator('.value').nth(1).textContent(), 'tis');

    await ask(page, 'upon < *');
    const third = page.locator('#entries .entry').nth(2);
    assert.match(await third.locator('.verdict').textContent(), /^False: < does not hold — the left side is confused with/);

    await ask(page, 'on & 0');
    const fourth = page.locator('#entries .entry').nth(3);
    assert.equal(await fourth.locator('.value').textContent(), 'on & 0');
    assert.equal(await fourth.locator('.onside').textContent(), 'on');
    assert.equal(await fourth.locator('.offside').textContent(), '0');

    // A sided value out of order names the place of its '&'.
    await ask(page, 'off & on');
    assert.match(await page.locator('#error').textContent(), /at character 5: in G & H the onside G must be ≥ the offside H/);
    assert.equal(await page.locator('#entries .entry').count(), 4);
    await page.close();
  });
}
