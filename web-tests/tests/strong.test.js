// The strong computer on boards past the canonical forms, in both delivery modes (onag serve,
// and the static site with no onag process): on 8×8 Domineering the computer answers within
// its seconds a move with a legal move and the page says what the search knows; on a board
// the search proves, the page's claim is the canonical form's outcome (asked of the served
// API's /game/analyze, which knows nothing of the search).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, screenshot, setUp } from './harness.js';

const env = setUp();
const EMPTY_8X8 = Array(8).fill('........').join('|');
// The page's seconds a move (grid.js STRONG_SECONDS) and the slack of a loaded machine
// (starting the worker, the analysis after the move).
const SECONDS = 2;
const SLACK = 20;

for (const mode of MODES) {
  const url = (name, query = '') => `${mode.page(env.servers[mode.name].url, name)}${query}`;

  test(`${mode.name}: domineering 8×8: the computer moves by search within its time, legally`, async () => {
    const started = Date.now();
    const page = await openPage(env.browser.context, url('domineering', `?pos=${encodeURIComponent(EMPTY_8X8)}&you=second`), 'load');
    await page.waitForFunction(() => document.querySelectorAll('#history li').length >= 2, null, { timeout: (SECONDS + SLACK) * 1000 });
    assert.ok(Date.now() - started < (SECONDS + SLACK) * 1000);
    // the computer (Blue, vertical) placed one vertical domino
    await page.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent), null, { timeout: (SECONDS + SLACK) * 1000 });
    const pos = await page.locator('#text').inputValue();
    const rows = pos.split('|');
    const filled = [];
    rows.forEach((r, i) => [...r].forEach((c, j) => { if (c === '#') filled.push([i, j]); }));
    assert.equal(filled.length, 2, pos);
    assert.equal(filled[0][1], filled[1][1], `a vertical domino: ${pos}`);
    assert.equal(filled[1][0] - filled[0][0], 1, `a vertical domino: ${pos}`);
    const said = `${await page.locator('#status').textContent()} ${await page.locator('#outcome').textContent()}`;
    assert.match(said, /Not proven: the computer plays by search to depth \d+|Proven: /);
    await screenshot(page, `strong-domineering-8x8-${mode.name}`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: a board the search proves: the page's claim is the canonical outcome`, async () => {
    // three strips of 11 cells apart (33 cells, past the page's canonical forms; sides within
    // the page's 12): Red (horizontal) to move
    const strip = ['...........', '###########', '...........', '###########', '...........'].join('|');
    const page = await openPage(env.browser.context, url('domineering', `?pos=${encodeURIComponent(strip)}&you=first&first=1&move=1`), 'load');
    await page.waitForFunction(() => /Proven: /.test(document.querySelector('#outcome').textContent), null, { timeout: (SECONDS + SLACK) * 1000 });
    const claim = await page.locator('#outcome').textContent();
    const served = env.servers.served.url;
    const canonical = await (await fetch(`${served}/api/game/analyze`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'domineering', position: strip }),
    })).json();
    // Red moving first wins iff the outcome is R or N
    const redWins = canonical.outcome === 'R' || canonical.outcome === 'N';
    assert.match(claim, redWins ? /Red, the player to move, wins with perfect play/ : /Red, the player to move, loses/);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
