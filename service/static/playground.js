// The playground: a page of options around the <referee-board> element, which draws the
// board, takes the moves (click, drag, keyboard), asks for what a move needs and shows the
// status. The page chooses the game, options and position, keeps the history (from the
// element's move events) for Undo, and plays a side whose "computer plays" switch is on
// with POST /v1/games/{game}/suggest.

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));
/** @type {import("./referee-board.js").RefereeBoard} */
const board = $("board");
// history: the moves played, each with the position (and token) before it and its mover
// toMove: the player to move, whose "computer plays" switch decides who moves next
const state = {
  history: /** @type {{move: string, dice?: unknown, before: string | null, tokenBefore: string | null, side: string | null}[]} */ ([]),
  toMove: /** @type {string | null} */ (null),
  finished: false,
  thinking: /** @type {string | null} */ (null),
};

/** @param {string | null} message */
function showError(message) {
  $("error").textContent = message || "";
}

async function getJson(/** @type {string} */ path, /** @type {unknown} */ body = undefined) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.detail || "request failed");
  return answer;
}

async function loadGames() {
  const { games } = await getJson("/v1/games");
  const select = $("game");
  for (const g of games) {
    const option = document.createElement("option");
    option.value = g.id;
    option.textContent = `${g.name} (${g.id})`;
    option.dataset.options = JSON.stringify(g.options);
    option.dataset.players = JSON.stringify(g.players);
    select.appendChild(option);
  }
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((/** @type {{id: string}} */ g) => g.id === wanted)) select.value = wanted;
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

function computerPlays(/** @type {string | null} */ player) {
  const input = document.querySelector(`#computer-sides input[data-player="${player}"]`);
  return Boolean(input && /** @type {HTMLInputElement} */ (input).checked);
}

async function computerTurn() {
  // If the side to move is the computer's, ask the service for its move and let the board
  // play it (a move it was asked of an earlier position is dropped).
  if (state.finished || !state.toMove || !computerPlays(state.toMove)) return;
  const position = board.position;
  if (state.thinking === position) return;  // already asked for this position
  state.thinking = position;
  $("thinking").textContent = `The computer is thinking for ${state.toMove}.`;
  try {
    const suggestion = await getJson(`/v1/games/${encodeURIComponent(board.game)}/suggest`, {
      position, options: board.resolvedOptions, level: $("level").value,
      ...(board.token ? { token: board.token } : {}) });
    if (board.position !== position) return;  // a person moved, undid or changed game
    await board.play(suggestion.move);
  } catch (e) {
    showError(/** @type {Error} */ (e).message);
  } finally {
    $("thinking").textContent = "";
  }
}

function describeOptions() {
  computerSwitches();
  const chosen = $("game").selectedOptions[0];
  const options = chosen ? JSON.parse(chosen.dataset.options) : [];
  $("option-help").textContent = options.map((/** @type {any} */ o) =>
    `${o.name}: ${JSON.stringify(o.default)}` + (o.choices ? ` (${o.choices.join(", ")})` : "")
  ).join("\n");
}

/** The options typed in the box, or null (and a sentence) when they are not JSON. */
function typedOptions() {
  try {
    return JSON.parse($("options").value || "{}");
  } catch (e) {
    showError(`Options are not JSON: ${/** @type {Error} */ (e).message}`);
    return null;
  }
}

/** Shows `position` of the game and options chosen (null: their initial position). */
function show(/** @type {string | null} */ position, /** @type {string | null} */ token) {
  const options = typedOptions();
  if (options === null) return;
  showError(null);
  delete document.body.dataset.ready;
  state.history = [];
  state.thinking = null;
  board.game = $("game").value;
  board.options = options;
  board.position = position;
  board.token = token;
}

function newGame() { show(null, null); }

function loadPosition() {
  // a typed position is unsigned: it goes without a token
  show($("position").value.trim() || null, null);
}

function undo() {
  // Back to the last position where a person was to move: the computer's replies go too.
  let last = state.history.pop();
  while (last && computerPlays(last.side) && state.history.length) last = state.history.pop();
  if (!last) return;
  delete document.body.dataset.ready;
  state.thinking = null;
  board.position = last.before;
  board.token = last.tokenBefore;
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

board.addEventListener("move", (event) => {
  // the board still shows the position the move was played from
  const applied = event.detail;
  state.history.push({ move: applied.move, dice: applied.dice, before: board.position,
                       tokenBefore: board.token, side: state.toMove });
  delete document.body.dataset.ready;
});
board.addEventListener("status", (event) => {
  const status = event.detail;
  state.toMove = status.to_move;
  state.finished = status.state !== "ongoing";
  $("position").value = board.position || "";
  $("options").value = JSON.stringify(board.resolvedOptions);  // the options in force
  renderHistory();
  document.body.dataset.game = board.game;  // for tests: which game, how many plies shown
  document.body.dataset.ready = String(state.history.length);
  computerTurn();
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
$("typed").addEventListener("submit", (/** @type {Event} */ event) => {
  event.preventDefault();
  const text = $("move-text").value.trim();
  if (text) board.play(text);
});

loadGames().then(newGame).catch((e) => showError(e.message));
