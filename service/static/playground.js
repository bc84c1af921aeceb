// The playground: a page of options around the <referee-board> element, which draws the
// board, takes the moves (click, drag, keyboard), asks for what a move needs and shows the
// status. The page chooses the game, options and position, keeps the history (from the
// element's move events) for Undo, and plays a side whose "computer plays" switch is on
// with POST /v1/games/{game}/suggest. Save writes the game as a record (POST
// /v1/games/{game}/records/export) and downloads it; Load reads a file of one or more records
// (a chosen file or pasted text) with POST /v1/games/{game}/records/import-many, lists its
// games when it holds several (the broken ones with their fault) and shows the one picked at
// its end (read again alone with records/import, for its token): each ply with its suffix,
// NAGs and eval, its variations under it; a variation can be stepped into and out of.

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
  // a file of several records: its text, each game's answer and text, the one shown
  file: /** @type {{games: any[], texts: string[], picked: number} | null} */ (null),
  // the variations stepped into, outermost first: each one's plies, the position before its
  // first ply, how many of its plies are shown, and what it replaces; the main line's board
  // (position, token, game id, ply) to go back to
  lines: /** @type {{plies: any[], start: string | null, cursor: number, path: number[][], replaces: string}[]} */ ([]),
  main: /** @type {{position: string | null, token: string | null, gameId: string | null, ply: number | null} | null} */ (null),
};

/** The glyph of each common numeric annotation glyph ($1 is "!"), with what it means. */
const NAG_GLYPHS = /** @type {Record<number, [string, string]>} */ ({
  1: ["!", "good move"], 2: ["?", "mistake"], 3: ["!!", "brilliant move"],
  4: ["??", "blunder"], 5: ["!?", "interesting move"], 6: ["?!", "dubious move"],
  7: ["□", "only move"], 10: ["=", "equal position"], 13: ["∞", "unclear position"],
  14: ["+=", "the first player stands slightly better"],
  15: ["=+", "the second player stands slightly better"],
  16: ["±", "the first player stands better"], 17: ["∓", "the second player stands better"],
  18: ["+−", "the first player is winning"], 19: ["−+", "the second player is winning"],
});

/** A NAG as it is shown: its glyph where it has a common one, else $n. */
function nagGlyph(/** @type {number} */ nag) {
  return NAG_GLYPHS[nag]?.[0] ?? `$${nag}`;
}

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
  return `Record refused: ${problemLine(error.problem || { detail: error.message })}`;
}

/** A problem document in one line: its code, its sentence, the rule's reason. */
function problemLine(/** @type {any} */ problem) {
  const code = problem.code ? `${problem.code}: ` : "";
  return `${code}${problem.detail}` + (problem.reason ? ` [${problem.reason}]` : "");
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
  if (state.finished || state.ended || state.lines.length || !state.toMove ||
      !computerPlays(state.toMove)) return;
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
  closeViewer();
  state.history = [];
  state.thinking = null;
  forgetRecord(position, token);
  forgetFile();
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
  // (From inside a variation, back to the main line first.)
  closeViewer();
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

/** The offset in `text` of `line` and `column` (from 1; a column counts characters, as the
 * service counts them, not UTF-16 units). */
function offsetOf(/** @type {string} */ text, /** @type {number} */ line,
                  /** @type {number} */ column) {
  let offset = 0;
  for (let n = 1; n < line; n += 1) offset = text.indexOf("\n", offset) + 1;
  const end = text.indexOf("\n", offset);
  const rest = text.slice(offset, end === -1 ? text.length : end);
  return offset + Array.from(rest).slice(0, column - 1).join("").length;
}

/** Each game's own text: from where it starts to where the next one does. */
function gameTexts(/** @type {string} */ text, /** @type {any[]} */ games) {
  const starts = games.map((game) => offsetOf(text, game.line, game.column));
  return starts.map((start, i) => text.slice(start, starts[i + 1] ?? text.length));
}

async function loadRecord(/** @type {string} */ text) {
  // Every game of the text judged (records/import-many, the path's game for a record without
  // a Game tag); a text of one game shows it or its fault, a text of several lists them.
  showError(null);
  let file;
  try {
    file = await getJson(`/v1/games/${encodeURIComponent($("game").value)}/records/import-many`,
                         { records: text });
  } catch (e) {
    showError(recordProblem(/** @type {Error} */ (e)));
    return;
  }
  if (file.count === 1) {
    const [only] = file.games;
    if (!only.valid) {
      showError(`Record refused: ${problemLine(only.problem)}`);
      return;
    }
    await pickGame({ games: file.games, texts: [text], picked: 0 }, 0);
    return;
  }
  const listed = { games: file.games, texts: gameTexts(text, file.games), picked: -1 };
  const first = file.games.findIndex((/** @type {any} */ game) => game.valid);
  if (first === -1) {
    showFile(listed);
    $("record-note").textContent = `None of the ${file.count} games of the file can be read.`;
    return;
  }
  await pickGame(listed, first);
}

/** Shows game `index` of a file: read alone (records/import, which gives its token where
 * the service signs it), its game and options chosen, at its end. */
async function pickGame(/** @type {{games: any[], texts: string[], picked: number}} */ file,
                        /** @type {number} */ index) {
  showError(null);
  const text = file.texts[index];
  let loaded;
  try {
    loaded = await getJson(`/v1/games/${encodeURIComponent(recordGame(text))}/records/import`,
                           { record: text });
  } catch (e) {
    showError(recordProblem(/** @type {Error} */ (e)));
    return;
  }
  showRecord(loaded);
  if (file.games.length === 1) {
    forgetFile();
  } else {
    file.picked = index;
    showFile(file);
    const failed = file.games.filter((game) => !game.valid).length;
    $("record-note").textContent = `Game ${index + 1} of ${file.games.length}` +
      (failed ? ` (${failed} refused)` : "") + `: ${$("record-note").textContent}`;
  }
}

/** The games of a file as a list: a button for each one that reads, its fault for each one
 * that does not. */
function showFile(/** @type {{games: any[], texts: string[], picked: number}} */ file) {
  state.file = file;
  const list = $("record-game-list");
  list.innerHTML = "";
  for (const game of file.games) {
    const item = document.createElement("li");
    const name = `Game ${game.index + 1}, line ${game.line}: ${game.first_line}`;
    if (game.valid) {
      const record = game.record;
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.index = String(game.index);
      button.setAttribute("aria-pressed", String(game.index === file.picked));
      const plies = record.plies.length;
      button.textContent = `${name} (${record.game}, ${plies} ${plies === 1 ? "ply" : "plies"}, ${record.result})`;
      button.addEventListener("click", () => pickGame(file, game.index));
      item.appendChild(button);
    } else {
      item.className = "broken";
      item.textContent = `${name}: refused, ${problemLine(game.problem)}`;
    }
    list.appendChild(item);
  }
  $("record-games").hidden = false;
}

/** No file's games listed. */
function forgetFile() {
  state.file = null;
  $("record-games").hidden = true;
  $("record-game-list").innerHTML = "";
}

function showRecord(/** @type {any} */ loaded) {
  // The record's game at its end: its game and options chosen, its plies in the history
  // (Undo steps back through them; each keeps its annotations and variations), its final
  // position on the board.
  closeViewer();
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
    gameIdBefore: null, plyBefore: null, side: ply.mover, ply }));
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

/** A ply's annotations after its move: its mark and suffix, its NAGs' glyphs, its eval. */
function plyText(/** @type {HTMLElement} */ item, /** @type {any} */ ply, /** @type {string} */ move) {
  item.append(move + (ply?.mark ?? "") + (ply?.suffix ?? ""));
  for (const nag of ply?.nags ?? []) {
    const glyph = document.createElement("span");
    glyph.className = "annotation";
    glyph.title = `$${nag}` + (NAG_GLYPHS[nag] ? `: ${NAG_GLYPHS[nag][1]}` : "");
    glyph.textContent = nagGlyph(nag);
    item.append(" ", glyph);
  }
  if (ply?.eval !== undefined) {
    const evaluation = document.createElement("span");
    evaluation.className = "eval";
    evaluation.textContent = `eval ${ply.eval}`;
    item.append(" ", evaluation);
  }
}

/** The variations of a ply (`path`: the hops to the line it is in) as a list: each with a
 * button that steps into it and its plies, their own variations under them. */
function variationList(/** @type {any} */ ply, /** @type {number[][]} */ path,
                       /** @type {number} */ index) {
  const list = document.createElement("ol");
  list.className = "variations";
  list.setAttribute("aria-label", `Variations instead of ${ply.move}`);
  ply.variations.forEach((/** @type {any} */ variation, /** @type {number} */ v) => {
    const here = [...path, [index, v]];
    const item = document.createElement("li");
    const enter = document.createElement("button");
    enter.type = "button";
    enter.className = "enter";
    enter.dataset.path = pathName(here);
    enter.textContent = `Step into variation ${v + 1} instead of ${ply.move}`;
    enter.addEventListener("click", () => enterVariation(here));
    item.appendChild(enter);
    const plies = document.createElement("ol");
    plies.className = "line";
    plies.dataset.path = pathName(here);
    variation.plies.forEach((/** @type {any} */ inner, /** @type {number} */ i) => {
      const step = document.createElement("li");
      step.dataset.index = String(i);
      plyText(step, inner, inner.move);
      if (inner.variations) step.appendChild(variationList(inner, here, i));
      plies.appendChild(step);
    });
    item.appendChild(plies);
    list.appendChild(item);
  });
  return list;
}

/** A variation's path as text: its hops, each "ply.variation", joined by "/". */
function pathName(/** @type {number[][]} */ path) {
  return path.map((hop) => hop.join(".")).join("/");
}

/** The position of a line after `cursor` of its plies. */
function shownPosition(/** @type {{plies: any[], start: string | null, cursor: number}} */ line) {
  return line.cursor === 0 ? line.start : line.plies[line.cursor - 1].position;
}

/** Steps into the variation at `path` (from the main line's plies down): the board shows
 * the position before the ply it replaces, not to be played on, and Next walks its plies. */
function enterVariation(/** @type {number[][]} */ path) {
  showError(null);
  if (!state.lines.length) {
    state.main = { position: board.position, token: board.token, gameId: board.gameId,
                   ply: board.ply };
  }
  /** @type {typeof state.lines} */
  const lines = [];
  let plies = state.history.map((step) => step.ply);
  let befores = state.history.map((step) => step.before);
  for (const [index, v] of path) {
    if (lines.length) lines[lines.length - 1].cursor = index;
    const variation = plies[index].variations[v];
    lines.push({ plies: variation.plies, start: befores[index], cursor: 0,
                 path: path.slice(0, lines.length + 1), replaces: plies[index].move });
    const start = befores[index];
    plies = variation.plies;
    befores = [start, ...plies.map((/** @type {any} */ ply) => ply.position)];
  }
  state.lines = lines;
  board.interactive = false;
  showViewed();
}

/** One step along the variation shown (`by` plies: 1 or -1), within its plies. */
function stepVariation(/** @type {number} */ by) {
  const line = state.lines[state.lines.length - 1];
  if (!line) return;
  const cursor = Math.min(line.plies.length, Math.max(0, line.cursor + by));
  if (cursor === line.cursor) return;
  line.cursor = cursor;
  showViewed();
}

/** Out of the variation shown: to the line it branches from (where it branches), or from
 * the outermost back to the main line as it was. */
function backOut() {
  state.lines.pop();
  if (state.lines.length) {
    showViewed();
    return;
  }
  const main = state.main;
  closeViewer();
  if (!main) return;
  delete document.body.dataset.ready;
  board.position = main.position;
  board.token = main.token;
  board.gameId = main.gameId;
  board.ply = main.ply;
}

/** The board at the variation's position shown (unsigned: a variation was never played),
 * and the panel saying where it is. */
function showViewed() {
  const line = state.lines[state.lines.length - 1];
  delete document.body.dataset.ready;
  delete document.body.dataset.view;
  board.token = null;
  board.gameId = null;
  board.ply = null;
  board.position = shownPosition(line);
  const depth = state.lines.length;
  const last = line.cursor ? line.plies[line.cursor - 1] : null;
  $("viewer-where").textContent =
    `In a variation instead of ${line.replaces}` + (depth > 1 ? ` (${depth} deep)` : "") +
    `: ${line.cursor} of ${line.plies.length} ${line.plies.length === 1 ? "ply" : "plies"}` +
    (last ? `, after ${last.move}${last.suffix ?? ""}.` : ", before its first.");
  $("viewer-previous").disabled = line.cursor === 0;
  $("viewer-next").disabled = line.cursor === line.plies.length;
  $("viewer").hidden = false;
}

/** No variation stepped into: the board takes moves again. */
function closeViewer() {
  state.lines = [];
  state.main = null;
  $("viewer").hidden = true;
  delete document.body.dataset.view;
  board.interactive = true;
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
  // each ply with its annotations and, under it, its variations; the ply shown inside a
  // variation marked as the current one
  const list = $("history");
  list.innerHTML = "";
  state.history.forEach((step, index) => {
    const item = document.createElement("li");
    plyText(item, step.ply, step.move + (step.dice ? ` (dice ${JSON.stringify(step.dice)})` : ""));
    if (step.ply?.variations) item.appendChild(variationList(step.ply, [], index));
    list.appendChild(item);
  });
  const line = state.lines[state.lines.length - 1];
  if (line && line.cursor > 0) {
    const shown = list.querySelector(
      `ol.line[data-path="${pathName(line.path)}"] > li[data-index="${line.cursor - 1}"]`);
    shown?.classList.add("current");
    shown?.setAttribute("aria-current", "step");
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
  const line = state.lines[state.lines.length - 1];
  if (line) document.body.dataset.view = `${state.lines.length}:${line.cursor}`;
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
$("viewer-previous").addEventListener("click", () => stepVariation(-1));
$("viewer-next").addEventListener("click", () => stepVariation(1));
$("viewer-out").addEventListener("click", backOut);
$("load-record").addEventListener("click", () => {
  const text = $("record-text").value;
  if (text.trim()) loadRecord(text);
  else showError("Paste a record first, or choose a file.");
});
$("typed").addEventListener("submit", (/** @type {Event} */ event) => {
  event.preventDefault();
  const text = $("move-text").value.trim();
  if (state.lines.length) showError("Back out of the variation to play a move.");
  else if (text) board.play(text);
});

loadGames().then(newGame).catch((e) => showError(e.message));
