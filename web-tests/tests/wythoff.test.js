// Wythoff: a queen move works (and the computer answers); the heat-map slider changes lit cells;
// the row plot reports the published period.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, launchBrowser, openPage, screenshot } from './harness.js';

let browser;
const servers = {};
before(async () => {
  browser = await launchBrowser();
  for (const mode of MODES) servers[mode.name] = await mode.start();
});
after(async () => {
  await browser?.close();
  for (const s of Object.values(servers)) s.stop();
});

const queensText = (page) => page.locator('#queens').textContent();

for (const mode of MODES) {
  test(`${mode.name}: a queen moves to a marked square and the computer answers`, async () => {
    const page = await openPage(browser.context, mode.page(servers[mode.name].url, 'wythoff'));
    await page.waitForSelector('#queens tr:nth-child(2)');
    const before = await queensText(page);
    await page.locator('.cell.queen').first().click();
    await page.waitForSelector('.cell.target');
    const marks = await page.locator('.cell.target .mark').allTextContents();
    assert.ok(marks.length > 0 && marks.every((m) => m === '✓' || m === '✗'));
    await screenshot(page, `wythoff-marks-${mode.name}`);
    await page.locator('.cell.target').first().click();
    await page.waitForFunction(() => /computer/i.test(document.querySelector('#status').textContent) && !/thinking/.test(document.querySelector('#status').textContent));
    await page.waitForTimeout(200);
    assert.notEqual(await queensText(page), before, 'the queens moved');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: the heat-map slider changes the lit cells`, async () => {
    const page = await openPage(browser.context, mode.page(servers[mode.name].url, 'wythoff'));
    await page.waitForSelector('#lit[data-lit]');
    const lit0 = await page.locator('#lit').textContent();
    const image0 = await page.evaluate(() => document.querySelector('#heat').toDataURL());
    await page.locator('#gval').fill('7');
    await page.waitForFunction(() => /g = 7/.test(document.querySelector('#lit').textContent));
    const lit7 = await page.locator('#lit').textContent();
    const image7 = await page.evaluate(() => document.querySelector('#heat').toDataURL());
    assert.notEqual(lit7, lit0);
    assert.notEqual(image7, image0, 'other cells are lit');
    assert.match(await page.locator('#row-info').textContent(), /row 10: preperiod 224, period 24 \(proven\)/);
    await screenshot(page, `wythoff-heatmap-${mode.name}`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
