// The worksheet shows a stopper's reduced canonical form, its value modulo infinitesimals
// (Siegel, "Reduced canonical forms of stoppers", 2006; docs/loopy.md), and none for a game
// that is not a stopper.
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
  test(`${mode.name}: the worksheet shows the reduced canonical form of a stopper`, async () => {
    const url = mode.page(env.servers[mode.name].url, 'worksheet');
    const page = await openPage(env.browser.context, url);
    await ask(page, '{pass|3/2}');
    const first = page.locator('#entries .entry').nth(0);
    assert.equal(await first.locator('.value').textContent(), '3/2under');
    assert.equal(await first.locator('.rcf').textContent(), '3/2');

    await ask(page, 'on + off');
    const second = page.locator('#entries .entry').nth(1);
    assert.equal(await second.locator('.value').textContent(), 'dud');
    assert.equal(await second.locator('.rcf').count(), 0);
    await page.close();
  });
}
