// Every page loads without console errors in both delivery modes, computes in its own engine
// (no /api/ request), works at phone width, and is saved as a screenshot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, screenshot, setUp } from './harness.js';

const env = setUp();

const pages = ['index', 'nim', 'corners', 'wythoff', 'queens', 'toads'];

for (const mode of MODES) for (const name of pages) {
  test(`${mode.name}: ${name} page loads with no console errors`, async () => {
    const page = await openPage(env.browser.context, mode.page(env.servers[mode.name].url, name));
    await page.waitForTimeout(300);
    assert.ok((await page.title()).includes('onag'), 'title names onag');
    assert.ok(await page.locator('header.site nav a').count() >= 5, 'navigation is there');
    await screenshot(page, `${name}-${mode.name}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `no horizontal scrolling at phone width (overflow ${overflow}px)`);
    await screenshot(page, `${name}-phone-${mode.name}`);
    assert.deepEqual(page.errors, []);
    assert.deepEqual(page.apiRequests, [], 'the page computes in its engine, not on a server');
    await page.close();
  });
}
