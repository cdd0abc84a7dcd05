// A graph game's generated page (`board: graph` in the registry: edges between vertices above
// a ground, cut by click, tap or keyboard) on the shared game loop (game.js): the picture drawn
// as SVG (the ground, blue, red and green edges), a small editor to draw your own picture, the
// engine's report (POST game/analyze) for the value, every cut with ✓/✗ and the computer.
//
// The picture — vertices with coordinates, edges, the engine's notation, the cut, the drawing —
// is picture.js's; the page holds it with coordinates between moves, so it cuts an edge itself
// and the picture stays where it was.
import { api, el, $, say, showError, clearError } from './common.js';
import { createGame } from './game.js';
import { MAX_EDGES, decode, prune, cut, toEngine, layout, whichCut, edgeName, falls, drawPicture } from './picture.js';
import { fitBoard, keyboardBoard, panel, movesTable, dyadic, fairStart } from './play.js';

const GAME = document.body.dataset.game;
const INFO = JSON.parse(document.getElementById('game-page').textContent);
const PLAYER = ['left', 'right'];

/** A picture in a link: the engine's notation (the one notation of links, box and panel). */
const encode = (pic) => toEngine(pic);

// ---- presets ----------------------------------------------------------------------------------

/** The registry's presets of the game, in the engine's notation (laid out when chosen). */
const PRESETS = (INFO.presets || []).map((p) => [p.name || p.position, p.position]);

// ---- the game -------------------------------------------------------------------------------

let editing = false;
let pending = null; // the first point of an edge being drawn: [x, y]
let current = null;
let game = null;

function initial() {
  return layout(document.body.dataset.example);
}

function check(pic) {
  if (pic.e.length > MAX_EDGES) throw new Error(`the picture has ${pic.e.length} edges; the page takes at most ${MAX_EDGES}`);
  return pic;
}

game = createGame({
  id: GAME,
  sides: ['Blue', 'Red'],
  singular: true,
  newGame: true,
  chartLabel: 'mean',
  initial,
  encode,
  decode: (text) => check(decode(text)),
  busyText: () => 'analysing… (Stop cancels)',
  async analyse(pic, toMove, signal) {
    const sent = prune(pic);
    const data = await api('game/analyze', { game: GAME, position: toEngine(sent) }, signal);
    const mover = PLAYER[toMove];
    // While drawing, floating edges are on screen but not sent: no move is played then.
    const moves = data.moves.map((m, index) => {
      const edge = editing ? null : whichCut(sent, m);
      // The page names a cut by its edge's colour and ends (the engine's label numbers vertices).
      const label = edge === null ? m.label : edgeName(sent, edge, m.label);
      return { ...m, index, edge, label, engineLabel: m.label, gone: edge === null ? [] : falls(sent, edge) };
    }).filter((m) => m.player === null || m.player === mover);
    return { data, moves, chart: dyadic(data.mean) };
  },
  apply: (pic, move) => (move.edge === null ? layout(move.position) : cut(pic, move.edge)),
  notation: (move) => move.label,
  perfect(analysis, moves) {
    const side = moves[0] && moves[0].player ? moves[0].player : 'left';
    const choice = analysis.data.computer[side];
    return moves.find((m) => m.index === choice) || null;
  },
  render(v) {
    current = v;
    draw();
    if (game) setTimeout(() => fairStart(v));
  },
});


// ---- drawing ----------------------------------------------------------------------------------

function draw() {
  const v = current;
  const pic = v.pos;
  // The loop draws once before the first position is there: an empty picture until it is.
  if (!pic) { $('board').replaceChildren(); return; }
  const board = $('board');
  const refocus = board.contains(document.activeElement);
  const moves = v.canPlay && !editing ? v.analysis.moves.filter((m) => m.edge !== null) : [];
  const drawn = drawPicture(board, {
    pic, moves, all: v.analysis ? v.analysis.moves : [], hints: v.hints, last: v.last, editing, erasing: erasing(), pending,
    remoteness: v.analysis && v.analysis.data && v.analysis.data.remoteness ? v.analysis.data.remoteness.moves : null,
  });
  board.classList.toggle('stale', v.stale);
  board.classList.toggle('drawing', editing);
  fitBoard(board, $('board-wrap'), drawn.cols, drawn.rows);
  keyboardBoard(board, editing && !erasing() ? drawn.cols : 1, activate, () => { pending = null; draw(); });
  if (refocus) (board.querySelector(`[data-key="${board.dataset.focus}"]`) || board.querySelector('[tabindex="0"]'))?.focus();
  $('text').value = toEngine(pic);
  readout(v, moves);
  panel(v);
  movesTable($('moves'), v, (m) => game.play(m));
}

const erasing = () => document.querySelector('input[name="pen"]:checked')?.value === 'erase';
const pen = () => document.querySelector('input[name="pen"]:checked')?.value || 'b';

function readout(v, moves) {
  const parts = [];
  if (v.last && v.last.by === 'computer') parts.push(`The computer (${v.last.side === 0 ? 'Blue' : 'Red'}) cut the ${v.last.move.label} edge.`);
  if (editing && prune(v.pos).e.length < v.pos.e.length) parts.push('Some edges do not reach the ground yet: join them to it (floating edges fall away when you play).');
  if (editing) parts.push(erasing() ? 'Tap an edge to erase it.' : pending ? `From (${pending[0]}, ${pending[1]}): tap the other end.` : 'Tap a point (on the ground or anywhere), then another: a new edge joins them.');
  else if (v.canPlay && moves.length) parts.push(INFO.hint || 'Tap an edge to cut it.');
  else if (v.pos.e.length === 0 && !editing) parts.push('The picture is empty: tick “draw your own” or choose a picture.');
  $('readout').textContent = parts.join(' ');
}

function activate(key) {
  const v = current;
  if (!v) return;
  if (editing) { editAt(key); return; }
  if (!v.canPlay || !key.startsWith('e:')) return;
  const i = Number(key.slice(2));
  const move = v.analysis.moves.find((m) => m.edge === i);
  if (move) game.play(move);
}

function editAt(key) {
  const pic = { v: current.pos.v.map((p) => [...p]), e: current.pos.e.map((e) => [...e]) };
  if (key.startsWith('e:')) {
    if (!erasing()) return;
    pic.e.splice(Number(key.slice(2)), 1);
    restart(pic);
    return;
  }
  const [x, y] = key.slice(2).split(',').map(Number);
  if (!pending) { pending = [x, y]; draw(); return; }
  if (pending[0] === x && pending[1] === y) { pending = null; draw(); return; }
  if (pending[1] === 0 && y === 0) { say($('status'), 'Both ends are on the ground: an edge needs at least one end above it.'); pending = null; draw(); return; }
  const vertex = ([px, py]) => {
    const found = pic.v.findIndex(([qx, qy]) => qx === px && qy === py);
    if (found >= 0) return found;
    pic.v.push([px, py]);
    return pic.v.length - 1;
  };
  pic.e.push([vertex(pending), vertex([x, y]), pen()]);
  pending = null;
  restart(pic);
}

/**
 * Starts again from an edited picture. While drawing, edges that do not reach the ground yet
 * stay on screen (the engine is given the grounded part); they fall away when play starts.
 */
function restart(pic) {
  if (pic.e.length > MAX_EDGES) { showError($('error'), `the page takes at most ${MAX_EDGES} edges`); return; }
  clearError($('error'));
  game.start(pic, game.settings.first);
}

// ---- controls -----------------------------------------------------------------------------

$('preset').replaceChildren(el('option', { value: '' }, 'choose a picture…'),
  ...PRESETS.map(([name, pic]) => el('option', { value: pic }, name)));
$('preset').addEventListener('change', () => {
  const value = $('preset').value;
  if (!value) return;
  $('preset').value = '';
  clearError($('error'));
  let pic;
  try { pic = layout(value); } catch (err) { showError($('error'), err.message); return; }
  game.start(pic, game.settings.first);
});
$('notation').addEventListener('submit', (e) => {
  e.preventDefault();
  let pic;
  try { pic = layout($('text').value); } catch (err) { showError($('error'), err.message); return; }
  clearError($('error'));
  game.start(pic, game.settings.first);
});
$('edit').addEventListener('change', () => {
  editing = $('edit').checked;
  pending = null;
  $('pens').hidden = !editing;
  if (!editing) game.start(prune(current.pos), game.settings.first);
  else { game.redraw(); say($('status'), 'Drawing: pick a colour, tap two points to join them.'); }
});
for (const r of document.querySelectorAll('input[name="pen"]')) r.addEventListener('change', () => { pending = null; game.redraw(); });
$('clear').addEventListener('click', () => { pending = null; game.start({ v: [], e: [] }, game.settings.first); });
$('stop').addEventListener('click', () => game.stop());
window.addEventListener('resize', () => { if (current) draw(); });
