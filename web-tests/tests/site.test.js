// The game site, in both delivery modes (onag serve, and the static site with no onag
// process): the board first and above the fold, the error paths (no "null", the banner at the
// top, no stale panel, Retry only where it helps, one stated limit), the game flow (sides
// switched after Undo, fair random starts, the computer's move named and animated), keyboard
// play with one Tab stop and the focus kept on the board, charts, the scorecard, Nim, phones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, screenshot, setUp, startServer } from './harness.js';

const env = setUp();

const yourMove = (page, timeout = 30000) => page.waitForFunction(() => {
  const s = document.querySelector('#status');
  return s && (s.dataset.winner !== undefined || /Your move/.test(s.textContent));
}, null, { timeout });
const boardOf = { corners: '#board', wythoff: '#board', toads: '#strip', nim: '#board' };
const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

for (const mode of MODES) {
  const url = (name, query = '') => `${mode.page(env.servers[mode.name].url, name)}${query}`;

  test(`${mode.name}: every game page shows its board first, above the fold at 1280×800 and 390×844`, async () => {
    for (const name of ['nim', 'corners', 'wythoff', 'toads']) {
      const page = await openPage(env.browser.context, url(name));
      await yourMove(page);
      for (const [width, height] of [[1280, 800], [390, 844]]) {
        await page.setViewportSize({ width, height });
        await page.waitForTimeout(250);
        const m = await page.evaluate((sel) => {
          const board = document.querySelector(sel).getBoundingClientRect();
          const status = document.querySelector('#status').getBoundingClientRect();
          const firstText = [...document.querySelectorAll('main p, main form, main .toolbar')]
            .map((n) => n.getBoundingClientRect()).filter((r) => r.height > 0 && r.top < board.top);
          return { top: board.top, bottom: board.bottom, status: status.bottom, prose: firstText.length, cells: [...document.querySelectorAll(`${sel} .cell`)].map((c) => c.getBoundingClientRect().width) };
        }, boardOf[name]);
        assert.ok(m.top < 260, `${name} at ${width}: the board starts near the top (${m.top})`);
        assert.ok(m.status <= height, `${name} at ${width}: the board's first rows and the status line are above the fold (${m.status})`);
        assert.ok(m.prose <= 1, `${name} at ${width}: no form or paragraphs before the board (${m.prose})`);
        if (width === 1280) assert.ok(m.bottom <= height, `${name}: the whole default board is above the fold (${m.bottom})`);
        // The Toads strip stays one row on a phone: its squares may shrink to WCAG 2.2's
        // minimum target size (24 px, success criterion 2.5.8) before the strip scrolls.
        const tap = name === 'toads' && width === 390 ? 24 : 32;
        assert.ok(Math.min(...m.cells) + 0.01 >= tap, `${name} at ${width}: tap targets of at least ${tap} px (${Math.min(...m.cells)})`);
      }
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });

  test(`${mode.name}: a bad link is explained at the top with no "null", and stays in the address bar`, async () => {
    for (const [name, query] of [['wythoff', '?pos=12-12.3'], ['corners', '?pos=13-1.1']]) {
      const page = await openPage(env.browser.context, url(name, query));
      await yourMove(page);
      const message = await page.locator('#error').textContent();
      assert.match(message, /not valid/, name);
      assert.doesNotMatch(message, /null/, `${name}: no literal null (${message})`);
      const m = await page.evaluate(() => ({
        banner: document.querySelector('#error').getBoundingClientRect().top,
        board: document.querySelector('#board').getBoundingClientRect().top,
        search: location.search,
      }));
      assert.ok(m.banner < m.board && m.banner < 300, `${name}: the banner is above the board, on screen (${m.banner})`);
      assert.equal(m.search, query, `${name}: the link stays in the address bar`);
      assert.equal(await page.locator('#error button.retry').count(), 0, `${name}: no Retry for a bad link`);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
    // The + of the square editor on a full 24-square board.
    const page = await openPage(env.browser.context, url('toads', '?pos=TTTTTTTTTTTT............'));
    await yourMove(page);
    await page.check('#edit');
    await page.click('#strip [data-key="add"]');
    const message = await page.locator('#error').textContent();
    assert.match(message, /at most 24$/);
    assert.doesNotMatch(message, /null/);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: a refused board leaves no stale panel, thermograph or chart, one stated limit, and no useless Retry`, async () => {
    const page = await openPage(env.browser.context, url('toads', '?pos=TT..FF'));
    await yourMove(page);
    assert.equal(await page.locator('#thermo svg').count(), 1);
    const refuse = async (board, pattern) => {
      await page.fill('#text', board);
      await page.press('#text', 'Enter');
      await page.waitForFunction((p) => new RegExp(p).test(document.querySelector('#error').textContent), pattern, { timeout: 10000 });
      return page.locator('#error').textContent();
    };
    let message = await refuse('TTTTTTTTTT....FFFFFFFFFF', 'onag toads value');
    assert.equal(await page.locator('#thermo svg').count(), 0, 'no thermograph of the previous board');
    assert.equal((await page.locator('#components').textContent()).trim(), '–', 'no reduced form of the previous board');
    assert.equal((await page.locator('#value').textContent()).trim(), '–');
    assert.equal(await page.locator('#error button.retry').count(), 0, 'retrying a refused board cannot help');
    assert.equal(await page.locator('#chart circle').count(), 0, 'no chart points of the previous game');
    assert.doesNotMatch(await page.locator('#chart').textContent(), /move 1/);
    message = await refuse('TXF', 'unexpected');
    assert.equal(await page.locator('#error button.retry').count(), 0, 'no Retry for a parse error');
    message = await refuse('T^99999', 'at most 24');
    assert.doesNotMatch(message, /127/, message);
    message = await refuse('T99999999999999999999', 'at most 24');
    assert.doesNotMatch(message, /4294967295|null/, message);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: while a new board is analysed, nothing of the previous board's panel shows`, async () => {
    const page = await openPage(env.browser.context, url('toads', '?pos=TTTTTT.....FFFFFF'));
    await page.waitForFunction(() => /\[/.test(document.querySelector('#components').textContent), null, { timeout: 60000 });
    await page.fill('#text', 'TTTTTTTT....FFFFFFFF');
    await page.press('#text', 'Enter');
    await page.waitForFunction(() => /analysing/.test(document.querySelector('#status').textContent));
    assert.equal((await page.locator('#components').textContent()).trim(), '–');
    assert.equal(await page.locator('#thermo svg').count(), 0);
    await page.click('#stop');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: a slow board shows real progress against the work estimate, with the time left`, async () => {
    const page = await openPage(env.browser.context, url('toads', '?pos=TT..FF'));
    await yourMove(page);
    await page.fill('#text', 'TTTTTTTT....FFFFFFFF');
    await page.press('#text', 'Enter');
    await page.waitForFunction(() => Number(document.querySelector('#status').dataset.progress) > 0, null, { timeout: 20000 });
    const first = Number(await page.locator('#status').getAttribute('data-progress'));
    const text = await page.locator('#status').textContent();
    assert.match(text, /[\d,]+ parts solved, about [\d.]+ % of the estimate(, about \d+ (s|min) left)?/, text);
    assert.equal(await page.locator('#status progress').count(), 1, 'a progress bar');
    await page.waitForFunction((f) => Number(document.querySelector('#status').dataset.progress) > f, first, { timeout: 20000 });
    await page.waitForFunction(() => /about \d+ (s|min) left/.test(document.querySelector('#status').textContent), null, { timeout: 30000 });
    await page.click('#stop');
    await page.waitForFunction(() => document.querySelector('#status').textContent === 'Stopped.');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: switching sides after Undo makes the computer move, and the history stays true`, async () => {
    for (const [name, query, sel] of [['toads', '?pos=TTT..FFF', '#strip'], ['wythoff', '?pos=12-9.4_5.7', '#board']]) {
      const page = await openPage(env.browser.context, url(name, query));
      await yourMove(page);
      if (name === 'wythoff') await page.locator('#board .cell.queen').first().click();
      await page.locator(`${sel} .cell.target`).first().click();
      await yourMove(page);
      await page.click('#undo');
      await yourMove(page);
      assert.equal(await page.evaluate(() => document.querySelector('#history li.current button').dataset.ply), '0');
      await page.selectOption('#human', 'second');
      await page.waitForFunction(() => /computer/.test(document.querySelector('#history').textContent), null, { timeout: 20000 });
      await yourMove(page);
      const status = await page.locator('#status').textContent();
      assert.doesNotMatch(status, /Redo replays/, `${name}: ${status}`);
      const who = await page.locator('#history li .muted').allTextContents();
      assert.equal(who[0].trim(), 'computer', `${name}: move 1 is the computer's (${who})`);
      assert.match(status, /The computer played/, `${name}: the status names the computer's move`);
      assert.equal(await page.locator('#redo').isDisabled(), true, `${name}: nothing to redo from the old line`);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });

  test(`${mode.name}: random starts give you a winning first move (and any start when asked)`, async () => {
    for (const name of ['wythoff', 'corners', 'nim']) {
      const page = await openPage(env.browser.context, url(name));
      for (let i = 0; i < 4; i++) {
        await yourMove(page);
        const status = await page.locator('#status').textContent();
        const m = /(\d+) of (\d+) moves win/.exec(status);
        assert.ok(m && Number(m[1]) >= 1, `${name}: a fair start (${status})`);
        await page.click('#new');
        await page.waitForTimeout(50);
      }
      await page.uncheck('#fair');
      assert.match(await page.locator('#permalink').getAttribute('href'), /fair=0/);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });

  test(`${mode.name}: the computer's move is animated and named in the status line`, async () => {
    const page = await env.browser.context.newPage();
    page.errors = [];
    page.on('pageerror', (err) => page.errors.push(err.message));
    await page.addInitScript(() => {
      window.animations = 0;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function counted(...args) { window.animations += 1; return animate.apply(this, args); };
    });
    for (const [name, query] of [['toads', '?pos=TT..FF&you=second'], ['wythoff', '?pos=12-9.4&you=second'], ['corners', '?pos=5-3.4_5.5&you=second'], ['nim', '?pos=3-4-5&you=second']]) {
      await page.goto(url(name, query));
      await yourMove(page);
      assert.match(await page.locator('#status').textContent(), /^The computer played .+\. Your move/, name);
      assert.ok(await page.evaluate(() => window.animations) >= 1, `${name}: the move was animated`);
      assert.equal(await page.locator('.cell.last.by-computer, .cell.gone').count() >= 1 || name === 'nim', true, `${name}: the move is marked`);
    }
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: keyboard — one Tab after the skip link into the board, moves by keyboard, focus kept after a move`, async () => {
    for (const [name, query, sel] of [['toads', '?pos=TTT..FFF', '#strip'], ['corners', '?pos=4-4.4_2.3', '#board'], ['nim', '?pos=3-4-5', '#board']]) {
      const page = await openPage(env.browser.context, url(name, query));
      await yourMove(page);
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement.className), 'skip');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      assert.ok(await page.evaluate((s) => document.querySelector(s).contains(document.activeElement), sel), `${name}: one Tab into the board`);
      // Walk to a playable cell with the arrow keys and play it with Enter (Corners: a coin,
      // then its corner).
      const walkToTarget = async (cls) => {
        for (let i = 0; i < 40; i++) {
          if (await page.evaluate((c) => document.activeElement.matches(c), cls)) return;
          await page.keyboard.press('ArrowRight');
        }
        throw new Error(`${name}: no ${cls} reachable by arrows`);
      };
      if (name === 'corners') {
        await walkToTarget('.coin.heads');
        await page.keyboard.press('Enter');
        assert.ok(await page.evaluate(() => document.activeElement.matches('.cell.target')), 'the first corner is focused');
      } else await walkToTarget('.cell.target');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => /computer/.test(document.querySelector('#history').textContent) || document.querySelector('#status').dataset.winner !== undefined, null, { timeout: 20000 });
      await yourMove(page);
      await page.waitForTimeout(100);
      assert.ok(await page.evaluate((s) => document.querySelector(s).contains(document.activeElement), sel), `${name}: the focus stays on the board after the move`);
      assert.equal(await page.locator(`${sel} [tabindex="0"]`).count(), 1, `${name}: one Tab stop in the board`);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });

  test(`${mode.name}: moves are shaded by remoteness with ✓/✗ kept`, async () => {
    const page = await openPage(env.browser.context, url('wythoff', '?pos=10-7.3'));
    await yourMove(page);
    await page.locator('#board .cell.queen').first().click();
    const shades = await page.evaluate(() => [...document.querySelectorAll('#board .cell.target')].map((c) => ({
      win: c.classList.contains('win'), shade: Number(c.dataset.shade), mark: c.querySelector('.mark').textContent,
      title: c.title, bg: getComputedStyle(c).backgroundColor,
    })));
    assert.ok(shades.length > 3);
    for (const s of shades) assert.equal(s.mark, s.win ? '✓' : '✗', 'the mark says what the colour says');
    const lose = shades.filter((s) => !s.win);
    assert.ok(new Set(lose.map((s) => s.shade)).size >= 2, `losing moves are shaded by how late they lose (${lose.map((s) => s.shade)})`);
    // A slower loss (larger remoteness) is paler.
    const r = (s) => Number(/in (\d+)/.exec(s.title)[1]);
    const sorted = [...lose].sort((a, b) => r(a) - r(b));
    assert.ok(sorted[0].shade >= sorted[sorted.length - 1].shade);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: Nim — a real game with ✓/✗ on every counter, the computer, and the scorecard`, async () => {
    const page = await openPage(env.browser.context, url('nim', '?pos=3-4-5'));
    await page.evaluate(() => localStorage.removeItem('onag.score.nim'));
    await yourMove(page);
    // 3 ⊕ 4 ⊕ 5 = 2: the only winning move leaves heap 1 with 1 counter (1 ⊕ 4 ⊕ 5 = 0).
    const wins = await page.locator('#board .cell.target.win').evaluateAll((cs) => cs.map((c) => c.dataset.key));
    assert.deepEqual(wins, ['0,1']);
    assert.equal(await page.locator('#board .cell.target').count(), 12, 'every counter is a move');
    await page.click('#board [data-key="0,1"]');
    for (let turn = 0; turn < 20; turn++) {
      await yourMove(page);
      if (await page.locator('#status[data-winner]').count()) break;
      const win = page.locator('#board .cell.target.win');
      await ((await win.count()) ? win.first() : page.locator('#board .cell.target').first()).click();
    }
    assert.match(await page.locator('#status').textContent(), /you win/);
    assert.equal(await page.locator('#scorecard').getAttribute('data-wins'), '1');
    await page.reload();
    await yourMove(page);
    assert.equal(await page.locator('#scorecard').getAttribute('data-wins'), '1', 'the scorecard is kept');
    await screenshot(page, `nim-game-${mode.name}`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: the nim calculator keeps its message when Enter beats the typing pause`, async () => {
    const page = await openPage(env.browser.context, url('nim'));
    await page.waitForSelector('[data-k="a ⊗ b (nim-product)"]');
    await page.fill('#a', '');
    await page.press('#a', 'Enter');
    await page.waitForFunction(() => document.querySelector('#calc-error').textContent.length > 0);
    await page.waitForTimeout(700);
    assert.match(await page.locator('#calc-error').textContent(), /a: .*not a number/);
    // Typing a partial number says why the result is dimmed, without an alarm.
    await page.fill('#a', '0x');
    await page.waitForTimeout(500);
    assert.equal(await page.locator('#calc-error').textContent(), '');
    assert.match(await page.locator('#calc-note').textContent(), /not a complete number/);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: charts put the quantity on the y axis, say when empty, and no label is covered`, async () => {
    const page = await openPage(env.browser.context, url('wythoff', '?pos=12-9.4_5.7'));
    await yourMove(page);
    const m = await page.evaluate(() => {
      const svg = document.querySelector('#chart');
      const name = svg.querySelector('.y-name');
      const ticks = [...svg.querySelectorAll('.y-tick')].map((t) => t.getBoundingClientRect());
      const dots = [...svg.querySelectorAll('circle')].map((t) => t.getBoundingClientRect());
      const xAxis = svg.querySelector('line:nth-of-type(2)').getBoundingClientRect();
      return { rotated: /rotate/.test(name.getAttribute('transform')), nameBox: name.getBoundingClientRect(), ticks, dots, xAxis, text: svg.textContent };
    });
    assert.ok(m.rotated, 'the quantity is written along the y axis');
    assert.ok(m.nameBox.right < m.xAxis.left + 2, 'not in the middle of the x axis');
    for (const dot of m.dots) for (const tick of m.ticks) assert.ok(!overlap(dot, tick), 'no dot covers a value label');
    // The queens heat map: the axis name clear of every tick.
    const q = await openPage(env.browser.context, url('queens'));
    await q.waitForSelector('.heat-x .tick');
    const clash = await q.evaluate(() => {
      const out = [];
      const names = [...document.querySelectorAll('.heat-frame .axis-name')];
      if (names.length !== 2) out.push(`${names.length} axis names`);
      for (const n of names) {
        const name = n.getBoundingClientRect();
        for (const t of document.querySelectorAll('.heat-frame .tick')) {
          const r = t.getBoundingClientRect();
          if (name.left < r.right && r.left < name.right && name.top < r.bottom && r.top < name.bottom) out.push(`${n.textContent} on ${t.textContent}`);
        }
      }
      return out;
    });
    assert.deepEqual(clash, [], 'the axis names cover no tick');
    // A chart with no value yet says so (not "move 1").
    const t = await openPage(env.browser.context, url('toads', '?pos=TTTTTTTTTT....FFFFFFFFFF'));
    await t.waitForFunction(() => /onag toads value/.test(document.querySelector('#error').textContent));
    assert.match(await t.locator('#chart').textContent(), /no values yet/);
    assert.doesNotMatch(await t.locator('#chart').textContent(), /move 1/);
    assert.deepEqual([...page.errors, ...q.errors, ...t.errors], []);
    await Promise.all([page.close(), q.close(), t.close()]);
  });

  test(`${mode.name}: phones — strips stay one row at a tappable size, large boards pan and zoom, the row plot stays readable`, async () => {
    const page = await openPage(env.browser.context, url('toads', '?pos=TFTFF.FT..TTFF.TFF..TT'));
    await page.setViewportSize({ width: 390, height: 844 });
    await yourMove(page);
    const strip = await page.evaluate(() => [...document.querySelectorAll('#strip .cell')].map((c) => c.getBoundingClientRect()).map((r) => ({ w: r.width, top: r.top })));
    const pageScroll = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.equal(strip.length, 22);
    // a line of squares is one row (a wrapped strip reads as two boards); past the window it
    // scrolls inside its box, with a cue (phone.test.js), never the page
    assert.ok(strip.every((c) => c.w + 0.01 >= 24 && Math.abs(c.top - strip[0].top) < 1), `22 squares in one row, each ≥ 24 px (${strip.map((c) => Math.round(c.w))})`);
    assert.ok(pageScroll <= 1, `the page itself does not scroll sideways (${pageScroll}px)`);
    await screenshot(page, `toads-strip-phone-${mode.name}`);
    await page.goto(url('wythoff', '?pos=32-31.30_29.31'));
    await yourMove(page);
    const w = await page.evaluate(() => {
      const wrap = document.querySelector('#board-wrap');
      const cell = document.querySelector('#board .cell.sq').getBoundingClientRect().width;
      return { cell, pans: wrap.scrollWidth > wrap.clientWidth, page: document.documentElement.scrollWidth - innerWidth, bar: !document.querySelector('.zoombar').hidden };
    });
    assert.ok(w.cell >= 32, `Wythoff 32 × 32 cells are tappable (${w.cell})`);
    assert.ok(w.pans && w.bar, 'the board pans inside its box, with zoom buttons');
    assert.ok(w.page <= 1, 'the page itself does not scroll sideways');
    await page.click('.zoombar [data-zoom="fit"]');
    const fit = await page.evaluate(() => { const wrap = document.querySelector('#board-wrap'); return wrap.scrollWidth - wrap.clientWidth; });
    assert.ok(fit <= 1, `"fit" shows the whole board (${fit})`);
    await screenshot(page, `wythoff-32-phone-${mode.name}`);
    // The row plot is drawn at its on-screen size: 12 px labels.
    await page.waitForFunction(() => document.querySelector('#rowplot').dataset.font === '12', null, { timeout: 20000 });
    const plot = await page.evaluate(() => { const c = document.querySelector('#rowplot'); return { css: c.getBoundingClientRect().width, px: c.width / devicePixelRatio }; });
    assert.ok(Math.abs(plot.css - plot.px) < 2 && plot.css <= 390, `drawn at its on-screen width (${plot.css} vs ${plot.px})`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

// Served mode: once loaded, the page's engine restarts (Stop, a new board) with the server gone.
test('served: the engine restarts without the server', async () => {
  const server = await startServer();
  const page = await openPage(env.browser.context, `${server.url}/toads?pos=TT..FF`);
  await yourMove(page);
  server.stop();
  await new Promise((r) => setTimeout(r, 300));
  await page.fill('#text', 'TTTTTTTT....FFFFFFFF');
  await page.press('#text', 'Enter');
  await page.waitForFunction(() => /analysing/.test(document.querySelector('#status').textContent));
  await page.click('#stop');
  await page.locator('#presets button', { hasText: 'TT□FF' }).click();
  await page.waitForFunction(() => document.querySelector('#value').textContent === '*', null, { timeout: 20000 });
  assert.equal(await page.locator('#error').textContent(), '', 'no "worker error"');
  assert.deepEqual(page.errors.filter((e) => !/ERR_CONNECTION_REFUSED/.test(e)), []);
  await page.close();
});

// Served mode: the engine and scripts travel compressed, under immutable hashed names; a
// second visit downloads none of them again.
test('served: the wasm and scripts are compressed and cached; a second visit fetches only the page', async () => {
  const server = env.servers.served;
  const page = await env.browser.context.newPage();
  const seen = [];
  page.on('response', async (r) => {
    if (/\/static\//.test(r.url())) seen.push({ url: r.url(), enc: r.headers()['content-encoding'], cache: r.headers()['cache-control'], status: r.status(), fromCache: r.fromServiceWorker() });
  });
  await page.goto(`${server.url}/corners`);
  await yourMove(page);
  const wasm = seen.find((s) => /onag\.wasm$/.test(s.url));
  assert.ok(wasm, 'the engine was fetched');
  // brotli where the browser offers it (Chromium does only over HTTPS), else gzip
  assert.match(wasm.enc, /^(br|gzip)$/);
  assert.match(wasm.cache, /immutable/);
  assert.match(wasm.url, /\/static\/[0-9a-f]{12}\/onag\.wasm$/);
  for (const s of seen.filter((x) => /\.js$/.test(x.url))) assert.match(s.enc, /^(br|gzip)$/, s.url);
  const again = await page.evaluate(async () => {
    const t = performance.getEntriesByType('resource').filter((e) => /\/static\//.test(e.name));
    return t.length;
  });
  assert.ok(again > 3);
  await page.goto(`${server.url}/corners`);
  await yourMove(page);
  const second = await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((e) => /\/static\/[0-9a-f]{12}\//.test(e.name))
    .map((e) => ({ name: e.name, bytes: e.transferSize })));
  const downloaded = second.filter((e) => e.bytes > 0);
  assert.deepEqual(downloaded, [], 'nothing versioned is downloaded again');
  await page.close();
});
