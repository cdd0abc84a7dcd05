// Every page loads without console errors, works at phone width, and is saved as a screenshot.
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

const pages = [
  ['home', '/'],
  ['nim', '/nim'],
  ['corners', '/corners'],
  ['wythoff', '/wythoff'],
  ['queens', '/queens'],
  ['toads', '/toads'],
];

for (const [name, path] of pages) {
  test(`${name} page loads with no console errors`, async () => {
    const page = await openPage(browser.context, server.url + path);
    await page.waitForTimeout(300);
    assert.ok((await page.title()).includes('onag'), 'title names onag');
    assert.ok(await page.locator('header.site nav a').count() >= 5, 'navigation is there');
    await screenshot(page, name);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `no horizontal scrolling at phone width (overflow ${overflow}px)`);
    await screenshot(page, `${name}-phone`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
