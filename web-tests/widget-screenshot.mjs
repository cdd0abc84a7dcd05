// The README's picture of the notebook widget: a Domineering board mid-game (two dominoes
// played, the engine's values and ✓/✗ on the moves left, the thermograph), mounted as anywidget
// mounts it (tests/widget-host.js), saved as docs/img/widget.png.
//   cd web-tests && node widget-screenshot.mjs      (needs the release binary and Chromium)
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, openPage } from './tests/harness.js';
import { startHost, registry, settled } from './tests/widget-host.js';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'img', 'widget.png');
const browser = await launchBrowser();
const host = await startHost();
try {
  const page = await openPage(browser.context, host.url, 'load');
  await page.setViewportSize({ width: 980, height: 900 });
  await page.waitForFunction(() => window.hostReady === true);
  const info = registry().find((g) => g.name === 'domineering');
  const p = { ...info.page, title: info.title };
  await page.evaluate((pg) => window.mountWidget({ game: 'domineering', page: pg, position: '....|....|....', to_move: 'left' }, 'w'), p);
  await settled(page, 'w');
  // Left's vertical domino in the first column, then Right's horizontal one in the last row.
  await page.locator('#w [data-key="0,0"]').click();
  await settled(page, 'w');
  await page.locator('#w [data-key="2,2"]').click();
  await page.locator('#w [data-key="2,3"]').click();
  await settled(page, 'w');
  if (page.errors.length) throw new Error(page.errors.join('\n'));
  await page.locator('#w').screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  host.stop();
}
