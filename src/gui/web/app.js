// Chuhe's web board. The server does all chess: legal moves, notation, rulings, engines;
// this page keeps the game (start FEN and moves), draws the board and drives the API.
'use strict';

const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const CELL = 60, OX = 50, OY = 60;
const SVGNS = 'http://www.w3.org/2000/svg';
const NAMES_T = { K: '帥', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵',
                  k: '將', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒' };
const NAMES_S = { K: '帅', A: '仕', B: '相', N: '马', R: '车', C: '炮', P: '兵',
                  k: '将', a: '士', b: '象', n: '马', r: '车', c: '炮', p: '卒' };
const RED_FILES = ['九', '八', '七', '六', '五', '四', '三', '二', '一'];
const BLACK_FILES = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const PARAMS = new URLSearchParams(location.search);
const TOKEN = PARAMS.get('token') || '';
// ?analysisnodes=N bounds each analysis (scripts and tests); normally analysis runs until stopped.
const ANALYSIS_NODES = parseInt(PARAMS.get('analysisnodes') || '0', 10) || 0;

const $ = (id) => document.getElementById(id);
const S = {
  startFen: START_FEN, moves: [], comments: [], ply: 0,
  view: null,        // /api/position reply for the viewed ply
  game: null,        // /api/position reply for the whole game (move texts)
  flipped: false, notation: 'chinese', traditional: true, rules: 'asian',
  selected: null, engines: [],
  engineOptions: {},  // per engine id ('' for Chuhe in process): the options the user set ({name: value}), sent with each search
  play: { active: false, paused: false, players: { red: 'human', black: 0 }, tc: null,
          clocks: { red: 0, black: 0 }, clockLog: [], turnStart: 0, thinking: null, drawOffered: false, result: null, reason: '' },
  analysis: { on: false, ctrl: null, id: null, lines: [], gen: 0 },
  scores: [],        // red's view, per ply (after that many moves)
  editing: null,     // { board: [90], pick: piece letter or '' or null }
  gen: 0,            // bumped on every change of the game, to drop stale replies
  shown: 0,          // the gen of the position drawn (S.gen once its reply is in)
};

// ---------------------------------------------------------------- API
async function api(path, body, raw) {
  const headers = {};
  if (TOKEN) headers['X-Chuhe-Token'] = TOKEN;
  let init = { method: 'GET', headers };
  if (body !== undefined) {
    init.method = 'POST';
    if (raw) { init.body = body; headers['Content-Type'] = 'application/octet-stream'; }
    else { init.body = JSON.stringify(body); headers['Content-Type'] = 'application/json'; }
  }
  const r = await fetch(path, init);
  const type = r.headers.get('Content-Type') || '';
  const data = type.includes('json') ? await r.json() : await r.text();
  if (!r.ok) { const e = new Error((data && data.error) || ('HTTP ' + r.status)); e.status = r.status; throw e; }
  return data;
}

function gameBody(plies, extra) {
  return Object.assign({ fen: S.startFen, moves: S.moves.slice(0, plies), notation: S.notation,
    traditional: S.traditional, rules: S.rules }, extra || {});
}

// What the board tells in passing (a draw offered or declined, a pause, an analysis that gives
// way): not an error, so not in the red banner.
function showInfo(msg) {
  const e = $('info');
  if (!msg) { e.hidden = true; return; }
  e.textContent = msg; e.hidden = false;
  clearTimeout(showInfo.t);
  showInfo.t = setTimeout(() => { e.hidden = true; }, 8000);
}

function showError(msg) {
  const e = $('error');
  if (!msg) { e.hidden = true; return; }
  e.textContent = msg; e.hidden = false;
  clearTimeout(showError.t);
  showError.t = setTimeout(() => { e.hidden = true; }, 8000);
}

// ---------------------------------------------------------------- board geometry
function sqXY(sq) {
  let f = sq % 9, r = Math.floor(sq / 9);
  if (S.flipped) { f = 8 - f; r = 9 - r; }
  return [OX + f * CELL, OY + (9 - r) * CELL];
}
function sqName(sq) { return 'abcdefghi'[sq % 9] + Math.floor(sq / 9); }
function nameSq(n) { return (n.charCodeAt(0) - 97) + 9 * (n.charCodeAt(1) - 48); }
function pointSq(x, y) {
  let f = Math.round((x - OX) / CELL), r = 9 - Math.round((y - OY) / CELL);
  if (f < 0 || f > 8 || r < 0 || r > 9) return -1;
  if (S.flipped) { f = 8 - f; r = 9 - r; }
  return r * 9 + f;
}
function parseFenBoard(fen) {
  const board = new Array(90).fill('');
  const rows = fen.split(' ')[0].split('/');
  for (let i = 0; i < 10 && i < rows.length; i++) {
    let f = 0;
    for (const ch of rows[i]) {
      if (/\d/.test(ch)) f += +ch;
      else { if (f < 9) board[(9 - i) * 9 + f] = ch.replace('H', 'N').replace('h', 'n').replace('E', 'B').replace('e', 'b'); f++; }
    }
  }
  return board;
}
function boardFen(board, side) {
  const rows = [];
  for (let r = 9; r >= 0; r--) {
    let row = '', empty = 0;
    for (let f = 0; f < 9; f++) {
      const p = board[r * 9 + f];
      if (!p) { empty++; continue; }
      if (empty) { row += empty; empty = 0; }
      row += p;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return rows.join('/') + ' ' + side + ' - - 0 1';
}
function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

// ---------------------------------------------------------------- drawing
// A phone's width: the board drops its outer margin and the pieces grow, so that a piece is
// still a finger's size (40 px at 390 px wide).
const PHONE = window.matchMedia('(max-width: 500px)');

function drawBoard() {
  const svg = $('board');
  const phone = PHONE.matches;
  svg.setAttribute('viewBox', phone ? '20 0 540 660' : '0 0 580 660');
  svg.textContent = '';
  svg.classList.toggle('editing', !!S.editing);
  el('rect', { class: 'board-bg', x: 0, y: 0, width: 580, height: 660, rx: 8 }, svg);
  const g = el('g', { class: 'grid' }, svg);
  const X = (f) => OX + f * CELL, Y = (r) => OY + r * CELL;  // screen rows 0..9 from the top
  el('rect', { class: 'frame', x: X(0) - 6, y: Y(0) - 6, width: 8 * CELL + 12, height: 9 * CELL + 12 }, g);
  for (let r = 0; r < 10; r++) el('line', { x1: X(0), y1: Y(r), x2: X(8), y2: Y(r) }, g);
  for (let f = 0; f < 9; f++) {
    if (f === 0 || f === 8) { el('line', { x1: X(f), y1: Y(0), x2: X(f), y2: Y(9) }, g); continue; }
    el('line', { x1: X(f), y1: Y(0), x2: X(f), y2: Y(4) }, g);
    el('line', { x1: X(f), y1: Y(5), x2: X(f), y2: Y(9) }, g);
  }
  for (const r0 of [0, 7]) {
    el('line', { x1: X(3), y1: Y(r0), x2: X(5), y2: Y(r0 + 2) }, g);
    el('line', { x1: X(5), y1: Y(r0), x2: X(3), y2: Y(r0 + 2) }, g);
  }
  // Marks on the cannon and pawn points.
  const marks = [[1, 2], [7, 2], [1, 7], [7, 7], [0, 3], [2, 3], [4, 3], [6, 3], [8, 3], [0, 6], [2, 6], [4, 6], [6, 6], [8, 6]];
  for (const [f, r] of marks) {
    const x = X(f), y = Y(r), d = 5, l = 10;
    let path = '';
    for (const sx of [-1, 1]) {
      if ((f === 0 && sx < 0) || (f === 8 && sx > 0)) continue;
      for (const sy of [-1, 1])
        path += `M${x + sx * (d + l)},${y + sy * d} L${x + sx * d},${y + sy * d} L${x + sx * d},${y + sy * (d + l)} `;
    }
    el('path', { d: path }, g);
  }
  const left = el('text', { class: 'river', x: X(2), y: Y(4.5) + 11, 'text-anchor': 'middle' }, svg);
  left.textContent = S.traditional ? '楚 河' : '楚 河';
  const right = el('text', { class: 'river', x: X(6), y: Y(4.5) + 11, 'text-anchor': 'middle' }, svg);
  right.textContent = S.traditional ? '漢 界' : '汉 界';
  // The labels the move list's notation reads: with Chinese and WXF notation the file numbers
  // of a printed board, each side's own counted from its right hand (red 九..一 or 9..1 on its
  // side, black 1..9 on its side); with ICCS files a-i and ranks 0-9. All follow a flip.
  if (S.notation === 'iccs') {
    for (let f = 0; f < 9; f++) {
      const [x] = sqXY(f);
      el('text', { class: 'coord', x, y: 650 }, svg).textContent = 'abcdefghi'[f];
    }
    for (let r = 0; r < 10; r++) {
      const [, y] = sqXY(r * 9);
      el('text', { class: 'coord', x: phone ? 30 : 16, y: y + 4 }, svg).textContent = String(r);
    }
  } else {
    const wxf = S.notation === 'wxf';
    for (let f = 0; f < 9; f++) {
      const [x] = sqXY(f);
      const red = wxf ? String(9 - f) : RED_FILES[f], black = wxf ? String(f + 1) : BLACK_FILES[f];
      const top = el('text', { class: 'filenum', x, y: 22, 'data-side': S.flipped ? 'red' : 'black' }, svg);
      top.textContent = S.flipped ? red : black;
      const bottom = el('text', { class: 'filenum', x, y: 650, 'data-side': S.flipped ? 'black' : 'red' }, svg);
      bottom.textContent = S.flipped ? black : red;
    }
  }
  const board = S.editing ? S.editing.board : parseFenBoard(S.view ? S.view.fen : S.startFen);
  const layer = el('g', { id: 'marks' }, svg);
  if (!S.editing && S.view && S.view.lastMove) {
    const lm = S.view.lastMove;
    for (const [n, cls] of [[lm.slice(0, 2), 'from'], [lm.slice(2, 4), 'to']]) {
      const [x, y] = sqXY(nameSq(n));
      el('rect', { class: 'lastmove ' + cls, x: x - 29, y: y - 29, width: 58, height: 58, rx: 6, 'data-square': n }, layer);
    }
  }
  const pieces = el('g', { id: 'pieces' }, svg);
  const names = S.traditional ? NAMES_T : NAMES_S;
  const checkedKing = S.view && S.view.check && !S.editing ? (S.view.side === 'red' ? 'K' : 'k') : null;
  for (let sq = 0; sq < 90; sq++) {
    const p = board[sq];
    if (!p) continue;
    const [x, y] = sqXY(sq);
    const red = p === p.toUpperCase();
    const cls = 'piece ' + (red ? 'red' : 'black') + (S.selected === sq ? ' selected' : '') + (p === checkedKing ? ' incheck' : '');
    const pg = el('g', { class: cls, transform: `translate(${x},${y})`, 'data-square': sqName(sq), 'data-piece': p }, pieces);
    el('circle', { class: 'disc', r: phone ? 29 : 27 }, pg);
    el('circle', { class: 'ring', r: phone ? 24 : 22 }, pg);
    const t = el('text', { y: 1 }, pg);
    t.textContent = names[p];
  }
  const targets = el('g', { id: 'targets' }, svg);
  if (S.selected !== null && !S.editing) {
    for (const to of legalFrom(S.selected)) {
      const [x, y] = sqXY(to);
      if (board[to]) el('circle', { class: 'target capture', cx: x, cy: y, r: 28, 'data-square': sqName(to) }, targets);
      else el('circle', { class: 'target', cx: x, cy: y, r: 9, 'data-square': sqName(to) }, targets);
    }
  }
  drawArrows();
  drawClocks();
}

function drawArrows() {
  const svg = $('board');
  let layer = svg.querySelector('#arrows');
  if (layer) layer.remove();
  layer = el('g', { id: 'arrows' }, svg);
  if (!S.analysis.on || S.editing || S.ply !== S.analysis.ply) return;
  S.analysis.lines.forEach((line, i) => {
    if (!line || !line.pv || !line.pv.length) return;
    const m = line.pv[0];
    const [x1, y1] = sqXY(nameSq(m.slice(0, 2))), [x2, y2] = sqXY(nameSq(m.slice(2, 4)));
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1, ux = dx / len, uy = dy / len;
    const ex = x2 - ux * 18, ey = y2 - uy * 18;
    const g = el('g', { class: 'arrow a' + (i + 1), 'data-move': m, 'data-multipv': i + 1 }, layer);
    el('line', { x1: x1 + ux * 10, y1: y1 + uy * 10, x2: ex, y2: ey }, g);
    const hx = x2 - ux * 4, hy = y2 - uy * 4, bx = ex - ux * 6, by = ey - uy * 6;
    el('path', { d: `M${hx},${hy} L${bx - uy * 14},${by + ux * 14} L${bx + uy * 14},${by - ux * 14} Z` }, g);
  });
}

function fmtTime(ms) {
  if (ms < 0) ms = 0;
  const s = Math.ceil(ms / 1000), m = Math.floor(s / 60);
  return m + ':' + String(s % 60).padStart(2, '0');
}

function drawClocks() {
  const P = S.play;
  const sides = S.flipped ? ['red', 'black'] : ['black', 'red'];  // top, bottom
  ['clock-top', 'clock-bottom'].forEach((id, i) => {
    const side = sides[i], box = $(id);
    box.querySelector('.who').textContent = (side === 'red' ? 'Red ' : 'Black ') + (P.active ? playerName(P.players[side]) : '');
    let text = '';
    if (P.tc && P.tc.base) {
      let ms = P.clocks[side];
      if (P.active && !P.paused && S.view && S.view.side === side && P.turnStart) ms -= performance.now() - P.turnStart;
      text = fmtTime(ms);
      box.classList.toggle('low', ms < 10000);
    } else if (P.tc && P.tc.movetime) text = (P.tc.movetime / 1000) + ' s/move';
    else if (P.tc && P.tc.nodes) text = P.tc.nodes + ' nodes';
    box.querySelector('.time').textContent = text;
    box.classList.toggle('running', P.active && !P.paused && !!S.view && S.view.side === side);
  });
}

function playerName(p) {
  if (p === 'human') return '(you)';
  const e = S.engines[p];
  return e ? '(' + e.name + ')' : '';
}

function drawMoves() {
  const box = $('moves');
  box.textContent = '';
  const texts = S.game ? S.game.moves : [];
  const rep = S.view && S.view.repetition;
  const startBlack = S.startFen.split(' ')[1] === 'b';
  let row = null, num = parseInt(S.startFen.split(' ')[5] || '1', 10) || 1;
  for (let i = 0; i < S.moves.length; i++) {
    const blackMove = (i % 2 === 1) !== startBlack;
    if (!row || !blackMove) {
      row = document.createElement('div');
      row.className = 'mv';
      const n = document.createElement('span');
      n.className = 'num'; n.textContent = (num++) + '.';
      row.appendChild(n);
      box.appendChild(row);
      if (blackMove) row.appendChild(document.createElement('span'));
    }
    const m = document.createElement('span');
    m.className = 'm' + (blackMove ? ' black' : ' red') + (i + 1 === S.ply ? ' current' : '') +
      (S.comments[i] ? ' has-comment' : '') + (rep && i + 1 > rep.first && i + 1 <= rep.last ? ' cycle' : '');
    m.dataset.ply = i + 1;
    m.textContent = texts[i] ? texts[i].text : S.moves[i];
    m.addEventListener('click', () => goTo(i + 1));
    row.appendChild(m);
  }
  const cur = box.querySelector('.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
  $('comment').textContent = S.ply > 0 ? (S.comments[S.ply - 1] || '') : '';
}

function drawStatus() {
  const st = $('status');
  const v = S.view;
  if (!v) return;
  st.classList.remove('over');
  // Stepping through a game, finished or not: where in it the board is.
  const at = S.ply < S.moves.length ? ` — move ${S.ply} of ${S.moves.length}` : '';
  if (S.play.result) {
    st.textContent = resultText(S.play.result) + ' — ' + S.play.reason + at;
    st.classList.add('over');
  } else if (v.status.over) {
    st.textContent = resultText(v.status.result) + ' — ' + v.status.reason + at;
    st.classList.add('over');
  } else {
    let t = (v.side === 'red' ? 'Red' : 'Black') + ' to move' + (v.check ? ' — check' : '');
    if (S.play.thinking) t += ' (engine thinking…)';
    st.textContent = t + at;
  }
  st.dataset.result = S.play.result || v.status.result;
  $('fen').value = v.fen;
  // The ruling on a repetition the position ends with.
  const rep = v.repetition, box = $('rulingbox');
  box.hidden = !rep;
  if (rep) {
    $('ruling-head').textContent = `Repetition (${rep.occurrence === 3 ? 'third' : 'second'} occurrence), ` +
      `${rep.rules} rules: ${rep.ruling}` + (rep.occurrence === 2 && rep.ruling.endsWith('loses') ? ' if repeated again' : '');
    // Article numbers (24.3, 25.1, 26.8.2), AXF rule numbers and rule-set names stand out.
    const write = (box, line) => {
      const parts = line.split(/(\b(?:CXA )?\d{1,2}\.\d{1,2}(?:\.\d{1,2})*\b|\bAXF rule \d{1,2}\b|\bAXF\b)/);
      parts.forEach((p, i) => {
        if (i % 2) { const mk = document.createElement('mark'); mk.className = 'article'; mk.textContent = p; box.appendChild(mk); }
        else box.appendChild(document.createTextNode(p));
      });
      box.appendChild(document.createTextNode('\n'));
    };
    const pre = $('ruling'), grounds = $('ruling-grounds');
    pre.textContent = ''; grounds.textContent = '';
    const g = rep.lines.indexOf('grounds:');
    if (g >= 0) rep.lines.slice(g + 1).forEach((line) => write(grounds, line.trim()));
    for (const line of rep.lines) write(pre, line);
  }
}

function resultText(r) {
  return r === '1-0' ? 'Red wins' : r === '0-1' ? 'Black wins' : r === '1/2-1/2' ? 'Draw' : '';
}

function drawEval(scoreRed, label) {
  const fill = $('evalfill');
  const p = 1 / (1 + Math.exp(-scoreRed / 250));
  fill.style.height = (100 * p).toFixed(1) + '%';
  $('evalbar').classList.toggle('flipped', S.flipped);
  $('evaltext').textContent = label;
}

function drawGraph() {
  const svg = $('graph');
  svg.textContent = '';
  const n = Math.max(S.moves.length, 1);
  el('line', { x1: 0, y1: 40, x2: 300, y2: 40, stroke: '#bbb', 'stroke-width': 1 }, svg);
  let pts = '';
  for (let i = 0; i <= S.moves.length; i++) {
    const s = S.scores[i];
    if (s === undefined) continue;
    const y = 40 - 38 * Math.tanh(s / 400);
    pts += `${(300 * i / n).toFixed(1)},${y.toFixed(1)} `;
  }
  if (pts) el('polyline', { points: pts, fill: 'none', stroke: '#b3261e', 'stroke-width': 1.5, id: 'graphline' }, svg);
  el('line', { x1: 300 * S.ply / n, y1: 0, x2: 300 * S.ply / n, y2: 80, stroke: '#2f6fb3', 'stroke-width': 1 }, svg);
}

// A score from the side to move's view, written from red's view (+ is good for red).
function scoreText(s, side) {
  if (!s) return '';
  const sign = side === 'black' ? -1 : 1;
  if (s.mate !== undefined) return (sign * s.mate > 0 ? '+' : '-') + 'M' + Math.abs(s.mate);
  if (s.rule) return (s.rule === 'win') === (sign > 0) ? '+R' : '-R';
  const cp = sign * s.cp;
  return (cp >= 0 ? '+' : '') + (cp / 100).toFixed(2);
}
function scoreRedView(s, side) {
  let v = s.mate !== undefined ? (s.mate > 0 ? 10000 : -10000) : s.cp;
  return side === 'red' ? v : -v;
}

function render() {
  // The bar shows the latest score known for this position (an engine's move or analysis).
  const known = S.scores[S.ply];
  if (!S.analysis.on) {
    if (known === undefined) drawEval(0, '');
    else drawEval(known, Math.abs(known) >= 10000 ? (known > 0 ? '+M' : '-M') : (known >= 0 ? '+' : '') + (known / 100).toFixed(2));
  }
  drawBoard();
  drawMoves();
  drawStatus();
  drawGraph();
  updateButtons();
}

function updateButtons() {
  const P = S.play;
  $('takeback').disabled = !P.active || S.moves.length === 0;
  $('resign').disabled = !P.active || !!P.result;
  $('draw').disabled = !P.active || !!P.result;
  $('pause').disabled = !P.active || !!P.result;
  $('pause').textContent = P.paused ? 'Resume' : 'Pause';
  $('draw').textContent = P.engineOffersDraw ? 'Accept draw' : 'Offer draw';
}

// ---------------------------------------------------------------- legal moves and refresh
function legalFrom(sq) {
  if (!S.view) return [];
  const from = sqName(sq);
  return S.view.legal.filter((m) => m.startsWith(from)).map((m) => nameSq(m.slice(2, 4)));
}

async function refresh() {
  const gen = ++S.gen;
  try {
    const full = await api('/api/position', gameBody(S.moves.length));
    let view = full;
    if (S.ply !== S.moves.length) view = await api('/api/position', gameBody(S.ply));
    if (gen !== S.gen) return;
    // A piece picked up while the reply was on its way stays picked if the position is the
    // same (a new game from the position on the board).
    if (!S.view || S.view.fen !== view.fen) S.selected = null;
    S.game = full; S.view = view;
  } catch (e) {
    if (gen === S.gen) showError(e.message);
    return;
  }
  S.shown = gen;
  render();
  afterPosition();  // first: an engine to move may need its analysis stopped
  if (S.analysis.on) startAnalysis();
}

function goTo(ply) {
  ply = Math.max(0, Math.min(S.moves.length, ply));
  if (ply === S.ply) return;
  if (S.play.active && !S.play.result) return;  // no stepping during a game
  S.ply = ply;
  refresh();
}

// A move made on the board (by the user or an engine) at the viewed ply.
async function playMove(iccs, byEngine) {
  const P = S.play;
  if (S.ply < S.moves.length) {  // a new line from a past position replaces the rest
    S.moves = S.moves.slice(0, S.ply);
    S.comments = S.comments.slice(0, S.ply);
    S.scores = S.scores.slice(0, S.ply + 1);
  }
  if (P.active && !P.result && P.tc) {
    // The clocks before each move of the game, so that a takeback gives the time back.
    P.clockLog = P.clockLog.slice(0, S.moves.length);
    P.clockLog.push({ red: P.clocks.red, black: P.clocks.black });
    chargeClock(S.view.side, byEngine ? byEngine.elapsed : null);
  }
  if (!P.active) { P.result = null; P.reason = ''; }
  P.engineOffersDraw = P.engineOffersDraw && !!byEngine;
  S.moves.push(iccs);
  S.comments.push('');
  S.ply = S.moves.length;
  await refresh();
}

function chargeClock(side, elapsed) {
  const P = S.play;
  if (!P.tc.base) return;
  const used = elapsed !== null && elapsed !== undefined ? elapsed : performance.now() - P.turnStart;
  P.clocks[side] = P.clocks[side] - used + P.tc.inc;
}

// ---------------------------------------------------------------- play
function parseTc(v) {
  let m;
  if (v === 'nodes') return { nodes: 20000 };
  if ((m = /^st(\d+(?:\.\d+)?)$/.exec(v))) return { movetime: Math.round(parseFloat(m[1]) * 1000) };
  if ((m = /^(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)$/.exec(v)))
    return { base: Math.round(parseFloat(m[1]) * 60000), inc: Math.round(parseFloat(m[2]) * 1000) };
  return null;
}

function readPlayers() {
  const v = (id) => { const x = $(id).value; return x === 'human' ? 'human' : parseInt(x, 10); };
  S.play.players = { red: v('player-red'), black: v('player-black') };
}

// A new game from the start position of the game on the board, or (fromHere) from the
// position on the board.
async function newGame(fromHere) {
  const P = S.play;
  stopEngine();
  readPlayers();
  const tcv = $('tc').value === 'custom' ? $('tc-custom').value.trim() : $('tc').value;
  const tc = parseTc(tcv);
  if (!tc) { showError('time control: write min+inc (5+3) or st<seconds> (st2)'); return; }
  P.tc = tc;
  P.clocks = { red: tc.base || 0, black: tc.base || 0 };
  P.clockLog = [];
  P.active = true; P.paused = false; P.result = null; P.reason = ''; P.drawOffered = false; P.newgame = true;
  clearCrash();
  forgetRecord();
  if (fromHere === true && S.view) S.startFen = S.view.fen;
  S.moves = []; S.comments = []; S.ply = 0; S.scores = [];
  // A human playing black alone sees the board from black's side.
  S.flipped = P.players.black === 'human' && P.players.red !== 'human';
  await refresh();
}

function afterPosition() {
  const P = S.play;
  const v = S.view;
  if (!P.active || P.result || S.ply !== S.moves.length) { drawClocks(); return; }
  if (v.status.over) { endGame(v.status.result, v.status.reason); return; }
  P.turnStart = performance.now();
  if (!P.paused && P.players[v.side] !== 'human') engineMove();
  updateButtons();
  drawStatus();
}

function endGame(result, reason) {
  const P = S.play;
  stopEngine();
  P.result = result; P.reason = reason;
  P.active = false;
  clearCrash();  // the board is free again: step through the game, try other moves
  drawStatus(); drawClocks(); updateButtons();
}

// A loss on time: the loser's clock shows 0:00, not the time it had at its last move (nor
// that plus an increment it never earned).
function loseOnTime(side) {
  S.play.clocks[side] = 0;
  endGame(side === 'red' ? '0-1' : '1-0', side + ' loses on time');
}

function stopEngine() {
  const P = S.play;
  if (P.thinking) {
    api('/api/stop', { id: P.thinking.id }).catch(() => {});
    P.thinking = null;
  }
}

async function engineMove() {
  const P = S.play;
  const side = S.view.side;
  const id = 'm' + Math.random().toString(36).slice(2);
  const gen = S.gen;
  const body = gameBody(S.moves.length, { engine: P.players[side], id, drawoffer: P.drawOffered, newgame: !!P.newgame,
    options: S.engineOptions[P.players[side]] || {} });
  P.newgame = false;
  if (P.tc.base) {
    Object.assign(body, { redtime: Math.max(1, Math.round(P.clocks.red)), blacktime: Math.max(1, Math.round(P.clocks.black)), increment: P.tc.inc });
  } else if (P.tc.movetime) body.movetime = P.tc.movetime;
  else body.nodes = P.tc.nodes;
  P.thinking = { id, side };
  drawStatus();
  // One process cannot analyse and play at once: its analysis gives way.
  if (S.analysis.on && $('analysis-engine').value === String(P.players[side])) {
    setAnalysis(false);
    showInfo('analysis stopped: that engine plays now');
  }
  let r;
  for (let attempt = 0; ; attempt++) {
    try {
      r = await api('/api/engine/move', body);
      break;
    } catch (e) {
      // 409: still busy with the analysis just stopped, for a moment.
      if (e.status === 409 && attempt < 30 && P.thinking && P.thinking.id === id) {
        await new Promise((done) => setTimeout(done, 100));
        continue;
      }
      if (P.thinking && P.thinking.id === id) { P.thinking = null; showError(e.message); P.paused = true; updateButtons(); }
      return;
    }
  }
  if (!P.thinking || P.thinking.id !== id || gen !== S.gen) return;  // taken back or stopped meanwhile
  P.thinking = null;
  const who = side === 'red' ? 'red' : 'black';
  const wins = side === 'red' ? '0-1' : '1-0';
  if (r.status === 'timeout') return loseOnTime(side);
  if (r.status === 'crashed') return engineCrashed(side, r);
  if (r.status !== 'move') return endGame(wins, `${who} engine (${r.engine}): ${r.status} ${r.reply || ''}`.trim());
  if (r.resigns) return endGame(wins, who + ' resigns');
  if (P.drawOffered && r.offersDraw) return endGame('1/2-1/2', 'draw by agreement');
  if (P.drawOffered) showInfo('draw declined: the engine plays on');
  P.drawOffered = false;
  // The engine offers a draw with its move: the human may accept before replying.
  P.engineOffersDraw = r.offersDraw && P.players[side === 'red' ? 'black' : 'red'] === 'human';
  if (P.engineOffersDraw) showInfo('the engine offers a draw: press "Accept draw" or play on');
  if (r.score) S.scores[S.moves.length + 1] = scoreRedView(r.score, side);
  if (P.tc.base && P.clocks[side] - r.elapsed < -100) return loseOnTime(side);
  await playMove(r.move, { elapsed: r.elapsed });
}

// A casual game outlives its engine: the game waits, paused, until the user restarts the engine
// (the server starts a new process with the next move asked of it) or plays on otherwise. A
// rated match is the runner's business, where a crash loses.
function engineCrashed(side, r) {
  const P = S.play;
  P.paused = true;
  P.crashed = side;
  $('crash-text').textContent = crashMessage(side, r.engine, r.reply);
  $('crash').hidden = false;
  updateButtons(); drawClocks(); drawStatus();
}

// "Black's engine (Chuhe) crashed: it exited with signal 9." from the server's reply "the
// engine exited (signal 9)" (or "... closed its output", "... exited (exit code 1)").
function crashMessage(side, engine, reply) {
  let why = (reply || '').trim().replace(/^the engine /, 'it ').replace(/exited \((.*)\)$/, 'exited with $1');
  if (!why) why = 'it stopped answering';
  return `${side === 'red' ? "Red's" : "Black's"} engine (${engine}) crashed: ${why}.`;
}

function restartEngine() {
  const P = S.play;
  if (!P.crashed) return;
  P.crashed = null;
  $('crash').hidden = true;
  P.paused = false;
  afterPosition();  // the engine to move is asked again, from the current position
  updateButtons();
}

function clearCrash() {
  S.play.crashed = null;
  $('crash').hidden = true;
}

function tick() {
  const P = S.play;
  if (!P.active || P.result || P.paused || !P.tc || !P.tc.base || !S.view) return;
  drawClocks();
  const side = S.view.side;
  if (P.players[side] === 'human' && P.clocks[side] - (performance.now() - P.turnStart) <= 0) loseOnTime(side);
}

function takeback() {
  const P = S.play;
  if (!P.active || !S.moves.length) return;
  stopEngine();
  P.result = null; P.reason = '';
  if (P.crashed) { clearCrash(); P.paused = false; }  // the engine starts afresh when next to move
  // Back to the last position where a human is to move.
  const startSide = S.startFen.split(' ')[1] === 'b' ? 'black' : 'red';
  const sideAt = (n) => ((n % 2 === 0) === (startSide === 'red') ? 'red' : 'black');
  let n = S.moves.length - 1;
  while (n > 0 && P.players[sideAt(n)] !== 'human') n--;
  if (P.players[sideAt(n)] !== 'human') n = S.moves.length - 1;
  S.moves = S.moves.slice(0, n); S.comments = S.comments.slice(0, n); S.scores = S.scores.slice(0, n + 1);
  S.ply = n;
  // Each side's clock as it was before move n (the time spent since is given back).
  if (P.clockLog && P.clockLog[n]) { P.clocks = { ...P.clockLog[n] }; P.clockLog = P.clockLog.slice(0, n); }
  if (P.players.red !== 'human' && P.players.black !== 'human') P.paused = true;
  refresh();
}

// ---------------------------------------------------------------- analysis
function setAnalysis(on) {
  const A = S.analysis;
  A.on = on;
  $('analyse').setAttribute('aria-pressed', A.on);
  $('analyse').textContent = A.on ? 'Stop' : 'Analyse';
  if (A.on) startAnalysis(); else { stopAnalysis(); drawArrows(); }
}

function stopAnalysis() {
  const A = S.analysis;
  if (A.ctrl) { A.ctrl.abort(); A.ctrl = null; }
  if (A.id) { api('/api/stop', { id: A.id }).catch(() => {}); A.id = null; }
}

async function startAnalysis() {
  const A = S.analysis;
  stopAnalysis();
  if (!S.view || S.view.legal.length === 0) return;
  const id = 'a' + Math.random().toString(36).slice(2);
  const ctrl = new AbortController();
  A.ctrl = ctrl; A.id = id; A.lines = []; A.ply = S.ply; A.side = S.view.side; A.note = '';
  const gen = ++A.gen;
  const body = gameBody(S.ply, { multipv: parseInt($('multipv').value, 10), id });
  const engine = $('analysis-engine').value;
  body.options = S.engineOptions[engine] || {};
  if (engine !== '') body.engine = parseInt(engine, 10);
  else if (ANALYSIS_NODES) body.nodes = ANALYSIS_NODES;  // an engine process analyses until stopped
  const headers = { 'Content-Type': 'application/json' };
  if (TOKEN) headers['X-Chuhe-Token'] = TOKEN;
  $('lines').textContent = '';
  try {
    let r;
    for (let attempt = 0; ; attempt++) {
      r = await fetch('/api/analyse', { method: 'POST', body: JSON.stringify(body), headers, signal: ctrl.signal });
      // 409 from an engine process: still busy with the analysis just stopped, for a moment.
      if (r.status !== 409 || engine === '' || attempt >= 30 || gen !== A.gen) break;
      await new Promise((done) => setTimeout(done, 100));
      if (gen !== A.gen) return;
    }
    if (!r.ok) { const e = await r.json().catch(() => ({})); throw new Error(e.error || 'HTTP ' + r.status); }
    const reader = r.body.getReader(), dec = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let i;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i); buf = buf.slice(i + 2);
        let event = 'message', data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data += line.slice(6);
        }
        if (gen !== A.gen) return;
        if (event === 'info' && data) onInfo(JSON.parse(data));
        // The engine died under the search: say so, and the lines it gave are no analysis now.
        if (event === 'error' && data) { analysisFailed(JSON.parse(data).error); return; }
        // An engine without MultiPV gives one line, whatever was asked.
        if (event === 'start' && data) {
          const s = JSON.parse(data);
          if (s.multipv < body.multipv) A.note = `${s.engine}: ${s.multipv} line${s.multipv > 1 ? 's' : ''}; `;
        }
      }
    }
  } catch (e) {
    if (e.name !== 'AbortError' && gen === A.gen) showError(e.message);
  }
}

function analysisFailed(message) {
  const A = S.analysis;
  A.lines = [];
  $('lines').textContent = '';
  $('analysis-info').textContent = '';
  setAnalysis(false);
  showError(message);
}

function onInfo(info) {
  const A = S.analysis;
  if (info.bound) return;  // aspiration fail: wait for the exact score
  A.lines[info.multipv - 1] = info;
  // A new depth for line 1 invalidates lines that have not caught up yet.
  const list = $('lines');
  list.textContent = '';
  A.lines.forEach((l, i) => {
    if (!l) return;
    const li = document.createElement('li');
    li.className = 'line'; li.dataset.multipv = i + 1;
    const sc = document.createElement('span'); sc.className = 'score';
    const red = scoreRedView(l.score, A.side);
    sc.textContent = scoreText(l.score, A.side);
    const d = document.createElement('span'); d.className = 'depth'; d.textContent = 'd' + l.depth;
    li.append(sc, d, document.createTextNode(l.pvText.slice(0, 12).join(' ')));
    li.title = (red >= 0 ? 'red ' : 'black ') + 'better; ' + l.pv.join(' ');
    list.appendChild(li);
  });
  const best = A.lines[0];
  if (best) {
    const red = scoreRedView(best.score, A.side);
    drawEval(red, scoreText(best.score, A.side));
    S.scores[A.ply] = red;
    drawGraph();
    $('analysis-info').textContent = (A.note || '') + `depth ${best.depth}` + (best.nps ? `, ${Math.round(best.nps / 1000)} kN/s` : '');
  }
  drawArrows();
}

// ---------------------------------------------------------------- engine options
// The options each engine announced (POST /api/engines), and Chuhe's in process (its
// "analysis", id ''); the ones the board may set get a control. A change applies from the
// engine's next search (the server restarts a process with them).
async function loadEngineOptions() {
  let reply;
  try { reply = await api('/api/engines', {}); } catch (e) { showError(e.message); return; }
  S.engines = reply.engines;
  S.inProcess = Object.assign({ id: '' }, reply.analysis);
  const sel = $('opt-engine');
  sel.textContent = '';
  [S.inProcess, ...S.engines].forEach((e) => { const o = document.createElement('option'); o.value = e.id; o.textContent = e.name; sel.appendChild(o); });
  drawEngineOptions();
  document.body.dataset.options = '1';
}

function drawEngineOptions() {
  const id = $('opt-engine').value;
  const e = id === '' ? S.inProcess : S.engines[parseInt(id, 10)];
  const box = $('opt-list');
  box.textContent = '';
  if (!e || !e.options) { $('opt-note').textContent = e && e.error ? e.error : ''; return; }
  const chosen = S.engineOptions[e.id] || (S.engineOptions[e.id] = {});
  const shown = e.options.filter((o) => o.settable);
  for (const o of shown) {
    const label = document.createElement('label');
    label.textContent = o.name;
    let input;
    const value = o.name in chosen ? chosen[o.name] : o.default;
    if (o.type === 'check') {
      input = document.createElement('input'); input.type = 'checkbox';
      input.checked = String(value) === 'true';
    } else if (o.type === 'combo') {
      input = document.createElement('select');
      for (const v of o.vars) { const x = document.createElement('option'); x.value = v; x.textContent = v; input.appendChild(x); }
      input.value = value;
    } else {
      input = document.createElement('input'); input.type = 'number';
      if ('min' in o) { input.min = o.min; input.max = o.max; }
      input.value = value;
    }
    input.dataset.option = o.name;
    input.addEventListener('change', () => {
      let v = o.type === 'check' ? input.checked : input.value;
      if (o.type === 'spin') {
        v = parseInt(v, 10);
        if (!Number.isFinite(v)) v = parseInt(o.default, 10);
        if ('min' in o) v = Math.min(o.max, Math.max(o.min, v));
        input.value = v;
      }
      if (String(v) === String(o.default)) delete chosen[o.name]; else chosen[o.name] = v;
      if (S.analysis.on && $('analysis-engine').value === String(e.id)) startAnalysis();
    });
    label.appendChild(input);
    box.appendChild(label);
  }
  const hidden = e.options.length - shown.length;
  $('opt-note').textContent = (e.protocol ? e.protocol.toUpperCase() + '; ' : '') +
    (hidden ? `${hidden} more set by the board, or buttons and file names` : '');
}

// ---------------------------------------------------------------- input on the board
let drag = null;
function svgPoint(ev) {
  const svg = $('board');
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX; pt.y = ev.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

function humanMayMove() {
  const P = S.play;
  if (S.editing || !S.view || S.view.status.over) return false;
  if (P.active) {
    if (P.result || P.paused || S.ply !== S.moves.length) return false;
    return P.players[S.view.side] === 'human' && !P.thinking;
  }
  return true;
}

function onPointerDown(ev) {
  const p = svgPoint(ev), sq = pointSq(p.x, p.y);
  if (sq < 0) return;
  if (S.editing) {
    // A piece may be dragged to its square (or off the board, which removes it), or clicked
    // and then put down by a second click.
    const E = S.editing, startsDrag = E.pick === null && E.held === null && !!E.board[sq];
    editClick(sq);
    if (startsDrag) {
      const g = $('board').querySelector(`.piece[data-square="${sqName(sq)}"]`);
      if (g) {
        drag = { sq, g, x0: p.x, y0: p.y, moved: false, edit: true };
        $('board').setPointerCapture(ev.pointerId);
        ev.preventDefault();
      }
    }
    return;
  }
  if (!humanMayMove()) return;
  const board = parseFenBoard(S.view.fen);
  const mine = (pc) => pc && ((pc === pc.toUpperCase()) === (S.view.side === 'red'));
  if (S.selected !== null && legalFrom(S.selected).includes(sq)) {
    const m = sqName(S.selected) + sqName(sq);
    S.selected = null;
    playMove(m);
    return;
  }
  if (mine(board[sq])) {
    S.selected = sq;
    drawBoard();
    const g = $('board').querySelector(`.piece[data-square="${sqName(sq)}"]`);
    drag = { sq, g, x0: p.x, y0: p.y, moved: false };
    $('board').setPointerCapture(ev.pointerId);
    ev.preventDefault();
  } else if (S.selected !== null) {
    S.selected = null;
    drawBoard();
  }
}

function onPointerMove(ev) {
  if (!drag) return;
  const p = svgPoint(ev);
  if (!drag.moved && Math.hypot(p.x - drag.x0, p.y - drag.y0) < 6) return;
  drag.moved = true;
  const [x, y] = sqXY(drag.sq);
  drag.g.setAttribute('transform', `translate(${x + p.x - drag.x0},${y + p.y - drag.y0})`);
  drag.g.classList.add('dragging');
  drag.g.parentNode.appendChild(drag.g);
}

function onPointerUp(ev) {
  if (!drag) return;
  const d = drag;
  drag = null;
  if (!d.moved) return;  // a click: the piece stays selected
  const p = svgPoint(ev), sq = pointSq(p.x, p.y);
  if (d.edit) {
    const E = S.editing;
    E.held = null; S.selected = null;
    if (sq < 0) E.board[d.sq] = '';
    else if (sq !== d.sq) { E.board[sq] = E.board[d.sq]; E.board[d.sq] = ''; }
    drawBoard();
    return;
  }
  if (sq >= 0 && legalFrom(d.sq).includes(sq)) {
    S.selected = null;
    playMove(sqName(d.sq) + sqName(sq));
  } else {
    drawBoard();
  }
}

// ---------------------------------------------------------------- position editor
const PALETTE = ['K', 'A', 'B', 'N', 'R', 'C', 'P', 'k', 'a', 'b', 'n', 'r', 'c', 'p', ''];
function startEdit() {
  stopAnalysis();
  S.play.active = false;
  S.editing = { board: parseFenBoard(S.view ? S.view.fen : S.startFen), pick: null, held: null };
  const side = S.view && S.view.side === 'black' ? 'b' : 'w';
  document.querySelector(`input[name="edit-side"][value="${side}"]`).checked = true;
  $('editor-controls').hidden = false;
  const pal = $('palette');
  pal.hidden = false;
  pal.textContent = '';
  const names = S.traditional ? NAMES_T : NAMES_S;
  for (const p of PALETTE) {
    const b = document.createElement('button');
    b.className = p ? (p === p.toUpperCase() ? 'red' : 'black') : 'eraser';
    b.textContent = p ? names[p] : '✕';
    b.title = p ? p : 'remove';
    b.dataset.piece = p;
    b.addEventListener('click', () => {
      S.editing.pick = S.editing.pick === p ? null : p;
      for (const x of pal.children) x.classList.toggle('selected', x.dataset.piece === S.editing.pick && S.editing.pick !== null);
    });
    pal.appendChild(b);
  }
  drawBoard();
}

function editClick(sq) {
  const E = S.editing;
  if (E.pick !== null) {
    E.board[sq] = E.board[sq] === E.pick ? '' : E.pick;
  } else if (E.held !== null) {
    if (E.held !== sq) { E.board[sq] = E.board[E.held]; E.board[E.held] = ''; }
    E.held = null; S.selected = null;
  } else if (E.board[sq]) {
    E.held = sq; S.selected = sq;
  }
  drawBoard();
}

function endEdit() {
  S.editing = null; S.selected = null;
  $('editor-controls').hidden = true;
  $('palette').hidden = true;
}

async function setStartFen(fen) {
  try {
    await api('/api/position', { fen, rules: S.rules });
  } catch (e) {
    showError(e.message);
    return false;
  }
  stopEngine();
  forgetRecord();
  S.play.active = false; S.play.result = null;
  S.startFen = fen; S.moves = []; S.comments = []; S.ply = 0; S.scores = [];
  await refresh();
  return true;
}

// ---------------------------------------------------------------- records
let loadedGames = [];
async function openFile(file) {
  const bytes = await file.arrayBuffer();
  let r;
  try { r = await api('/api/record/load', bytes, true); } catch (e) { showError(file.name + ': ' + e.message); return; }
  loadedGames = r.games;
  const sel = $('games');
  sel.textContent = '';
  r.games.forEach((g, i) => {
    const o = document.createElement('option');
    const t = g.tags;
    o.value = i;
    o.textContent = `${g.number}. ${t.Red || t.White || '?'} – ${t.Black || '?'} ${g.result}` + (t.Event ? ` (${t.Event})` : '');
    sel.appendChild(o);
  });
  sel.hidden = r.games.length < 2;
  if (r.errors.length) showError(`${r.errors.length} game(s) could not be read: ` + r.errors[0].message);
  loadGame(0);
}

function loadGame(i) {
  const g = loadedGames[i];
  if (!g) return;
  stopEngine();
  S.play.active = false; S.play.result = null;
  S.startFen = g.fen; S.moves = g.moves.slice(); S.comments = g.comments.slice(); S.ply = 0; S.scores = [];
  S.recordTags = g.tags; S.recordResult = g.result;
  drawGameInfo();
  refresh();
}

// Who played the loaded record, where and when, and how it ended (its tags that say so; empty
// ones left out). A game played or a position set on the board is no longer that record.
const INFO_TAGS = ['Red', 'Black', 'Event', 'Site', 'Date', 'Result'];
function drawGameInfo() {
  const box = $('gameinfo');
  box.textContent = '';
  const t = S.recordTags;
  if (!t) { box.hidden = true; return; }
  const value = (tag) => {
    if (tag === 'Red') return t.Red || t.White || '';
    if (tag === 'Result') return t.Result && t.Result !== '*' ? t.Result : (S.recordResult && S.recordResult !== '*' ? S.recordResult : '');
    return t[tag] || '';
  };
  for (const tag of INFO_TAGS) {
    const v = value(tag).trim();
    if (!v) continue;
    const row = document.createElement('div');
    const name = document.createElement('span'); name.className = 'tag'; name.textContent = tag;
    const val = document.createElement('span'); val.className = 'val'; val.dataset.tag = tag; val.textContent = v;
    row.append(name, val);
    box.appendChild(row);
  }
  box.hidden = !box.children.length;
}

function forgetRecord() {
  S.recordTags = null; S.recordResult = null;
  drawGameInfo();
}

async function savePgn(format) {
  if (format !== 'xqf') format = 'pgn';
  const P = S.play;
  const tags = { Event: 'Chuhe GUI', Date: new Date().toISOString().slice(0, 10).replace(/-/g, '.') };
  if (P.active || P.result) {
    tags.Red = P.players.red === 'human' ? 'Human' : (S.engines[P.players.red] || {}).name;
    tags.Black = P.players.black === 'human' ? 'Human' : (S.engines[P.players.black] || {}).name;
  } else if (S.recordTags) Object.assign(tags, S.recordTags);
  const result = P.result || (S.game && S.game.status.over ? S.game.status.result : (S.recordResult || '*'));
  if (P.reason) tags.Termination = P.reason;
  const notation = S.notation === 'iccs' ? 'iccs' : S.notation;
  try {
    const body = { fen: S.startFen, moves: S.moves, comments: S.comments, tags, result, notation,
      traditional: S.traditional, format };
    const headers = { 'Content-Type': 'application/json' };
    if (TOKEN) headers['X-Chuhe-Token'] = TOKEN;
    const r = await fetch('/api/record/save', { method: 'POST', headers, body: JSON.stringify(body) });
    if (!r.ok) throw new Error((await r.json()).error);
    const blob = await r.blob();
    const text = format === 'pgn' ? await blob.text() : '';
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'chuhe-game.' + format;
    document.body.appendChild(a); a.click(); a.remove();
    S.lastSavedPgn = text;
  } catch (e) { showError(e.message); }
}

// ---------------------------------------------------------------- wiring
async function init() {
  try {
    const info = await api('/api/info');
    S.engines = info.engines;
  } catch (e) { showError(e.message); }
  for (const id of ['player-red', 'player-black']) {
    const sel = $(id);
    const h = document.createElement('option'); h.value = 'human'; h.textContent = 'Human'; sel.appendChild(h);
    S.engines.forEach((e) => { const o = document.createElement('option'); o.value = e.id; o.textContent = e.name; sel.appendChild(o); });
  }
  $('player-red').value = 'human';
  $('player-black').value = S.engines.length ? '0' : 'human';
  S.engines.forEach((e) => {
    const o = document.createElement('option'); o.value = e.id; o.textContent = e.name; $('analysis-engine').appendChild(o);
  });
  $('analysis-engine').addEventListener('change', () => { if (S.analysis.on) startAnalysis(); });
  $('opt-engine').addEventListener('change', drawEngineOptions);
  $('opt-reset').addEventListener('click', () => { S.engineOptions[$('opt-engine').value] = {}; drawEngineOptions(); });
  const svg = $('board');
  svg.addEventListener('pointerdown', onPointerDown);
  svg.addEventListener('pointermove', onPointerMove);
  svg.addEventListener('pointerup', onPointerUp);
  $('flip').addEventListener('click', () => { S.flipped = !S.flipped; drawBoard(); drawEval(S.scores[S.ply] || 0, $('evaltext').textContent); });
  $('notation').addEventListener('change', (e) => {
    const v = e.target.value;
    S.notation = v.startsWith('chinese') ? 'chinese' : v;
    S.traditional = v !== 'chinese-s';
    refresh();
  });
  $('rules').addEventListener('change', (e) => { S.rules = e.target.value; refresh(); });
  $('tc').addEventListener('change', (e) => { $('tc-custom').hidden = e.target.value !== 'custom'; });
  $('newgame').addEventListener('click', () => newGame(false));
  $('playhere').addEventListener('click', () => newGame(true));
  $('takeback').addEventListener('click', takeback);
  $('resign').addEventListener('click', () => {
    const P = S.play;
    const human = P.players[S.view.side] === 'human' ? S.view.side : (P.players.red === 'human' ? 'red' : 'black');
    endGame(human === 'red' ? '0-1' : '1-0', human + ' resigns');
  });
  $('draw').addEventListener('click', () => {
    const P = S.play;
    if (P.engineOffersDraw) return endGame('1/2-1/2', 'draw by agreement');
    P.drawOffered = true;
    showInfo('draw offered: the engine answers with its next move');
  });
  $('pause').addEventListener('click', () => {
    const P = S.play;
    P.paused = !P.paused;
    if (P.crashed) { if (!P.paused) restartEngine(); return; }
    showInfo(P.paused ? 'paused: the clocks stand still until you resume' : '');
    if (P.paused) {
      stopEngine();
      if (P.tc && P.tc.base && S.view) P.clocks[S.view.side] -= performance.now() - P.turnStart;
    } else {
      afterPosition();
    }
    updateButtons(); drawClocks(); drawStatus();
  });
  $('restart').addEventListener('click', restartEngine);
  $('analyse').addEventListener('click', () => setAnalysis(!S.analysis.on));
  $('multipv').addEventListener('change', () => { if (S.analysis.on) startAnalysis(); });
  $('nav-first').addEventListener('click', () => goTo(0));
  $('nav-prev').addEventListener('click', () => goTo(S.ply - 1));
  $('nav-next').addEventListener('click', () => goTo(S.ply + 1));
  $('nav-last').addEventListener('click', () => goTo(S.moves.length));
  document.addEventListener('keydown', (e) => {
    if (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT' || e.target.tagName === 'TEXTAREA') return;
    const keys = { ArrowLeft: () => goTo(S.ply - 1), ArrowRight: () => goTo(S.ply + 1), Home: () => goTo(0),
      End: () => goTo(S.moves.length), ArrowUp: () => goTo(S.ply - 2), ArrowDown: () => goTo(S.ply + 2),
      f: () => $('flip').click() };
    if (keys[e.key]) { keys[e.key](); e.preventDefault(); }
  });
  $('file').addEventListener('change', (e) => { if (e.target.files[0]) openFile(e.target.files[0]); });
  $('games').addEventListener('change', (e) => loadGame(parseInt(e.target.value, 10)));
  $('save-pgn').addEventListener('click', () => savePgn('pgn'));
  $('save-xqf').addEventListener('click', () => savePgn('xqf'));
  $('fen-load').addEventListener('click', () => setStartFen($('fen').value.trim()));
  $('fen-copy').addEventListener('click', () => { $('fen').select(); navigator.clipboard && navigator.clipboard.writeText($('fen').value).catch(() => {}); });
  $('edit').addEventListener('click', startEdit);
  $('edit-start').addEventListener('click', () => { S.editing.board = parseFenBoard(START_FEN); drawBoard(); });
  $('edit-clear').addEventListener('click', () => { S.editing.board = new Array(90).fill(''); drawBoard(); });
  $('edit-cancel').addEventListener('click', () => { endEdit(); drawBoard(); });
  $('edit-done').addEventListener('click', async () => {
    const side = document.querySelector('input[name="edit-side"]:checked').value;
    const fen = boardFen(S.editing.board, side);
    const board = S.editing;
    S.editing = null;
    if (await setStartFen(fen)) endEdit();
    else { S.editing = board; drawBoard(); }
  });
  PHONE.addEventListener('change', drawBoard);
  setInterval(tick, 200);
  drawEval(0, '0.00');
  await refresh();
  document.body.dataset.ready = '1';
  loadEngineOptions();  // runs each engine's handshake once: not worth holding the board for
}

init();
