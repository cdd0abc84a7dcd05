// Misère play on the pages, in both delivery modes: the Normal/Misère switch of the heaps page
// (Kayles and Nim) and of a registered impartial game's page (Cram), every move's ✓/✗
// checked against a brute-force misère outcome written here (the player who cannot move
// wins; it knows nothing of genus or canonical forms); a full game against the computer won by
// following ✓ moves; the permalink round trip (misere=1); switching mid-game analyses the
// position again (no stale ✓/✗); and the worksheet's misere(…) entries.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODES, openPage, setUp } from './harness.js';

const env = setUp();

// --- the brute force -------------------------------------------------------------------------
/** The heaps a move may leave of a heap of n: Kayles (0.77) takes 1 or 2 and may split the
 * rest in two; Nim takes any number. */
const RULES = {
  kayles(n) {
    const out = [];
    for (const take of [1, 2]) {
      const rest = n - take;
      if (rest < 0) continue;
      for (let a = 0; 2 * a <= rest; a++) out.push({ take, leaves: [a, rest - a].filter((h) => h > 0) });
    }
    return out;
  },
  nim(n) {
    return Array.from({ length: n }, (_, k) => ({ take: k + 1, leaves: n - k - 1 > 0 ? [n - k - 1] : [] }));
  },
};

/** Whether the player to move wins `heaps` in misère play: no move at all wins; otherwise a
 * move to a position the opponent loses. */
function misereWins(rules, heaps, memo = new Map()) {
  const k = heaps.filter((h) => h > 0).sort((a, b) => a - b);
  const id = k.join('.');
  if (memo.has(id)) return memo.get(id);
  let wins = k.length === 0;
  for (let i = 0; i < k.length && !wins; i++) {
    for (const m of RULES[rules](k[i])) {
      if (!misereWins(rules, [...k.slice(0, i), ...k.slice(i + 1), ...m.leaves], memo)) { wins = true; break; }
    }
  }
  memo.set(id, wins);
  return wins;
}

/** Cram: rows separated by '|', '.' empty; a move fills two adjacent empty cells. */
function cramOptions(text) {
  const rows = text.split('|').map((r) => [...r]);
  const out = [];
  const at = (r, c) => rows[r] && rows[r][c] === '.';
  const fill = (cells) => rows.map((row, r) => row.map((ch, c) => (cells.some(([a, b]) => a === r && b === c) ? '#' : ch)).join('')).join('|');
  rows.forEach((row, r) => row.forEach((_, c) => {
    if (at(r, c) && at(r, c + 1)) out.push(fill([[r, c], [r, c + 1]]));
    if (at(r, c) && at(r + 1, c)) out.push(fill([[r, c], [r + 1, c]]));
  }));
  return out;
}

function cramMisereWins(text, memo = new Map()) {
  if (memo.has(text)) return memo.get(text);
  const options = cramOptions(text);
  const wins = options.length === 0 || options.some((o) => !cramMisereWins(o, memo));
  memo.set(text, wins);
  return wins;
}

/** Wythoff's queens (0-based squares): a queen moves left, down or diagonally down-left. */
const WYTHOFF = new Map();
function wythoffWins(queens, memo = WYTHOFF) {
  const id = queens.map((q) => q.join(',')).sort().join(' ');
  if (memo.has(id)) return memo.get(id);
  const options = [];
  queens.forEach(([x, y], i) => {
    const to = [];
    for (let k = 1; k <= x; k++) to.push([x - k, y]);
    for (let k = 1; k <= y; k++) to.push([x, y - k]);
    for (let k = 1; k <= Math.min(x, y); k++) to.push([x - k, y - k]);
    for (const t of to) options.push(queens.map((q, j) => (j === i ? t : q)));
  });
  // No move at all: the player to move wins (misère); else a move the opponent loses.
  const wins = options.length === 0 || options.some((o) => !wythoffWins(o, memo));
  memo.set(id, wins);
  return wins;
}

// --- page helpers ----------------------------------------------------------------------------
const ready = (page) => page.waitForFunction(() => {
  const s = document.querySelector('#status');
  return s.dataset.winner !== undefined || /Your move/.test(s.textContent);
}, null, { timeout: 60000 });
const played = (page, plies) => page.waitForFunction((n) => {
  const s = document.querySelector('#status');
  const count = document.querySelectorAll('#history li').length;
  return (s.dataset.winner !== undefined && count > n) || (count >= n + 2 && /Your move/.test(s.textContent));
}, plies, { timeout: 60000 });
const heapSizes = (page) => page.locator('#heaps .tb-heap').evaluateAll((hs) => hs.map((h) => Number(h.dataset.size)));

/** The moves the picker lists for heap `i` under misère play. */
async function misereMoves(page, i) {
  await page.locator(`#heaps .tb-heap[data-heap="${i}"]`).click();
  await page.waitForSelector('#picker .tb-move');
  const moves = await page.locator('#picker .tb-move').evaluateAll((bs) => bs.map((b) => {
    const m = /: take (\d+), leave (.+?), misère genus after (\S+), (winning|losing)$/.exec(b.getAttribute('aria-label'));
    if (!m) return { label: b.getAttribute('aria-label') };
    const leaves = m[2] === 'nothing' ? [] : m[2].split(' + ').map(Number);
    return { take: Number(m[1]), leaves, genus: m[3], winning: m[4] === 'winning', mark: b.querySelector('.mark')?.textContent.trim(), index: b.dataset.move };
  }));
  for (const m of moves) assert.ok(m.take !== undefined, `a misère move's name: ${m.label}`);
  return moves;
}

/** Checks every move of every heap of the position on show against the brute force; returns
 * a winning move ({heap, index}) if there is one, and how many moves were checked. */
async function checkHeaps(page, rules) {
  const heaps = await heapSizes(page);
  let choice = null;
  let checked = 0;
  for (let i = 0; i < heaps.length; i++) {
    const shown = await misereMoves(page, i);
    assert.equal(shown.length, RULES[rules](heaps[i]).length, `the moves of a heap of ${heaps[i]}`);
    for (const m of shown) {
      const after = [...heaps.slice(0, i), ...heaps.slice(i + 1), ...m.leaves];
      const wins = !misereWins(rules, after);
      assert.equal(m.winning, wins, `${rules} ${heaps.join('.')}: taking ${m.take} from ${heaps[i]} leaves ${after.join('.')}`);
      assert.equal(m.mark, wins ? '✓' : '✗');
      assert.match(m.genus, /^\d+\^\d*$/, 'a genus g^{g0 g1 …}');
      checked += 1;
      if (!choice && wins) choice = { heap: i, index: m.index };
    }
    await page.keyboard.press('Escape');
  }
  return { choice, checked, heaps };
}

for (const mode of MODES) {
  const url = (name, query = '') => `${mode.page(env.servers[mode.name].url, name)}${query}`;

  test(`${mode.name}: heaps under misère — every ✓/✗ of Kayles and Nim agrees with a brute force`, async () => {
    const page = await openPage(env.browser.context, url('heaps', '?pos=kayles_2.3.4&misere=1'));
    let checked = 0;
    for (const [rules, name, start] of [['kayles', 'kayles', [2, 3, 4]], ['kayles', 'kayles', [1, 1, 5]], ['nim', 'nim', [1, 2, 3]], ['nim', 'nim', [1, 1, 4]], ['nim', 'nim', [2, 2]]]) {
      await page.goto(url('heaps', `?pos=${name}_${start.join('.')}&misere=1&you=both`));
      await ready(page);
      assert.ok(await page.locator('#convention-misere').isChecked(), 'the link sets misère play');
      const r = await checkHeaps(page, rules);
      checked += r.checked;
      const status = await page.locator('#status').textContent();
      assert.match(status, /misère play/);
      assert.match(status, misereWins(rules, start) ? /you can win/ : /you lose against perfect play/, `${name} ${start}: ${status}`);
      // each heap shows its genus
      assert.match(await page.locator('#heaps .tb-heap .tb-g').first().textContent(), /^genus \d+\^\d*$/);
    }
    assert.ok(checked > 25, `${checked} moves checked`);
    assert.deepEqual(page.errors, []);
    assert.deepEqual(page.apiRequests, [], 'the page computes in its own engine');
    await page.close();
  });

  test(`${mode.name}: heaps under misère — a full game against the perfect computer, won by following ✓ moves`, async () => {
    const start = [[2, 3, 5], [1, 3, 4], [2, 2, 3], [1, 2, 5], [3, 4, 4]].find((h) => misereWins('kayles', h));
    assert.ok(start, 'a misère first-player win to start from');
    const page = await openPage(env.browser.context, url('heaps', `?pos=kayles_${start.join('.')}&misere=1`));
    const wins0 = Number(await page.locator('#scorecard').getAttribute('data-wins'));
    let checked = 0;
    for (let turn = 0; turn < 30; turn++) {
      await ready(page);
      if (await page.locator('#status[data-winner]').count()) break;
      const r = await checkHeaps(page, 'kayles');
      checked += r.checked;
      assert.ok(r.choice, `a winning misère move exists in ${r.heaps.join('.')}`);
      await page.locator(`#heaps .tb-heap[data-heap="${r.choice.heap}"]`).click();
      const plies = await page.locator('#history li').count();
      await page.locator(`#picker .tb-move[data-move="${r.choice.index}"]`).click();
      await played(page, plies);
    }
    const status = await page.locator('#status').textContent();
    // The computer took the last pin: the human, unable to move, wins.
    assert.match(status, /cannot move: the first player wins \(misère play/);
    assert.match(status, /you win!/);
    assert.ok(checked > 5, `${checked} moves checked`);
    assert.equal(Number(await page.locator('#scorecard').getAttribute('data-wins')), wins0 + 1, 'the scorecard counts the win');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: heaps — the switch is keyboard-operable, re-analyses mid-game, and the permalink carries it`, async () => {
    // Nim 1+1 (and 1+1+3 → moves to 1+1): normal play, the ✓ moves differ from misère play's.
    const page = await openPage(env.browser.context, url('heaps', '?pos=nim_1.1.2&you=both'));
    await ready(page);
    assert.ok(await page.locator('#convention-normal').isChecked());
    assert.equal(await page.locator('[role="radiogroup"][aria-labelledby="convention-l"]').count(), 1);
    // Take the heap of 2 away: 1+1 is left, lost for the mover in normal play, won in misère.
    await page.locator('#heaps .tb-heap[data-heap="2"]').click();
    await page.waitForSelector('#picker .tb-move');
    const moves = await page.locator('#picker .tb-move').evaluateAll((bs) => bs.map((b) => [b.getAttribute('aria-label'), b.dataset.move]));
    const takeAll = moves.find(([l]) => /take 2, leave nothing/.test(l))[1];
    const plies = await page.locator('#history li').count();
    await page.locator(`#picker .tb-move[data-move="${takeAll}"]`).click();
    await page.waitForFunction((n) => document.querySelectorAll('#history li').length > n && /Your move/.test(document.querySelector('#status').textContent), plies);
    await page.locator('#heaps .tb-heap[data-heap="0"]').click();
    await page.waitForSelector('#picker .tb-move');
    assert.equal((await page.locator('#picker .tb-move .mark').first().textContent()).trim(), '✗', 'normal play: 1+1 is lost');
    await page.keyboard.press('Escape');
    // Switch with the keyboard: focus the normal radio, arrow right selects misère.
    await page.locator('#convention-normal').focus();
    await page.keyboard.press('ArrowRight');
    assert.ok(await page.locator('#convention-misere').isChecked());
    await page.waitForFunction(() => /misère play/.test(document.querySelector('#status').textContent));
    await ready(page);
    const r = await checkHeaps(page, 'nim');
    assert.ok(r.choice, 'misère play: 1+1 is won (take one, the other must take the last)');
    assert.match(await page.locator('#chart-h').textContent(), /Misère Grundy/);
    // The link carries the convention; opening it restores the switch and the same ✓/✗.
    const link = new URL(await page.locator('#permalink').getAttribute('href'), page.url());
    assert.equal(link.searchParams.get('misere'), '1');
    assert.equal(new URL(page.url()).searchParams.get('misere'), '1', 'the address bar too');
    const again = await openPage(env.browser.context, link.href);
    await ready(again);
    assert.ok(await again.locator('#convention-misere').isChecked(), 'the link restores misère play');
    assert.deepEqual(await heapSizes(again), [1, 1]);
    const r2 = await checkHeaps(again, 'nim');
    assert.ok(r2.choice);
    // back to normal play: misere leaves the link
    await again.locator('#convention-normal').check();
    await again.waitForFunction(() => !/misère/.test(document.querySelector('#status').textContent) && /Your move/.test(document.querySelector('#status').textContent));
    assert.equal(new URL(await again.locator('#permalink').getAttribute('href'), again.url()).searchParams.get('misere'), null);
    assert.deepEqual(page.errors, []);
    assert.deepEqual(again.errors, []);
    await page.close();
    await again.close();
  });

  test(`${mode.name}: heaps under misère — a random start is fair by the misère outcome`, async () => {
    // No position in the link: a random Kayles start where the human, moving first, can win
    // in misère play (checked here by the brute force); New game draws another such.
    const page = await openPage(env.browser.context, url('heaps', '?misere=1'));
    for (let round = 0; round < 2; round++) {
      await ready(page);
      const heaps = await heapSizes(page);
      assert.ok(heaps.length >= 3 && heaps.every((n) => n <= 10), `${heaps}`);
      assert.ok(misereWins('kayles', heaps), `a misère first-player win: ${heaps}`);
      assert.match(await page.locator('#status').textContent(), /you can win/);
      await page.click('#new');
      // a new draw (the same three or four heaps again is a chance of well under 1 in 1000)
      await page.waitForFunction((old) => [...document.querySelectorAll('#heaps .tb-heap')].map((h) => h.dataset.size).join('.') !== old, heaps.join('.'));
    }
    assert.ok(await page.locator('#convention-misere').isChecked());
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${mode.name}: heaps under misère — a position past the page's bounds says so plainly, and normal play still works`, async () => {
    // A deadline of 1 s (the page's is 30 s). Kayles answers at once by its misère quotient
    // (order 40), but Dawson's Kayles (0.07) heaps of 40–43 take longer: their genus passes the
    // form limit and the quotient Q_43 is far past 1 s (Q_33 alone has 638 elements).
    const page = await env.browser.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(() => { window.onagMisereSeconds = 1; });
    await page.goto(url('heaps', '?pos=0.07_40.41.42.43&misere=1'));
    await page.waitForFunction(() => /beyond the page/.test(document.querySelector('#error').textContent), null, { timeout: 60000 });
    assert.match(await page.locator('#error').textContent(), /took more than 1 s .*switch to normal play/);
    assert.match(await page.locator('#status').textContent(), /could not be analysed/);
    // Normal play from the same heaps: analysed at once, the banner gone.
    await page.locator('#convention-normal').check();
    await ready(page);
    assert.equal((await page.locator('#error').textContent()).trim(), '');
    assert.deepEqual(await heapSizes(page), [40, 41, 42, 43]);
    assert.ok(await page.locator('#heaps .tb-heap.movable').count() === 4);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${mode.name}: heaps under misère — Kayles heaps of 15–18 are answered within 1 s by the misère quotient`, async () => {
    // Their genus alone passes the form limit; the quotient Q_18 of Kayles answers at once.
    const page = await env.browser.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(() => { window.onagMisereSeconds = 1; });
    await page.goto(url('heaps', '?pos=kayles_15.16.17.18&misere=1'));
    await ready(page);
    assert.equal((await page.locator('#error').textContent()).trim(), '');
    // The CLI's answer for the same heaps (by the same quotient; the Rust tests check quotients
    // against a brute force that knows nothing of them).
    const cli = JSON.parse(execFileSync(process.env.ONAG_BIN || join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'target', 'release', 'onag'),
      ['heaps', 'play', 'kayles', '15', '16', '17', '18', '--misere', '--json']).toString());
    assert.equal(cli.method.kind, 'quotient');
    const status = await page.locator('#status').textContent();
    assert.match(status, /misère play/);
    assert.match(status, cli.outcome === 'N' ? /you can win/ : /you lose against perfect play/, status);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${mode.name}: heaps under misère — Dawson's Kayles, ten heaps of 24–33, answered within 1 s from the committed quotient Q_33`, async () => {
    // Building Q_33 takes seconds (6.5 s on the server); its certificate, packed into the
    // engine (onag_api::known_quotients), answers by look-ups in both serving modes.
    const page = await env.browser.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(() => { window.onagMisereSeconds = 1; });
    await page.goto(url('heaps', '?pos=0.07_33.32.31.30.29.28.27.26.25.24&misere=1'));
    await ready(page);
    assert.equal((await page.locator('#error').textContent()).trim(), '');
    const cli = JSON.parse(execFileSync(process.env.ONAG_BIN || join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'target', 'release', 'onag'),
      ['heaps', 'play', '0.07', '33', '32', '31', '30', '29', '28', '27', '26', '25', '24', '--misere',
        '--quotient', join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'results', 'quotients', '0.07-q33.json'), '--json']).toString());
    assert.equal(cli.method.kind, 'quotient');
    const status = await page.locator('#status').textContent();
    assert.match(status, cli.outcome === 'N' ? /you can win/ : /you lose against perfect play/, status);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${mode.name}: Cram's page under misère — every ✓/✗ against a brute force, a won game, the link`, async () => {
    const start = ['..|..|..', '...|...', '....|....', '...|...|...', '.....|.....'].find((b) => cramMisereWins(b));
    assert.ok(start, 'a misère first-player win');
    const page = await openPage(env.browser.context, url('cram', `?pos=${encodeURIComponent(start)}&misere=1`));
    assert.ok(await page.locator('#convention-misere').isChecked());
    let checked = 0;
    for (let turn = 0; turn < 20; turn++) {
      await ready(page);
      if (await page.locator('#status[data-winner]').count()) break;
      const rows = await page.locator('#moves tr[data-position]').evaluateAll((trs) => trs.map((tr) => ({
        position: tr.dataset.position, win: tr.classList.contains('win'), genus: tr.querySelector('.genus').textContent,
      })));
      const here = await page.inputValue('#text');
      assert.equal(rows.length, cramOptions(here).length, `the moves of ${here}`);
      for (const r of rows) {
        assert.equal(r.win, !cramMisereWins(r.position), `${here} → ${r.position}`);
        assert.match(r.genus, /^\d+\^\d*$/);
        checked += 1;
      }
      assert.match(await page.locator('#outcome').textContent(), cramMisereWins(here) ? /^N: .*misère/ : /^P: .*misère/);
      assert.match(await page.locator('#genus').textContent(), /^\d+\^\d*$/);
      const index = rows.findIndex((r) => r.win);
      assert.ok(index >= 0, `a winning move in ${here}`);
      if (turn === 0) {
        const link = new URL(await page.locator('#permalink').getAttribute('href'), page.url());
        assert.equal(link.searchParams.get('misere'), '1');
      }
      const plies = await page.locator('#history li').count();
      await page.locator('#moves tr[data-position] button').nth(index).click();
      await played(page, plies);
    }
    assert.match(await page.locator('#status').textContent(), /misère play.*you win!/);
    assert.ok(checked >= 3, `${checked} moves checked`);
    // Switching back to normal play analyses again: the normal table (value, mean) returns.
    await page.locator('#convention-normal').check();
    await page.waitForFunction(() => !document.querySelector('#moves tr[data-position]') && !/misère/.test(document.querySelector('#status').textContent));
    assert.deepEqual(page.errors, []);
    assert.deepEqual(page.apiRequests, []);
    await page.close();
  });

  test(`${mode.name}: Wythoff's page under misère — every target's ✓/✗ against a brute force, and the link`, async () => {
    const queens = [[3, 5], [2, 1], [4, 4]];
    const page = await openPage(env.browser.context, url('wythoff', `?pos=8-${queens.map((q) => q.join('.')).join('_')}&misere=1&you=both`));
    await ready(page);
    assert.ok(await page.locator('#convention-misere').isChecked());
    assert.match(await page.locator('#xor').textContent(), wythoffWins(queens) ? /misère play: genus .*the player to move wins/ : /misère play: genus .*the player to move loses/);
    let checked = 0;
    for (let i = 0; i < queens.length; i++) {
      const [x, y] = queens[i];
      await page.keyboard.press('Escape');
      await page.locator(`.cell[data-x="${x}"][data-y="${y}"]`).click();
      await page.waitForSelector('.cell.target');
      const targets = await page.locator('.cell.target').evaluateAll((cs) => cs.map((c) => [Number(c.dataset.x), Number(c.dataset.y), c.getAttribute('aria-label')]));
      for (const [tx, ty, label] of targets) {
        const wins = !wythoffWins(queens.map((q, j) => (j === i ? [tx, ty] : q)));
        assert.match(label, wins ? /genus \d+\^\d*: winning$/ : /genus \d+\^\d*: losing$/, `queen (${x}, ${y}) → (${tx}, ${ty})`);
        checked += 1;
      }
    }
    assert.ok(checked > 20, `${checked} moves checked`);
    const link = new URL(await page.locator('#permalink').getAttribute('href'), page.url());
    assert.equal(link.searchParams.get('misere'), '1');
    assert.deepEqual(page.errors, []);
    assert.deepEqual(page.apiRequests, []);
    await page.close();
  });

  test(`${mode.name}: the worksheet answers misère values, and says where an error is`, async () => {
    const page = await openPage(env.browser.context, url('worksheet', '#e=misere(*2%20%2B%20*2)'));
    await page.waitForSelector('#entries .entry');
    const entry = page.locator('#entries .entry').first();
    assert.equal(await entry.locator('dd.value').textContent(), '*[2[2]]');
    assert.equal(await entry.locator('dd.genus').textContent(), '0^02');
    assert.match(await entry.locator('dd.outcome').textContent(), /^P/);
    // misère outcomes of small nim sums against the brute force
    for (const heaps of [[1, 1], [1, 1, 1], [2, 3], [1, 2, 3], [4]]) {
      const expr = `misere(${heaps.map((h) => `*${h}`).join(' + ')})`;
      await page.fill('#expr', expr);
      await page.click('#ask button[type="submit"]');
      const e = page.locator('#entries .entry', { has: page.locator('code.expr', { hasText: expr }) });
      await e.waitFor();
      assert.match(await e.locator('dd.outcome').textContent(), misereWins('nim', heaps) ? /^N/ : /^P/, expr);
    }
    await page.fill('#expr', 'misere(*2 + ?)');
    await page.click('#ask button[type="submit"]');
    await page.waitForFunction(() => document.querySelector('#error').textContent.trim() !== '');
    assert.match(await page.locator('#error').textContent(), /at character 13/);
    assert.equal(await page.locator('#where').textContent(), `misere(*2 + ?)\n${' '.repeat(12)}^`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
