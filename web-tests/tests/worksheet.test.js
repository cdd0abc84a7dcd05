// The worksheet: any expression gets its value, outcome, temperature, thermograph and atomic
// weight from the page's engine; entries stay in a list the link carries; an error shows its place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, screenshot, setUp } from './harness.js';

const env = setUp();

const ask = async (page, expr) => {
  const before = await page.locator('#entries .entry').count();
  await page.fill('#expr', expr);
  await page.press('#expr', 'Enter');
  await page.waitForFunction((n) => document.querySelectorAll('#entries .entry').length > n
    || document.querySelector('#error').textContent !== '', before);
};

for (const mode of MODES) {
  test(`${mode.name}: the worksheet evaluates expressions, keeps them in its link and shows where an error is`, async () => {
    const url = mode.page(env.servers[mode.name].url, 'worksheet');
    const page = await openPage(env.browser.context, url);
    await ask(page, '{5 | {3|-3}, 1*}');
    const first = page.locator('#entries .entry').nth(0);
    assert.equal(await first.locator('.value').textContent(), '{5|±3,1*}');
    assert.match(await first.locator('.outcome').textContent(), /^L/);
    assert.equal(await first.locator('.temperature').textContent(), '2');
    assert.equal(await first.locator('.mean').textContent(), '3');
    assert.equal(await first.locator('.thermo svg').count(), 1);
    assert.match(await first.locator('.aw').textContent(), /undefined/);

    // Operations, registered games and a comparison.
    await ask(page, 'cool({5|1}, 1) + aw(^^*)');
    assert.equal(await page.locator('#entries .entry').nth(1).locator('.value').textContent(), '{6|4}');
    await ask(page, 'domineering("..|..") + domineering("..") < 0');
    const third = page.locator('#entries .entry').nth(2);
    assert.match(await third.locator('.verdict').textContent(), /^False: < does not hold — the left side is confused with/);
    assert.equal(await third.locator('.value').first().textContent(), '{0|-2}');
    assert.match(await third.textContent(), /domineering\("\.\.\|\.\."\) = \+-1/);
    await ask(page, '^^* ');
    assert.equal(await page.locator('#entries .entry').nth(3).locator('.aw').textContent(), '2');

    // The link carries the list: a fresh page on it shows the same entries, computed again.
    assert.match(page.url(), /#e=/);
    const copy = await openPage(env.browser.context, page.url());
    await copy.waitForFunction(() => document.querySelectorAll('#entries .entry').length === 4);
    assert.deepEqual(await copy.locator('#entries .entry .expr').allTextContents(),
      ['{5 | {3|-3}, 1*}', 'cool({5|1}, 1) + aw(^^*)', 'domineering("..|..") + domineering("..") < 0', '^^*']);
    await copy.close();

    // An error names its place and marks it under the text; the list is unchanged.
    await ask(page, '{1|0} + {1|2|3}');
    assert.match(await page.locator('#error').textContent(), /at character 13: ambiguous bars/);
    assert.equal(await page.locator('#where').textContent(), '{1|0} + {1|2|3}\n            ^');
    await ask(page, 'domineering("..x")');
    assert.match(await page.locator('#error').textContent(), /at character 16: in the position of domineering: /);
    assert.equal(await page.locator('#entries .entry').count(), 4);
    await screenshot(page, `worksheet-${mode.name}`);

    // Removing an entry takes it out of the link.
    await page.locator('#entries .entry').nth(0).locator('button.remove').click();
    assert.equal(await page.locator('#entries .entry').count(), 3);
    assert.deepEqual(await page.evaluate(() => new URLSearchParams(location.hash.slice(1)).getAll('e')),
      ['cool({5|1}, 1) + aw(^^*)', 'domineering("..|..") + domineering("..") < 0', '^^*']);
    assert.deepEqual(page.errors.filter((e) => !/400/.test(e)), []);
    await page.close();
  });
}
