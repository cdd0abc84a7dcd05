import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
const child = spawn('../target/release/onag', ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((res) => { let b = ''; child.stdout.on('data', (c) => { b += c; const m = b.match(/http:\/\/[^\s]+/); if (m) res(m[0].replace(/\/$/, '')); }); });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
const status = async () => `status: ${await page.locator('#status').textContent()} | error: ${await page.locator('#error').textContent()} | readout: ${await page.locator('#readout').textContent()}`;
try {
  for (const name of process.argv.slice(2)) {
    const [game, query = ''] = name.split('?');
    await page.goto(`${url}/${game}${query ? `?${query}` : ''}`);
    await page.waitForTimeout(2000);
    console.log(game, await status());
    await page.screenshot({ path: `/tmp/h25b-shots/${game}.png` });
    // play up to 3 moves by the moves table
    for (let i = 0; i < 3; i++) {
      const b = page.locator('#moves button');
      if (!(await b.count())) break;
      await b.first().click();
      await page.waitForTimeout(1500);
      console.log('  after a move:', await status());
    }
    await page.evaluate(() => window.scrollTo(0, 0)); await page.screenshot({ path: `/tmp/h25b-shots/${game}-played.png` });
  }
} finally {
  await browser.close();
  child.kill();
}
