// The scorecard of a game page: games won and lost against the computer in this browser, kept in
// localStorage under `onag.score.<game>` (a page without storage still counts for the visit).
import { el } from './common.js';

/**
 * Shows the scorecard of `game` in `node`; returns {record(result)}: result is 'win' or 'loss'
 * (a game between two humans is not scored).
 */
export function scorecard(game, node) {
  const key = `onag.score.${game}`;
  let tally = { wins: 0, losses: 0 };
  try {
    const stored = JSON.parse(localStorage.getItem(key) || 'null');
    if (stored && Number.isInteger(stored.wins) && Number.isInteger(stored.losses)) tally = stored;
  } catch { /* no storage, or a broken entry: start at 0–0 */ }
  const save = () => {
    try { localStorage.setItem(key, JSON.stringify(tally)); } catch { /* storage full or blocked */ }
  };
  const show = () => {
    if (!node) return;
    node.replaceChildren(
      'Scorecard (this browser): ',
      el('strong', { class: 'good', 'data-wins': tally.wins }, `you ${tally.wins}`), ' – ',
      el('strong', { class: 'bad', 'data-losses': tally.losses }, `${tally.losses} computer`), ' ',
      el('button', { type: 'button', class: 'link', onclick: () => { tally = { wins: 0, losses: 0 }; save(); show(); } }, 'reset'));
  };
  show();
  return {
    record(result) {
      if (result === 'win') tally.wins += 1;
      else if (result === 'loss') tally.losses += 1;
      else return;
      save();
      show();
    },
  };
}
