// The playground: a thin page over the service's own API (no state on the server, no CDN).
// The board is the SVG from POST /v1/games/{game}/render, inlined; each square is a
// <g class="cell" data-square="..."> group, so clicks map to squares. A side whose "computer
// plays" switch is on moves by POST /v1/games/{game}/suggest.
"use strict";

const $ = (id) => document.getElementById(id);
// token: the position's token when the service signs positions (sent back with the position)
// toMove: the player to move, whose "computer plays" switch decides who moves next
const state = { game: null, options: {}, position: null, token: undefined, moves: [],
                selected: null, history: [], finished: false, ticket: 0, toMove: null };

async function call(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  const type = response.headers.get("Content-Type") || "";
  if (!response.ok) {
    const problem = type.includes("json") ? await response.json() : { detail: response.statusText };
    const error = new Error(problem.detail || "request failed");
    error.problem = problem;
    throw error;
  }
  return type.includes("json") ? response.json() : response.text();
}

function showError(error) {
  const p = error && error.problem;
  $("error").textContent = error ? (p && p.reason ? `${p.detail} [${p.reason}]` : error.message) : "";
}

function gamePath(op) { return `/v1/games/${encodeURIComponent(state.game)}/${op}`; }

function body(extra) {
  return Object.assign({ position: state.position, options: state.options, token: state.token },
                       extra || {});
}

async function loadGames() {
  const { games } = await call("/v1/games");
  const select = $("game");
  for (const g of games) {
    const option = document.createElement("option");
    option.value = g.id;
    option.textContent = `${g.name} (${g.id})`;
    option.dataset.options = JSON.stringify(g.options);
    select.appendChild(option);
  }
  for (const g of games) select.querySelector(`option[value="${g.id}"]`).dataset.players =
    JSON.stringify(g.players);
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.id === wanted)) select.value = wanted;
  describeOptions();
}

function computerSwitches() {
  // One "computer plays" switch per player of the chosen game.
  const chosen = $("game").selectedOptions[0];
  const players = chosen ? JSON.parse(chosen.dataset.players) : [];
  const box = $("computer-sides");
  box.innerHTML = "";
  for (const player of players) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "checkbox";
    input.dataset.player = player;
    input.addEventListener("change", computerTurn);
    label.append(input, ` ${player}`);
    box.appendChild(label);
  }
}

function computerPlays(player) {
  const input = document.querySelector(`#computer-sides input[data-player="${player}"]`);
  return Boolean(input && input.checked);
}

async function computerTurn() {
  // If the side to move is the computer's, ask the service for its move and play it.
  if (state.finished || !state.toMove || !computerPlays(state.toMove)) return;
  const ticket = state.ticket;
  if (state.thinking === ticket) return;  // already asked for this position
  state.thinking = ticket;
  $("status").textContent = `${state.toMove} to move (the computer is thinking)`;
  try {
    const suggestion = await call(gamePath("suggest"), body({ level: $("level").value }));
    if (ticket !== state.ticket) return;  // a person moved, undid or changed game meanwhile
    await play(suggestion.move);
  } catch (e) { showError(e); }
}

function describeOptions() {
  computerSwitches();
  const chosen = $("game").selectedOptions[0];
  const options = chosen ? JSON.parse(chosen.dataset.options) : [];
  $("option-help").textContent = options.map((o) =>
    `${o.name}: ${JSON.stringify(o.default)}` + (o.choices ? ` (${o.choices.join(", ")})` : "")
  ).join("\n");
}

async function newGame() {
  showError(null);
  let options;
  try {
    options = JSON.parse($("options").value || "{}");
  } catch (e) {
    showError(new Error(`Options are not JSON: ${e.message}`));
    return;
  }
  state.game = $("game").value;
  const ticket = ++state.ticket;  // a later choice wins over answers still on their way
  try {
    const setup = await call(gamePath("setup"), { options });
    if (ticket !== state.ticket) return;
    state.options = setup.options;
    $("options").value = JSON.stringify(setup.options);  // the options in force, resolved
    state.position = setup.position;
    state.token = setup.token;
    state.history = [];
    await refresh();
  } catch (e) { showError(e); }
}

async function loadPosition() {
  showError(null);
  state.game = $("game").value;
  state.options = JSON.parse($("options").value || "{}");
  state.position = $("position").value.trim() || null;
  state.token = undefined;  // a typed position is unsigned
  state.history = [];
  try { await refresh(); } catch (e) { showError(e); }
}

async function refresh() {
  state.selected = null;
  delete document.body.dataset.ready;
  const ticket = ++state.ticket;
  const [legal, status] = await Promise.all([
    call(gamePath("legal-moves"), body()), call(gamePath("status"), body())]);
  if (ticket !== state.ticket) return;
  state.moves = legal.moves;
  state.finished = status.state !== "ongoing";
  state.toMove = status.to_move;
  $("position").value = state.position || "";
  const statusLine = $("status");
  statusLine.className = state.finished ? "over" : "";
  const notes = statusNotes(status);
  statusLine.textContent = (state.finished
    ? `Game over: ${status.state}${status.winner ? `, ${status.winner} wins` : ""} (${status.reason})`
    : `${status.to_move} to move`) + (notes.length ? ` (${notes.join("; ")})` : "");
  $("count").textContent = `(${legal.count})`;
  renderHistory();
  renderMoveList();
  setChoices([]);
  await drawBoard(ticket);
  if (ticket !== state.ticket) return;
  document.body.dataset.game = state.game;  // for tests: which game, how many plies shown
  document.body.dataset.ready = String(state.history.length);
  computerTurn();
}

// Everything a status holds beyond state, winner, reason and to_move, in words: check, a
// phase, a budget, a pending fight with its odds, the players left; any other field as JSON.
function statusNotes(status) {
  const notes = [];
  for (const [key, value] of Object.entries(status)) {
    if (["state", "winner", "reason", "to_move"].includes(key)) continue;
    if (key === "in_check") { if (value) notes.push("in check"); }
    else if (key === "fight" && value) notes.push(fightNote(value));
    else if (key === "players_left") notes.push(`players left: ${value.join(", ")}`);
    else notes.push(`${key.replaceAll("_", " ")}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
  }
  return notes;
}

function fightNote(fight) {
  const a = fight.attacker, d = fight.defender, odds = fight.odds || {};
  const exact = (key) => (odds[key] ? odds[key].exact : "?");
  return `fight pending: ${a.side} attacks ${d.cell} from ${a.from} with ${a.pawns}` +
    ` (${a.dice.join("+")}) against ${d.pawns} (${d.dice.join("+")}); attacker wins ` +
    `${exact("attacker_wins")}, defender wins ${exact("defender_wins")}, tie ${exact("tie")}`;
}

async function drawBoard(ticket) {
  try {
    const svg = await call(gamePath("render"), body({ format: "svg", size: 640 }));
    if (ticket === state.ticket) $("board").innerHTML = svg;
  } catch (e) {
    if (ticket !== state.ticket) return;
    $("board").innerHTML = "";
    const note = document.createElement("p");
    note.className = "hint";
    note.textContent = `No board picture: ${e.message} Use the move list.`;
    $("board").appendChild(note);
  }
}

function renderHistory() {
  const list = $("history");
  list.innerHTML = "";
  for (const step of state.history) {
    const item = document.createElement("li");
    item.textContent = step.move + (step.dice ? ` (dice ${JSON.stringify(step.dice)})` : "");
    list.appendChild(item);
  }
}

function moveButton(entry) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = entry.move;
  button.dataset.move = entry.move;
  button.title = Object.entries(entry).filter(([k]) => k !== "move")
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(", ");
  button.addEventListener("click", () => play(entry.move));
  return button;
}

function renderMoveList() {
  const box = $("all-moves");
  box.innerHTML = "";
  for (const entry of state.moves.slice(0, 500)) box.appendChild(moveButton(entry));
}

function setChoices(entries, hint) {
  const box = $("choices");
  box.innerHTML = "";
  if (!entries.length) {
    const p = document.createElement("p");
    p.className = "hint";
    p.textContent = hint || (state.finished ? "The game is over." : "Click a piece (or a square) to see its moves.");
    box.appendChild(p);
    return;
  }
  for (const entry of entries) box.appendChild(moveButton(entry));
}

function markSquares(selected, targets) {
  for (const g of document.querySelectorAll("#board g.cell")) {
    const sq = g.dataset.square;
    g.classList.toggle("selected", sq === selected);
    g.classList.toggle("target", targets.has(sq));
  }
}

function onSquare(square) {
  showError(null);
  if (state.selected) {
    const here = state.moves.filter((m) => m.from === state.selected && m.to === square);
    if (here.length === 1) return play(here[0].move);
    if (here.length > 1) return setChoices(here);
  }
  const from = state.moves.filter((m) => m.from === square);
  if (from.length) {
    state.selected = square;
    markSquares(square, new Set(from.map((m) => m.to).filter(Boolean)));
    return setChoices(from);
  }
  state.selected = null;
  markSquares(null, new Set());
  const onto = state.moves.filter((m) => !m.from && m.to === square);
  if (onto.length === 1) return play(onto[0].move);
  setChoices(onto, `No legal move starts on ${square}.`);
}

async function play(move) {
  showError(null);
  try {
    const applied = await call(gamePath("apply"), body({ move }));
    state.history.push({ move: applied.move, dice: applied.dice, before: state.position,
                         tokenBefore: state.token, side: state.toMove });
    state.position = applied.position;
    state.token = applied.token;
    await refresh();
  } catch (e) { showError(e); }
}

async function undo() {
  // Back to the last position where a person was to move: the computer's replies go too.
  let last = state.history.pop();
  while (last && computerPlays(last.side) && state.history.length) last = state.history.pop();
  if (!last) return;
  state.position = last.before;
  state.token = last.tokenBefore;
  const kept = state.history;
  try { await refresh(); } catch (e) { showError(e); }
  state.history = kept;
  renderHistory();
}

$("board").addEventListener("click", (event) => {
  const cell = event.target.closest("g.cell");
  if (cell) onSquare(cell.dataset.square);
});
$("game").addEventListener("change", () => {
  // another game: none of the last game's options or typed move carry over
  describeOptions();
  $("options").value = "{}";
  $("move-text").value = "";
  newGame();
});
$("new-game").addEventListener("click", newGame);
$("load").addEventListener("click", loadPosition);
$("undo").addEventListener("click", undo);
$("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("move-text").value.trim();
  if (text) play(text);
});

loadGames().then(newGame).catch(showError);
