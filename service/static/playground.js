// The playground: a page of options around the <referee-board> element, which draws the
// board, takes the moves (click, drag, keyboard), asks for what a move needs and shows the
// status. The page chooses the game, options and position, keeps the history (from the
// element's move events) for Undo, and plays a side whose "computer plays" switch is on
// with POST /v1/games/{game}/suggest. Save writes the game as a record (POST
// /v1/games/{game}/records/export) and downloads it; Load reads a record (a chosen file or
// pasted text) with POST /v1/games/{game}/records/import and shows the game at its end.

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));
/** @type {import("./referee-board.js").RefereeBoard} */
const board = $("board");
// history: the moves played, each with the position before it (and its token, game id and
// ply, the app's check the board sends with it) and its mover
// toMove: the player to move, whose "computer plays" switch decides who moves next
const state = {
  history: /** @type {{move: string, dice?: unknown, before: string | null, tokenBefore: string | null, gameIdBefore: string | null, plyBefore: number | null, side: string | null}[]} */ ([]),
  toMove: /** @type {string | null} */ (null),
  finished: false,
  thinking: /** @type {string | null} */ (null),
  // where the game started when not from the initial position (a typed position, a record's
  // Position tag), with its token
  start: /** @type {string | null} */ (null),
  startToken: /** @type {string | null} */ (null),
  // what a loaded record brought beyond its moves: its off-board events (a resignation...),
  // its own tags, and how it ended off the board (null: the board decides)
  asides: /** @type {{after: number, player: string, kind: string}[]} */ ([]),
  tags: /** @type {Record<string, string>} */ ({}),
  ended: /** @type {any} */ (null),
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
  if (!response.ok) {
    const error = /** @type {Error & {problem?: any}} */ (new Error(answer.detail || "request failed"));
    error.problem = answer;
    throw error;
  }
  return answer;
}

/** A refused record in one line: its code, the sentence (which says where: the line and
 * column, the move), the rule's reason. */
function recordProblem(/** @type {Error & {problem?: any}} */ error) {
  const problem = error.problem || {};
  const code = problem.code ? `${problem.code}: ` : "";
  return `Record refused: ${code}${error.message}` + (problem.reason ? ` [${problem.reason}]` : "");
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
  if (state.finished || state.ended || !state.toMove || !computerPlays(state.toMove)) return;
  const position = board.position;
  if (state.thinking === position) return;  // already asked for this position
  state.thinking = position;
  $("thinking").textContent = `The computer is thinking for ${state.toMove}.`;
  try {
    const suggestion = await getJson(`/v1/games/${encodeURIComponent(board.game)}/suggest`, {
      position, options: board.resolvedOptions, level: $("level").value,
      ...(board.token ? { token: board.token } : {}),
      ...(board.gameId ? { game_id: board.gameId } : {}),
      ...(board.ply !== null ? { ply: board.ply } : {}) });
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
  forgetRecord(position, token);
  board.game = $("game").value;
  board.options = options;
  board.position = position;
  board.token = token;
  board.gameId = null;       // a new game (setup's) or an unsigned position: no game to check
  board.ply = null;
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
  // a loaded record's ending off the board, and its events past this point, are undone too
  state.ended = null;
  state.asides = state.asides.filter((aside) => aside.after < state.history.length);
  delete document.body.dataset.ready;
  state.thinking = null;
  // the earlier position's token is of an earlier ply: the board states that ply with it
  board.position = last.before;
  board.token = last.tokenBefore;
  board.gameId = last.gameIdBefore;
  board.ply = last.plyBefore;
}

/** A new game from `start` (null: the initial position): no record's events or tags. */
function forgetRecord(/** @type {string | null} */ start, /** @type {string | null} */ token) {
  state.start = start;
  state.startToken = token;
  state.asides = [];
  state.tags = {};
  state.ended = null;
  $("record-note").textContent = "";
}

/** Today as a record writes a date: 2026.11.27. */
function today() {
  return new Date().toISOString().slice(0, 10).replaceAll("-", ".");
}

async function saveRecord() {
  // The game shown as a record, downloaded as <game>-<date>.rec.
  showError(null);
  const plies = state.history.length;
  /** @type {Record<string, unknown>} */
  const body = { moves: state.history.map((step) => step.move), options: board.resolvedOptions,
                 tags: { Site: location.host, Date: today(), ...state.tags } };
  if (state.history.some((step) => step.dice != null)) {
    body.dice = state.history.map((step) => step.dice ?? null);
  }
  if (state.start) {
    body.position = state.start;
    if (state.startToken) body.token = state.startToken;
  }
  const asides = state.asides.filter((aside) => aside.after <= plies);
  if (asides.length) body.asides = asides;
  try {
    const { record } = await getJson(
      `/v1/games/${encodeURIComponent(board.game)}/records/export`, body);
    const date = /** @type {any} */ (body.tags).Date;
    const day = /^\d{4}\.\d\d\.\d\d$/.test(date) ? date : today();  // the game's, else today
    const name = `${board.game}-${day.replaceAll(".", "-")}.rec`;
    const url = URL.createObjectURL(new Blob([record], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    $("record-note").textContent = `Saved ${name}: ${plies} ${plies === 1 ? "ply" : "plies"}.`;
  } catch (e) {
    showError(recordProblem(/** @type {Error} */ (e)));
  }
}

/** The game a record names in its Game tag, else the game chosen in the menu. */
function recordGame(/** @type {string} */ text) {
  const tag = /\[\s*Game\s+"((?:[^"\\]|\\.)*)"\s*\]/.exec(text);
  return tag ? tag[1].replace(/\\(.)/g, "$1") : $("game").value;
}

async function loadRecord(/** @type {string} */ text) {
  // The record's game at its end: its game and options chosen, its plies in the history
  // (Undo steps back through them), its final position on the board.
  showError(null);
  let loaded;
  try {
    loaded = await getJson(`/v1/games/${encodeURIComponent(recordGame(text))}/records/import`,
                           { record: text });
  } catch (e) {
    showError(recordProblem(/** @type {Error} */ (e)));
    return;
  }
  if ($("game").value !== loaded.game) {
    $("game").value = loaded.game;
    describeOptions();
  }
  $("options").value = JSON.stringify(loaded.options);
  delete document.body.dataset.ready;
  state.thinking = null;
  const befores = [loaded.start, ...loaded.plies.map((/** @type {any} */ ply) => ply.position)];
  state.history = loaded.plies.map((/** @type {any} */ ply, /** @type {number} */ i) => ({
    move: ply.move, dice: ply.dice ?? undefined, before: befores[i], tokenBefore: null,
    gameIdBefore: null, plyBefore: null, side: ply.mover }));
  forgetRecord(loaded.from_initial ? null : loaded.start, null);
  state.asides = loaded.asides.map((/** @type {any} */ aside) =>
    ({ after: aside.after, kind: aside.kind, player: aside.player }));
  // its own tags go out again on Save; the ones Save writes from the game do not
  state.tags = Object.fromEntries(Object.entries(loaded.tags).filter(
    ([name]) => !["Game", "Options", "Position", "Result", "Termination"].includes(name)));
  const offBoard = loaded.status.state !== "ongoing" && loaded.board_status.state === "ongoing";
  state.ended = offBoard ? loaded.status : null;
  const plies = loaded.plies.length;
  const ending = loaded.status.state === "ongoing" ? "" : ", " + (loaded.status.winner
    ? `${loaded.status.winner} wins` : "a draw") + ` (${loaded.status.reason})`;
  $("record-note").textContent =
    `Loaded ${plies} ${plies === 1 ? "ply" : "plies"}, result ${loaded.result}${ending}.`;
  board.game = loaded.game;
  board.options = loaded.options;
  board.position = loaded.position;
  board.token = loaded.token ?? null;
  // an imported game is a new game: its own id and ply go with its token
  board.gameId = loaded.game_id ?? null;
  board.ply = loaded.ply ?? null;
}

async function loadRecordFile() {
  const input = /** @type {HTMLInputElement} */ ($("record-file"));
  const file = input.files && input.files[0];
  if (!file) return;
  input.value = "";  // choosing the same file again loads it again
  try {
    await loadRecord(await file.text());
  } catch (e) {
    showError(`Cannot read ${file.name}: ${/** @type {Error} */ (e).message}`);
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

board.addEventListener("move", (event) => {
  // the board still shows the position the move was played from
  const applied = event.detail;
  state.history.push({ move: applied.move, dice: applied.dice, before: board.position,
                       tokenBefore: board.token, gameIdBefore: board.gameId,
                       plyBefore: board.ply, side: state.toMove });
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
$("save-record").addEventListener("click", saveRecord);
$("record-file").addEventListener("change", loadRecordFile);
$("load-record").addEventListener("click", () => {
  const text = $("record-text").value;
  if (text.trim()) loadRecord(text);
  else showError("Paste a record first, or choose a file.");
});
$("typed").addEventListener("submit", (/** @type {Event} */ event) => {
  event.preventDefault();
  const text = $("move-text").value.trim();
  if (text) board.play(text);
});

loadGames().then(newGame).catch((e) => showError(e.message));
