// <referee-board>: a playable board of any game of a board game referee service.
//
// A plain ES module with no dependency and no build step: a page imports it with
//   <script type="module" src="https://referee.example/v1/elements/referee-board.js"></script>
// and writes <referee-board game="..." interactive></referee-board>.
//
// The element draws the service's own SVG picture of the position (POST .../render, inlined):
// every square of it is a <g class="cell" data-square="..."> group, which the element makes
// focusable, labelled and clickable. The moves come from POST .../legal-moves and are used by
// their fields alone (from, to, kind, count, general, promotion, odds, chance...), so the
// element names no game. Moves are played with POST .../apply; the answers are handed to the
// page as `move`, `status` and `referee-error` events. Where the service signs positions,
// every request states the game id and ply of the game's latest answer (the app's check), so
// the service refuses a token of another game or an earlier ply handed to the element.

/** @typedef {Record<string, unknown>} Json */

/**
 * One legal move as `legal-moves` lists it: its notation and its structured fields.
 * @typedef {{move: string, from?: string, to?: string, kind?: string, chance?: boolean} & Json} MoveEntry
 */

/**
 * A status answer: `state`, `winner`, `reason`, `to_move`, and whatever else the game adds.
 * @typedef {{state: string, winner: string | null, reason: string | null, to_move: string | null} & Json} Status
 */

/**
 * An apply answer.
 * @typedef {{position: string, move: string, events: Json[], status: Status, dice?: Json, token?: string, game_id?: string, ply?: number, options?: Json}} Applied
 */

/**
 * An RFC 9457 problem document, as the service answers errors.
 * @typedef {{type: string, title: string, status: number, detail: string, code: string, reason?: string} & Json} Problem
 */

const ELEMENT_PATH = "/v1/elements/referee-board.js";
const SVG_NS = "http://www.w3.org/2000/svg";
const ATTRIBUTES = ["game", "options", "position", "token", "game-id", "ply", "service", "seat",
                    "interactive"];
const ARROWS = {
  ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
};

/**
 * The service a module loaded from `moduleUrl` talks to by default: the base the module was
 * served under (its origin, plus any path prefix in front of /v1/elements/...).
 * @param {string} moduleUrl
 * @returns {string}
 */
export function defaultService(moduleUrl) {
  const url = new URL(moduleUrl);
  if (url.pathname.endsWith(ELEMENT_PATH)) {
    return url.origin + url.pathname.slice(0, -ELEMENT_PATH.length);
  }
  return url.origin;
}

/** An error answered by the service (or the failure to reach it), carrying its problem. */
export class ProblemError extends Error {
  /** @param {Problem} problem */
  constructor(problem) {
    super(problem.detail || problem.title || "The request failed.");
    /** @type {Problem} */
    this.problem = problem;
  }
}

/**
 * The words of a status: whose turn or who won and why, then every other field it holds.
 * @param {Status} status
 * @returns {string}
 */
export function statusText(status) {
  const notes = statusNotes(status);
  const head = status.state !== "ongoing"
    ? `Game over: ${status.state}${status.winner ? `, ${status.winner} wins` : ""} (${status.reason})`
    : `${status.to_move} to move`;
  return head + (notes.length ? ` (${notes.join("; ")})` : "");
}

/**
 * Everything a status holds beyond state, winner, reason and to_move, in words: check, a
 * phase, a budget, a pending fight with its odds, the players left; any other field as JSON.
 * @param {Status} status
 * @returns {string[]}
 */
export function statusNotes(status) {
  /** @type {string[]} */
  const notes = [];
  for (const [key, value] of Object.entries(status)) {
    if (["state", "winner", "reason", "to_move"].includes(key)) continue;
    if (key === "in_check") { if (value) notes.push("in check"); }
    else if (key === "fight" && value) notes.push(fightNote(/** @type {any} */ (value)));
    else if (key === "players_left" && Array.isArray(value)) notes.push(`players left: ${value.join(", ")}`);
    else notes.push(`${key.replaceAll("_", " ")}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
  }
  return notes;
}

/**
 * A pending fight in words: who attacks what with how many, the dice, the odds.
 * @param {any} fight
 * @returns {string}
 */
function fightNote(fight) {
  const a = fight.attacker || {}, d = fight.defender || {}, odds = fight.odds || {};
  /** @param {string} key */
  const exact = (key) => (odds[key] ? odds[key].exact : "?");
  const dice = (/** @type {any} */ side) => (Array.isArray(side.dice) ? side.dice.join("+") : "?");
  return `fight pending: ${a.side} attacks ${d.cell} from ${a.from} with ${a.pawns}` +
    ` (${dice(a)}) against ${d.pawns} (${dice(d)}); attacker wins ` +
    `${exact("attacker_wins")}, defender wins ${exact("defender_wins")}, tie ${exact("tie")}`;
}

/**
 * The role of the side that starts a fight in the service's words for chance moves (the dice
 * schemas and the odds of every game name the sides `attacker` and `defender`): the mover's
 * role when no pending fight in the status names the mover's side.
 */
const INITIATOR = "attacker";

/**
 * The role (`attacker`, `defender`...) that `player` holds in a pending fight the status
 * describes (a status field whose members are roles with a `side`), or null.
 * @param {string | null} player
 * @param {Status | null | undefined} status
 * @returns {string | null}
 */
function roleOf(player, status) {
  if (!player || !status) return null;
  for (const value of Object.values(status)) {
    if (!value || typeof value !== "object") continue;
    for (const [role, member] of Object.entries(value)) {
      if (member && typeof member === "object" && /** @type {any} */ (member).side === player) return role;
    }
  }
  return null;
}

/**
 * A probability in words: its exact fraction and its rounded percentage.
 * @param {any} chance
 * @returns {string}
 */
function chanceWords(chance) {
  if (!chance) return "?";
  const percent = typeof chance.probability === "number" ? `${Math.round(chance.probability * 100)}%` : "";
  if (chance.exact) return percent ? `${chance.exact} (${percent})` : chance.exact;
  return percent || "?";
}

/**
 * The odds of a chance move from the side of the player deciding it (the status's `to_move`):
 * that player's role in the fight (the one a pending fight gives it, else the attacker's),
 * its chance to win and the chance of a tie.
 * @param {any} odds the entry's `odds`: `<role>_wins`, `tie`... each {probability, exact}
 * @param {Status | null} [status]
 * @returns {string} empty when the odds name no winner
 */
export function oddsWords(odds, status) {
  const roles = Object.keys(odds || {}).filter((k) => k.endsWith("_wins")).map((k) => k.slice(0, -5));
  if (!roles.length) return "";
  const mover = status ? status.to_move : null;
  const held = roleOf(mover, status);
  const role = held && roles.includes(held) ? held : (roles.includes(INITIATOR) ? INITIATOR : roles[0]);
  const parts = [`${mover ? `${mover} (${role})` : role} wins ${chanceWords(odds[`${role}_wins`])}`];
  if (odds.tie) parts.push(`tie ${chanceWords(odds.tie)}`);
  return parts.join(", ");
}

/**
 * The dice each side rolls in the fight or attempt pending, when one of `sources` (a move's
 * entry, the status) says so: a field whose members, named like the dice schema's members,
 * each hold `dice` (["d6", "d4"]) and maybe the `side` rolling them. Null when none does.
 * @param {any} schema the game's dice schema
 * @param {...unknown} sources
 * @returns {Record<string, {dice: string[], side: string | null}> | null}
 */
export function sideDice(schema, ...sources) {
  const roles = Object.keys((schema && schema.properties) || {});
  if (!roles.length) return null;
  /** @param {any} value */
  const describes = (value) => value && typeof value === "object" && roles.every((role) =>
    value[role] && Array.isArray(value[role].dice) && value[role].dice.length > 0 &&
    value[role].dice.every((/** @type {unknown} */ die) => typeof die === "string" && /^d\d+$/.test(die)));
  for (const source of sources) {
    if (!source || typeof source !== "object") continue;
    const found = [source, ...Object.values(source)].find(describes);
    if (found) {
      return Object.fromEntries(roles.map((role) =>
        [role, { dice: found[role].dice, side: found[role].side ?? null }]));
    }
  }
  return null;
}

/**
 * What is wrong with `dice` for the dice each side rolls (from sideDice): a side must give
 * one value per die, in the order listed, each from 1 to the die's faces. Empty when it fits.
 * @param {Record<string, unknown>} dice
 * @param {Record<string, {dice: string[], side: string | null}>} sides
 * @returns {string[]}
 */
export function rolledDiceProblems(dice, sides) {
  /** @type {string[]} */
  const problems = [];
  for (const [role, { dice: kinds }] of Object.entries(sides)) {
    const given = dice[role];
    const values = Array.isArray(given) ? given : [given];
    const rolls = `${role} rolls ${kinds.join(" + ")}`;
    if (values.length !== kinds.length) {
      problems.push(`${rolls}: enter ${kinds.length} value${kinds.length === 1 ? "" : "s"}, not ${values.length}.`);
      continue;
    }
    values.forEach((value, i) => {
      const faces = Number(kinds[i].slice(1));
      if (!Number.isInteger(value) || /** @type {number} */ (value) < 1 || /** @type {number} */ (value) > faces) {
        problems.push(`${rolls}: the ${kinds[i]} shows 1 to ${faces}, not ${value}.`);
      }
    });
  }
  return problems;
}

/**
 * The problems of `value` against a JSON schema of dice (types integer, array, object;
 * bounds, item counts, required and unknown members): empty when it fits.
 * @param {unknown} value
 * @param {any} schema
 * @param {string} [path]
 * @returns {string[]}
 */
export function diceProblems(value, schema, path = "dice") {
  if (!schema || typeof schema !== "object") return [];
  /** @type {string[]} */
  const problems = [];
  if (schema.type === "integer") {
    if (typeof value !== "number" || !Number.isInteger(value)) return [`${path} must be a whole number.`];
    if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${path} must be at least ${schema.minimum}.`);
    if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${path} must be at most ${schema.maximum}.`);
  } else if (schema.type === "array") {
    if (!Array.isArray(value)) return [`${path} must be a list.`];
    if (schema.minItems !== undefined && value.length < schema.minItems) problems.push(`${path} needs at least ${schema.minItems} values.`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) problems.push(`${path} takes at most ${schema.maxItems} values.`);
    value.forEach((item, i) => problems.push(...diceProblems(item, schema.items, `${path}[${i + 1}]`)));
  } else if (schema.type === "object") {
    if (!value || typeof value !== "object" || Array.isArray(value)) return [`${path} must be an object.`];
    const record = /** @type {Record<string, unknown>} */ (value);
    const properties = schema.properties || {};
    for (const name of schema.required || []) {
      if (!(name in record)) problems.push(`${path}.${name} is missing.`);
    }
    for (const [name, item] of Object.entries(record)) {
      if (name in properties) problems.push(...diceProblems(item, properties[name], `${name}`));
      else if (schema.additionalProperties === false) problems.push(`${path} has no member ${name}.`);
    }
  }
  return problems;
}

/**
 * What a die's field takes, in words, from its schema: "1 to 6", or "1 to 3 values, each 1 to 6".
 * @param {any} schema
 * @returns {string}
 */
function dieRange(schema) {
  const range = (/** @type {any} */ s) => (s && s.minimum !== undefined && s.maximum !== undefined
    ? `${s.minimum} to ${s.maximum}` : "a whole number");
  if (!schema || schema.type !== "array") return range(schema);
  const count = schema.minItems === schema.maxItems ? `${schema.minItems}`
    : `${schema.minItems ?? 1} to ${schema.maxItems ?? "any"}`;
  return `${count} values, each ${range(schema.items)}`;
}

/**
 * The words of what the players read in the choice list, from the game's answers.
 * @typedef {{status?: Status | null, pieces?: Record<string, string>}} Naming
 */

/**
 * A field's value in words: a piece's letter by the piece's name, an object by its members.
 * @param {unknown} value
 * @param {Record<string, string>} pieces letter -> name
 * @returns {string}
 */
function valueWords(value, pieces) {
  if (typeof value === "string") return pieces[value] ?? value;
  if (Array.isArray(value)) return value.map((v) => valueWords(v, pieces)).join(", ");
  if (value && typeof value === "object") {
    return Object.entries(value).map(([key, v]) => (typeof v === "string" && pieces[v]
      ? pieces[v] : `${key.replaceAll("_", " ")} ${valueWords(v, pieces)}`)).join(", ");
  }
  return String(value);
}

/** Fields a choice's label never shows: the notation and squares (shown already), numbers for programs. */
const UNLABELLED = new Set(["move", "from", "to", "odds", "probability", "cost", "chance"]);

/**
 * The words telling each of `entries` apart from the others: every field whose value differs
 * between them, in words (a piece by its name, `count 2`, a flag or `no` flag), then the
 * mover's odds and whether dice decide.
 * @param {MoveEntry[]} entries
 * @param {Naming} [naming]
 * @returns {string[][]}
 */
function differenceWords(entries, naming = {}) {
  const pieces = naming.pieces || {};
  const keys = new Set(entries.flatMap((e) => Object.keys(e)).filter((k) => !UNLABELLED.has(k)));
  const differing = [...keys].filter((key) =>
    new Set(entries.map((e) => JSON.stringify(e[key] ?? null))).size > 1);
  return entries.map((entry) => {
    const parts = [];
    for (const key of differing) {
      const value = entry[key];
      const words = key.replaceAll("_", " ");
      if (value === true) parts.push(words);
      else if (value === false || value === undefined || value === null) parts.push(`no ${words}`);
      else if (key === "kind") parts.push(valueWords(value, pieces));
      else parts.push(`${words} ${valueWords(value, pieces)}`);
    }
    const odds = entry.odds ? oddsWords(entry.odds, naming.status) : "";
    if (odds) parts.push(odds);
    if (entry.chance) parts.push("dice decide");
    return parts;
  });
}

/**
 * A short label for each of `entries`, moves that share their squares: the notation, then the
 * words that tell them apart (a count, a promotion piece by its name, a flag, the odds of the
 * player deciding), never raw JSON.
 * @param {MoveEntry[]} entries
 * @param {Naming} [naming] the status (whose odds) and the game's piece names
 * @returns {string[]}
 */
export function choiceLabels(entries, naming = {}) {
  return differenceWords(entries, naming).map((parts, i) =>
    (parts.length ? `${entries[i].move}: ${parts.join(", ")}` : entries[i].move));
}

/**
 * The value at `path` (field names, outer first) in `entry`.
 * @param {unknown} entry
 * @param {string[]} path
 * @returns {unknown}
 */
function valueAt(entry, path) {
  return path.reduce((/** @type {any} */ v, key) => (v && typeof v === "object" ? v[key] : undefined), entry);
}

/**
 * `entry` without the field at `path` (a copy).
 * @param {MoveEntry} entry
 * @param {string[]} path
 * @returns {MoveEntry}
 */
function withoutField(entry, path) {
  const copy = structuredClone(entry);
  const parent = /** @type {any} */ (valueAt(copy, path.slice(0, -1)));
  if (parent && typeof parent === "object") delete parent[path[path.length - 1]];
  return copy;
}

/**
 * What kind of move `entry` is, the field at `path` and its notation left aside: equal for
 * moves that differ by that field alone.
 * @param {MoveEntry} entry
 * @param {string[]} path
 * @returns {string}
 */
function kindOf(entry, path) {
  const { move: _notation, ...rest } = withoutField(entry, path);
  return JSON.stringify(rest);
}

/**
 * The first field (a path into the entries, the squares of the move left aside) whose values
 * are squares of the board and differ between `entries`: a choice to make on the board. Null
 * when the entries differ by no square.
 * @param {MoveEntry[]} entries
 * @param {Set<string>} squares the board's squares
 * @returns {string[] | null}
 */
export function squareField(entries, squares) {
  /** @type {Map<string, {path: string[], values: Set<unknown>}>} */
  const fields = new Map();
  /** @param {unknown} value @param {string[]} path */
  const visit = (value, path) => {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [key, v] of Object.entries(value)) {
        if (path.length || !UNLABELLED.has(key)) visit(v, [...path, key]);
      }
    } else if (path.length) {
      const name = JSON.stringify(path);
      if (!fields.has(name)) fields.set(name, { path, values: new Set() });
      /** @type {any} */ (fields.get(name)).values.add(value);
    }
  };
  entries.forEach((entry) => visit(entry, []));
  for (const { path, values } of fields.values()) {
    if (values.size > 1 && [...values].every((v) => typeof v === "string" && squares.has(v))) return path;
  }
  return null;
}

/**
 * Whether the words of `shown` (text drawn on a square) appear, in order and together, in
 * `name` (its accessible name), as speech input needs.
 * @param {string} name
 * @param {string} shown
 */
function wordsContained(name, shown) {
  const words = (/** @type {string} */ text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const haystack = words(name), needle = words(shown);
  if (!needle.length) return true;
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((word, j) => haystack[i + j] === word)) return true;
  }
  return false;
}

/**
 * The element's look. Every mark it draws on the board is two-toned, a dark line beside a
 * light one, so that whatever colour a square has, one of the two contrasts with it at 3:1
 * or more (tests/client/test_element_accessibility.py computes it for every square and
 * terrain colour of the games' pictures): the selection (`--referee-board-mark` and
 * `--referee-board-selected`), the destinations and squares to choose (`--referee-board-mark`
 * and `--referee-board-target`), the keyboard's frame (`--referee-board-focus` and
 * `--referee-board-halo`).
 */
const STYLE = `
:host { display: block; position: relative; font-family: system-ui, sans-serif;
  --referee-board-mark: #111111; --referee-board-selected: #ffd640;
  --referee-board-target: #ffffff; --referee-board-focus: #0a3480;
  --referee-board-halo: #ffffff; --referee-board-error: #b71c1c; }
:host([hidden]) { display: none; }
.status { font-weight: bold; min-height: 1.5em; margin-bottom: .3em; }
.status.over { color: var(--referee-board-error); }
.board svg { width: 100%; height: auto; display: block; touch-action: none; user-select: none; }
.board.interactive g.cell { cursor: pointer; }
.board g.cell:focus { outline: none; }
.board g.marks { pointer-events: none; }
.board .mark-dark { fill: none; stroke: var(--referee-board-mark); }
.board .mark-selected { fill: none; stroke: var(--referee-board-selected); }
.board .mark-light { fill: none; stroke: var(--referee-board-target); }
.board .mark-dot { fill: var(--referee-board-mark); stroke: var(--referee-board-target); }
.board g.cursor { pointer-events: none; visibility: hidden; }
.board g.cursor .halo { fill: none; stroke: var(--referee-board-halo); stroke-width: 9; }
.board g.cursor .frame { fill: none; stroke: var(--referee-board-focus); stroke-width: 5; }
.board:has(g.cell:focus-visible) g.cursor { visibility: visible; }
.board g.cell.lifted { pointer-events: none; }
.choices:empty, .actions:empty, .error:empty { display: none; }
.choices, .actions { display: flex; flex-wrap: wrap; gap: .3em; align-items: center; margin-top: .4em; }
.choices p, .actions p { margin: 0; width: 100%; font-size: .9em; }
.choices form { display: flex; flex-wrap: wrap; gap: .5em; align-items: center; }
.choices label { display: inline-flex; flex-direction: column; gap: .1em; }
.choices input { width: 8em; }
button { font: inherit; }
button:focus-visible, input:focus-visible { outline: 3px solid var(--referee-board-focus); outline-offset: 1px; }
.error, .invalid { color: var(--referee-board-error); margin-top: .3em; }
.live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
  clip-path: inset(50%); white-space: nowrap; }
`;

/**
 * The ply an attribute's text states: a whole number from 0, or null for anything else.
 * @param {string | null} text
 * @returns {number | null}
 */
function plyOf(text) {
  return text !== null && /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : null;
}

/**
 * The `<referee-board>` custom element. Attributes: game, options (JSON), position, token,
 * game-id, ply, service, seat, interactive. Events: move (the apply answer; cancelable: a page that
 * cancels it keeps the game itself and sets `position`), status (the status answer, once the
 * board is drawn) and referee-error (the problem document; a page's `error` listeners never
 * hear it: see #fail).
 */
export class RefereeBoard extends HTMLElement {
  static observedAttributes = ATTRIBUTES;

  /** @type {string | null} */ #position = null;
  /** @type {string | null} */ #token = null;
  /** the app's check: the game's id and latest ply, from its latest signed answer (or the page)
   * @type {{gameId: string | null, ply: number | null}} */ #check = { gameId: null, ply: null };
  /** @type {Json | null} */ #resolvedOptions = null;
  /** @type {MoveEntry[]} */ #moves = [];
  /** @type {Status | null} */ #status = null;
  /** @type {string | null} */ #selected = null;
  /** @type {string | null} */ #cursor = null;
  /** @type {{position: string, move: string} | null} */ #lastPlayed = null;
  /** @type {string | null} */ #announcement = null;
  /** @type {{from: string, pointerId: number, x: number, y: number, moved: boolean} | null} */ #drag = null;
  /** the game and options of the last load, to tell a new game from a new position */
  #loaded = { game: /** @type {string | null} */ (null), options: /** @type {string | null} */ (null) };
  #positionSet = false;
  #tokenSet = false;
  #checkSet = false;
  #scheduled = false;
  #reflecting = false;
  #busy = false;
  #ticket = 0;
  /** @type {Map<string, Promise<any>>} */ #details = new Map();
  /** @type {Record<string, string>} the game's pieces by letter: their names */ #pieces = {};
  /** A choice made on the board: the square field and the move of each square on offer.
   * @type {{path: string[], bySquare: Map<string, MoveEntry>} | null} */ #squareChoice = null;
  /** whether the page listens for `error` on the element itself (see #fail) */ #errorHeard = false;
  /** @type {ShadowRoot} */ #root;
  /** @type {Record<string, HTMLElement>} */ #parts;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: "open" });
    this.#root.innerHTML = `<style>${STYLE}</style>
<div class="status" part="status"></div>
<div class="board" part="board"></div>
<div class="choices" part="choices" role="group"></div>
<div class="actions" part="actions" role="group" aria-label="Moves without a square"></div>
<div class="error" part="error" role="alert"></div>
<div class="live" role="status" aria-live="polite" aria-atomic="true"></div>`;
    const part = (/** @type {string} */ name) => /** @type {HTMLElement} */ (this.#root.querySelector(`.${name}`));
    this.#parts = { status: part("status"), board: part("board"), choices: part("choices"),
                    actions: part("actions"), error: part("error"), live: part("live") };
    const board = this.#parts.board;
    board.addEventListener("pointerdown", (e) => this.#pointerDown(e));
    // the element moves the focus itself on a square's press (to a choice list it opens)
    board.addEventListener("mousedown", (e) => { if (this.#squareOf(e) !== null) e.preventDefault(); });
    board.addEventListener("pointermove", (e) => this.#pointerMove(e));
    board.addEventListener("pointerup", (e) => this.#pointerUp(e));
    board.addEventListener("pointercancel", () => this.#endDrag(null));
    board.addEventListener("click", (e) => this.#assistiveClick(e));
    board.addEventListener("keydown", (e) => this.#boardKey(e));
    this.#parts.choices.addEventListener("keydown", (e) => {
      if (e.key === "Escape") { e.preventDefault(); this.cancel(); }
    });
  }

  connectedCallback() {
    if (this.#position === null && this.hasAttribute("position")) {
      this.#position = this.getAttribute("position");
      this.#positionSet = true;
    }
    if (this.#token === null && this.hasAttribute("token")) {
      this.#token = this.getAttribute("token");
      this.#tokenSet = true;
    }
    if (!this.#checkSet && (this.hasAttribute("game-id") || this.hasAttribute("ply"))) {
      this.#check = { gameId: this.getAttribute("game-id") || null, ply: plyOf(this.getAttribute("ply")) };
      this.#checkSet = true;
    }
    this.#schedule();
  }

  /**
   * @param {string} name
   * @param {string | null} old
   * @param {string | null} value
   */
  attributeChangedCallback(name, old, value) {
    if (this.#reflecting || old === value) return;
    if (name === "position") { this.#position = value || null; this.#positionSet = true; }
    else if (name === "token") { this.#token = value || null; this.#tokenSet = true; }
    else if (name === "game-id") { this.#check = { ...this.#check, gameId: value || null }; this.#checkSet = true; }
    else if (name === "ply") { this.#check = { ...this.#check, ply: plyOf(value) }; this.#checkSet = true; }
    this.#schedule();
  }

  /**
   * As HTMLElement's, noting a listener for `error` on the element itself: the element then
   * also sends its problems as a non-bubbling `error` event (see #fail).
   * @param {string} type
   * @param {EventListenerOrEventListenerObject | null} listener
   * @param {boolean | AddEventListenerOptions} [options]
   */
  addEventListener(type, listener, options) {
    if (type === "error" && listener) this.#errorHeard = true;
    super.addEventListener(type, listener, options);
  }

  // ---- properties ----------------------------------------------------------------------

  /** The game's id. */
  get game() { return this.getAttribute("game") || ""; }
  set game(value) { this.setAttribute("game", value); }

  /** The options asked for (the `options` attribute, as JSON); see `resolvedOptions`. */
  get options() {
    try { return JSON.parse(this.getAttribute("options") || "{}"); } catch { return {}; }
  }
  set options(value) { this.setAttribute("options", JSON.stringify(value ?? {})); }

  /** The position shown (null: the initial position of the options, from setup). */
  get position() { return this.#position; }
  set position(value) {
    this.#position = value || null;
    this.#positionSet = true;
    this.#reflect("position", this.#position);
    this.#schedule();
  }

  /** The position's token when the service signs positions. */
  get token() { return this.#token; }
  set token(value) {
    this.#token = value || null;
    this.#tokenSet = true;
    this.#reflect("token", this.#token);
    this.#schedule();
  }

  /** The id of the game shown, as the service's signed answers give it (null: none known).
   * Sent with every request, with `ply`: the service refuses a token of another game. */
  get gameId() { return this.#check.gameId; }
  set gameId(value) {
    this.#check = { ...this.#check, gameId: value || null };
    this.#checkSet = true;
    this.#reflect("game-id", this.#check.gameId);
    this.#schedule();
  }

  /** The latest ply of the game the element knows (its latest signed answer's; null: none).
   * Sent with every request: the service refuses a token of an earlier ply (a take-back) or a
   * later one. */
  get ply() { return this.#check.ply; }
  set ply(value) {
    this.#check = { ...this.#check, ply: typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null };
    this.#checkSet = true;
    this.#reflect("ply", this.#check.ply === null ? null : String(this.#check.ply));
    this.#schedule();
  }

  /** The base URL of the service (by default the one this module was loaded from). */
  get service() {
    return (this.getAttribute("service") || defaultService(import.meta.url)).replace(/\/+$/, "");
  }
  set service(value) { this.setAttribute("service", value); }

  /** The player the board is seen from (the render's orientation); empty: the game's own. */
  get seat() { return this.getAttribute("seat") || ""; }
  set seat(value) { if (value) this.setAttribute("seat", value); else this.removeAttribute("seat"); }

  /** Whether a person may move on the board. */
  get interactive() { return this.hasAttribute("interactive"); }
  set interactive(value) { this.toggleAttribute("interactive", Boolean(value)); }

  /** The options in force, every default filled in (null before the first answer). */
  get resolvedOptions() { return this.#resolvedOptions; }
  /** The legal moves of the position shown (empty when not interactive). */
  get legalMoves() { return this.#moves.slice(); }
  /** The status of the position shown. */
  get status() { return this.#status; }

  // ---- methods ---------------------------------------------------------------------------

  /**
   * Plays `move` (its notation) with `dice` (or rolled by the service when omitted and the
   * move needs them). Resolves to the apply answer, or null when the service refused it (a
   * `referee-error` event says why).
   * @param {string} move
   * @param {Json} [dice]
   * @returns {Promise<Applied | null>}
   */
  async play(move, dice) {
    const ticket = this.#ticket;
    const mover = this.#status ? this.#status.to_move : null;
    this.#busy = true;
    this.setAttribute("aria-busy", "true");
    try {
      const body = { ...this.#body(), move, ...(dice ? { dice } : {}) };
      const applied = /** @type {Applied} */ (await this.#call("apply", body));
      if (ticket !== this.#ticket) return applied;
      this.#showError(null);
      const event = new CustomEvent("move", { detail: applied, bubbles: true, composed: true, cancelable: true });
      if (this.dispatchEvent(event)) {
        const dicePart = applied.dice ? ` with dice ${diceText(applied.dice)}` : "";
        this.#announcement = `${mover ? `${mover} played` : "Played"} ${applied.move}${dicePart}.`;
        this.#lastPlayed = { position: applied.position, move: applied.move };
        this.#position = applied.position;
        this.#token = applied.token || null;
        this.#reflect("position", this.#position);
        this.#reflect("token", this.#token);
        this.#keepCheck(applied);
        this.#positionSet = this.#tokenSet = this.#checkSet = false;
        await this.#load();
      }
      return applied;
    } catch (error) {
      if (ticket === this.#ticket) this.#fail(error);
      return null;
    } finally {
      this.#busy = false;
      if (ticket === this.#ticket) this.removeAttribute("aria-busy");
    }
  }

  /** Forgets a selected piece and any open choice (a square to choose on the board too); the
   * focus, when it is in the element, goes back to the board. */
  cancel() {
    const inside = this.#root.activeElement !== null;
    this.#selected = null;
    this.#squareChoice = null;
    this.#markSquares();
    this.#clearChoices();
    if (inside) this.#focusCursor();
  }

  /** Asks the service again for the position's moves, status and picture. */
  reload() { return this.#load(); }

  // ---- loading ---------------------------------------------------------------------------

  #schedule() {
    if (this.#scheduled || !this.isConnected) return;
    this.#scheduled = true;
    queueMicrotask(() => { this.#scheduled = false; this.#load(); });
  }

  /**
   * @param {string} name
   * @param {string | null} value
   */
  #reflect(name, value) {
    this.#reflecting = true;
    if (value === null) this.removeAttribute(name); else this.setAttribute(name, value);
    this.#reflecting = false;
  }

  /**
   * Keeps the game id and ply of a signed answer (setup's, apply's) as the app's check of the
   * game's next requests, reflected in the `game-id` and `ply` attributes; an answer without
   * them (a service that does not sign) leaves none.
   * @param {{game_id?: string, ply?: number}} answer
   */
  #keepCheck(answer) {
    this.#check = { gameId: answer.game_id ?? null, ply: answer.ply ?? null };
    this.#reflect("game-id", this.#check.gameId);
    this.#reflect("ply", this.#check.ply === null ? null : String(this.#check.ply));
  }

  /** The fields every game request carries: the position, options and token, and the game id
   * and ply it must be of when they are known. */
  #body() {
    /** @type {Json} */
    const body = { options: this.#resolvedOptions ?? this.options };
    if (this.#position !== null) body.position = this.#position;
    if (this.#token !== null) body.token = this.#token;
    if (this.#check.gameId !== null) body.game_id = this.#check.gameId;
    if (this.#check.ply !== null) body.ply = this.#check.ply;
    return body;
  }

  async #load() {
    const game = this.game;
    if (!game || !this.isConnected) return;
    const ticket = ++this.#ticket;
    const optionsText = this.getAttribute("options") || "{}";
    const newGame = game !== this.#loaded.game || optionsText !== this.#loaded.options;
    if (newGame) {
      this.#resolvedOptions = null;
      if (!this.#positionSet) { this.#position = null; this.#reflect("position", null); }
      this.#lastPlayed = null;
    }
    if (this.#positionSet && !this.#tokenSet) { this.#token = null; this.#reflect("token", null); }
    // another game, or a position without a token, belongs to no game the element knows,
    // unless the page says which (a position and token handed in keep the game's check)
    if (!this.#checkSet && (newGame || this.#token === null)) this.#keepCheck({});
    this.#positionSet = this.#tokenSet = this.#checkSet = false;
    this.#loaded = { game, options: optionsText };
    this.#selected = null;
    this.#squareChoice = null;
    this.setAttribute("aria-busy", "true");
    try {
      try { JSON.parse(optionsText); } catch (e) {
        throw new ProblemError(localProblem("invalid_attribute",
          `The options attribute is not JSON (${/** @type {Error} */ (e).message}); write it as a JSON object.`));
      }
      if (this.#position === null) {
        const setup = await this.#call("setup", { options: this.options });
        if (ticket !== this.#ticket) return;
        this.#position = setup.position;
        this.#token = setup.token || null;
        this.#resolvedOptions = setup.options;
        this.#reflect("position", this.#position);
        this.#reflect("token", this.#token);
        this.#keepCheck(setup);
      }
      const body = this.#body();
      const [legal, status, svg, detail] = await Promise.all([
        this.interactive ? this.#call("legal-moves", body) : Promise.resolve(null),
        this.#call("status", body),
        this.#picture(body),
        this.interactive ? this.#detail() : Promise.resolve(null),
      ]);
      if (ticket !== this.#ticket) return;
      this.#pieces = pieceNames(detail);
      this.#moves = legal ? legal.moves : [];
      if (legal && legal.options) this.#resolvedOptions = legal.options;
      this.#status = status;
      this.#showError(null);
      this.#draw(svg);
      this.#showStatus(status);
      this.removeAttribute("aria-busy");
      this.dispatchEvent(new CustomEvent("status", { detail: status, bubbles: true, composed: true }));
    } catch (error) {
      if (ticket !== this.#ticket) return;
      this.removeAttribute("aria-busy");
      this.#fail(error);
    }
  }

  /**
   * The SVG of the position (null when the game has no pictures), showing the last move the
   * element played when the position is the one it led to.
   * @param {Json} body
   * @returns {Promise<string | null>}
   */
  async #picture(body) {
    /** @type {Json} */
    const request = { ...body, format: "svg" };
    if (this.seat) request.orientation = this.seat;
    const last = this.#lastPlayed;
    if (last && last.position === this.#position) request.last_move = last.move;
    try {
      return await this.#call("render", request);
    } catch (error) {
      const code = error instanceof ProblemError ? error.problem.code : "";
      if (code === "invalid_last_move") return this.#call("render", { ...request, last_move: true });
      if (code === "render_unavailable") return null;
      throw error;
    }
  }

  /**
   * POSTs `body` to the game's operation `op`; the JSON (or SVG text) answered.
   * @param {string} op
   * @param {Json} body
   * @returns {Promise<any>}
   */
  async #call(op, body) {
    return this.#fetch(`${this.service}/v1/games/${encodeURIComponent(this.game)}/${op}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
  }

  /**
   * @param {string} url
   * @param {RequestInit} [init]
   * @returns {Promise<any>}
   */
  async #fetch(url, init) {
    let response;
    try {
      response = await fetch(url, init);
    } catch (e) {
      throw new ProblemError(localProblem("service_unreachable",
        `The service at ${this.service} could not be reached (${/** @type {Error} */ (e).message}); check the service attribute and that it allows this page's origin.`));
    }
    const type = response.headers.get("Content-Type") || "";
    if (!response.ok) {
      const problem = type.includes("json") ? await response.json()
        : localProblem("http_error", `The service answered ${response.status} ${response.statusText}.`, response.status);
      throw new ProblemError(problem);
    }
    return type.includes("json") ? response.json() : response.text();
  }

  /**
   * The game's description (GET /v1/games/{game}: its pieces, its dice schema...), asked once
   * per service and game; null when it cannot be had (the board plays on without it).
   * @returns {Promise<any>}
   */
  #detail() {
    const key = `${this.service} ${this.game}`;
    if (!this.#details.has(key)) {
      const url = `${this.service}/v1/games/${encodeURIComponent(this.game)}`;
      this.#details.set(key, this.#fetch(url).catch(() => null));
    }
    return /** @type {Promise<any>} */ (this.#details.get(key));
  }

  /**
   * The JSON schema of the game's dice (null for a game without chance).
   * @returns {Promise<any>}
   */
  async #diceSchema() {
    const detail = await this.#detail();
    return detail ? detail.dice ?? null : null;
  }

  // ---- drawing ---------------------------------------------------------------------------

  /** @param {string | null} svgText */
  #draw(svgText) {
    const board = this.#parts.board;
    const hadFocus = this.#root.activeElement !== null;
    board.classList.toggle("interactive", this.interactive);
    board.textContent = "";
    this.#clearChoices();
    if (svgText === null) {
      const note = document.createElement("p");
      note.textContent = "This game has no board picture; choose a move from the list.";
      board.append(note);
      board.removeAttribute("role");
    } else {
      const template = document.createElement("template");
      template.innerHTML = svgText;
      const svg = template.content.querySelector("svg");
      if (svg) {
        board.append(svg);
        this.#decorate(svg);
      }
    }
    this.#showActions(svgText === null);
    this.#markSquares();
    if (hadFocus) this.#focusCursor();
  }

  /**
   * Makes the squares of `svg` focusable, labelled buttons (when interactive), with one
   * focusable square at a time (the cursor) and a frame that shows it.
   * @param {SVGSVGElement} svg
   */
  #decorate(svg) {
    const board = this.#parts.board;
    const title = svg.querySelector(":scope > title");
    const name = `${this.game} board`;
    if (!this.interactive) {
      if (!svg.getAttribute("role")) svg.setAttribute("role", "img");
      if (!svg.getAttribute("aria-label")) svg.setAttribute("aria-label", title ? title.textContent || name : name);
      board.removeAttribute("role");
      return;
    }
    board.setAttribute("role", "application");
    board.setAttribute("aria-roledescription", "board");
    board.setAttribute("aria-label", `${name}: arrow keys move between squares, Enter selects a piece and plays it, Escape cancels`);
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", title ? title.textContent || name : name);
    const cells = this.#cells();
    const names = new Set(cells.map((c) => c.dataset.square));
    if (!this.#cursor || !names.has(this.#cursor)) {
      const mine = cells.find((c) => this.#moves.some((m) => m.from === c.dataset.square));
      this.#cursor = (mine || cells[0])?.dataset.square ?? null;
    }
    for (const cell of cells) {
      cell.setAttribute("role", "button");
      cell.setAttribute("tabindex", cell.dataset.square === this.#cursor ? "0" : "-1");
      cell.dataset.label = cellLabel(cell);
    }
    const frame = svgElement("g", { class: "cursor", "aria-hidden": "true" });
    frame.append(svgElement("rect", { class: "halo" }), svgElement("rect", { class: "frame" }));
    svg.append(frame);
    this.#placeCursorFrame();
  }

  /** @returns {SVGGElement[]} */
  #cells() {
    return /** @type {SVGGElement[]} */ ([...this.#parts.board.querySelectorAll("g.cell[data-square]")]);
  }

  /** @param {string | null} square */
  #cell(square) {
    if (square === null) return null;
    return /** @type {SVGGElement | null} */ (
      this.#parts.board.querySelector(`g.cell[data-square="${CSS.escape(square)}"]`));
  }

  /**
   * Shows the selected square, its destinations and the squares on offer for a choice made
   * on the board, with two-toned marks and in the squares' labels.
   */
  #markSquares() {
    const from = this.#selected;
    const targets = new Set(this.#moves.filter((m) => from !== null && m.from === from && m.to).map((m) => m.to));
    const choice = this.#squareChoice;
    const what = choice ? choice.path.join(" ").replaceAll("_", " ") : "";
    for (const cell of this.#cells()) {
      const square = cell.dataset.square || "";
      const selected = square === from, target = !choice && targets.has(square);
      const candidate = choice ? choice.bySquare.get(square) : undefined;
      cell.classList.toggle("selected", selected);
      cell.classList.toggle("target", target);
      cell.classList.toggle("candidate", Boolean(candidate));
      if (candidate) cell.dataset.move = candidate.move; else delete cell.dataset.move;
      drawMarks(cell, selected, target || Boolean(candidate));
      if (!this.interactive) continue;
      cell.setAttribute("aria-pressed", String(selected));
      cell.setAttribute("aria-label", (cell.dataset.label || square) +
        (selected ? ", selected" : "") + (target ? `, ${from} can move here` : "") +
        (candidate ? `, on offer for ${what}` : ""));
    }
  }

  #placeCursorFrame() {
    const frame = this.#parts.board.querySelector("g.cursor");
    const cell = this.#cell(this.#cursor);
    if (!frame || !cell) return;
    if (frame.parentNode !== cell.parentNode) cell.parentNode?.append(frame);
    const box = insetRect(cellBox(cell), 0);
    for (const rect of frame.querySelectorAll("rect")) {
      for (const [name, value] of Object.entries(box)) rect.setAttribute(name, String(value));
    }
    for (const c of this.#cells()) c.setAttribute("tabindex", c === cell ? "0" : "-1");
  }

  /** Gives the focus to the board's square under the cursor (or, with no picture, to the
   * first move beside it). */
  #focusCursor() {
    if (!this.interactive) return;
    const target = this.#cell(this.#cursor) ||
      /** @type {HTMLElement | null} */ (this.#parts.actions.querySelector("button"));
    if (target) target.focus();
  }

  /** @param {Status} status */
  #showStatus(status) {
    const text = statusText(status);
    this.#parts.status.textContent = text;
    this.#parts.status.classList.toggle("over", status.state !== "ongoing");
    this.#parts.live.textContent = this.#announcement ? `${this.#announcement} ${text}` : text;
    this.#announcement = null;
  }

  /** @param {Problem | null} problem */
  #showError(problem) {
    this.#parts.error.textContent = problem
      ? `${problem.detail}${problem.reason ? ` [${problem.reason}]` : ""}` : "";
  }

  /**
   * Shows a problem and sends it as a `referee-error` event (bubbling, so a page may listen
   * anywhere above the element): a name of its own, which no page's `error` listener (an
   * error tracker's on window, capturing or not) hears. A page that listens for `error` on
   * the element itself also gets a non-bubbling `error` event.
   * @param {unknown} error
   */
  #fail(error) {
    const problem = error instanceof ProblemError ? error.problem
      : localProblem("element_error", String(error instanceof Error ? error.message : error));
    this.#showError(problem);
    this.#parts.live.textContent = problem.detail;
    this.dispatchEvent(new CustomEvent("referee-error", { detail: problem, bubbles: true, composed: true }));
    if (this.#errorHeard) this.dispatchEvent(new CustomEvent("error", { detail: problem }));
  }

  // ---- choosing a move -------------------------------------------------------------------

  /**
   * A square was chosen (clicked, dropped on, or Enter on it): select a piece, play to it,
   * ask which of several moves, or take it as the answer to a choice made on the board.
   * @param {string} square
   */
  #onSquare(square) {
    if (!this.interactive || this.#busy) return;
    this.#cursor = square;
    this.#placeCursorFrame();
    this.#showError(null);
    if (this.#squareChoice) { this.#answerSquare(square); return; }
    if (this.#selected !== null) {
      const here = this.#moves.filter((m) => m.from === this.#selected && m.to === square);
      if (here.length) { this.#choose(here, `${this.#selected} to ${square}`); return; }
      if (square === this.#selected) { this.cancel(); return; }
    }
    const from = this.#moves.filter((m) => m.from === square);
    if (from.length) {
      this.#selected = square;
      this.#markSquares();
      this.#clearChoices();
      const squareless = from.filter((m) => !m.to);
      if (squareless.length) this.#offer(squareless, `Moves of the piece on ${square}`);
      const count = new Set(from.map((m) => m.to).filter(Boolean)).size;
      this.#parts.live.textContent = `${square} selected: ${count} destination${count === 1 ? "" : "s"}.`;
      return;
    }
    this.#selected = null;
    this.#markSquares();
    const onto = this.#moves.filter((m) => !m.from && m.to === square);
    if (onto.length) { this.#choose(onto, `on ${square}`); return; }
    this.#clearChoices();
    this.#parts.live.textContent = `No legal move starts on ${square}.`;
  }

  /**
   * Plays the one move of `entries`; when there are several, asks which: on the board when
   * they differ by a square (after a list of what else differs, if anything does), else in
   * the choice list.
   * @param {MoveEntry[]} entries
   * @param {string} where
   */
  #choose(entries, where) {
    if (entries.length === 1) { this.#prepare(entries[0]); return; }
    const path = squareField(entries, new Set(this.#cells().map((c) => c.dataset.square || "")));
    if (!path) { this.#offer(entries, `Several moves ${where}: choose one.`); return; }
    /** @type {Map<string, MoveEntry[]>} */
    const groups = new Map();
    for (const entry of entries) {
      const key = kindOf(entry, path);
      groups.set(key, [...(groups.get(key) || []), entry]);
    }
    if (groups.size === 1) { this.#askSquare(entries, path, where); return; }
    this.#offerGroups([...groups.values()], path, where);
  }

  /**
   * The choice list for moves that differ by a square and by more: one button per kind of
   * move (the square left to choose on the board), then Cancel.
   * @param {MoveEntry[][]} groups
   * @param {string[]} path
   * @param {string} where
   */
  #offerGroups(groups, path, where) {
    const field = path.join(" ").replaceAll("_", " ");
    const parts = differenceWords(groups.map((group) => withoutField(group[0], path)), this.#naming());
    const box = this.#openChoices(`Several moves ${where}: choose one.`);
    groups.forEach((group, i) => {
      const words = parts[i].join(", ") || "this move";
      const label = group.length === 1 ? choiceLabels([group[0]], this.#naming())[0] +
        (parts[i].length ? `: ${parts[i].join(", ")}` : "")
        : `${words}: choose the ${field} on the board (${group.length} squares)`;
      box.append(button(label, () => this.#choose(group, where),
                        group.length === 1 ? { move: group[0].move } : { moves: group.map((m) => m.move).join(" ") }));
    });
    box.append(button("Cancel", () => this.cancel(), { cancel: "" }));
    /** @type {HTMLElement} */ (box.querySelector("button")).focus();
  }

  /**
   * Asks for a square on the board: the squares of the field at `path` are marked, the focus
   * goes to the board (the cursor on the nearest square on offer) and the choice list keeps
   * the question and Cancel.
   * @param {MoveEntry[]} entries
   * @param {string[]} path
   * @param {string} where
   */
  #askSquare(entries, path, where) {
    /** @type {Map<string, MoveEntry>} */
    const bySquare = new Map();
    for (const entry of entries) {
      const square = /** @type {string} */ (valueAt(entry, path));
      if (!bySquare.has(square)) bySquare.set(square, entry);
    }
    const field = path.join(" ").replaceAll("_", " ");
    const kind = differenceWords([withoutField(entries[0], path), ...this.#moves.filter((m) =>
      m.from === entries[0].from && m.to === entries[0].to && !entries.includes(m))], this.#naming())[0];
    this.#squareChoice = { path, bySquare };
    this.#markSquares();
    const question = `${kind.length ? `${kind.join(", ")}, ${where}` : `Moving ${where}`}: ` +
      `choose the ${field} on the board, one of the ${bySquare.size} marked squares.`;
    const box = this.#openChoices(question);
    box.append(button("Cancel", () => this.cancel(), { cancel: "" }));
    if (!bySquare.has(this.#cursor || "")) this.#cursor = this.#nearest([...bySquare.keys()]);
    this.#placeCursorFrame();
    this.#focusCursor();
    this.#parts.live.textContent = question;
  }

  /**
   * A square answering the choice made on the board: its move, or a word that it is not on offer.
   * @param {string} square
   */
  #answerSquare(square) {
    const choice = /** @type {{path: string[], bySquare: Map<string, MoveEntry>}} */ (this.#squareChoice);
    const entry = choice.bySquare.get(square);
    if (!entry) {
      this.#parts.live.textContent = `${square} is not on offer: choose a marked square, or Escape to cancel.`;
      return;
    }
    const rest = this.#moves.filter((m) => m.from === entry.from && m.to === entry.to &&
      valueAt(m, choice.path) === square && kindOf(m, choice.path) === kindOf(entry, choice.path));
    this.#squareChoice = null;
    this.#markSquares();
    this.#choose(rest.length ? rest : [entry], `on ${square}`);
  }

  /**
   * Of `squares`, the one nearest the square the cursor is on (the first when there is none).
   * @param {string[]} squares
   * @returns {string}
   */
  #nearest(squares) {
    const here = this.#cell(this.#cursor);
    if (!here) return squares[0];
    const centre = (/** @type {Element} */ cell) => {
      const box = cell.getBoundingClientRect();
      return [box.left + box.width / 2, box.top + box.height / 2];
    };
    const [x0, y0] = centre(here);
    const distance = (/** @type {string} */ sq) => {
      const cell = this.#cell(sq);
      if (!cell) return Infinity;
      const [x, y] = centre(cell);
      return Math.hypot(x - x0, y - y0);
    };
    return squares.reduce((best, sq) => (distance(sq) < distance(best) ? sq : best), squares[0]);
  }

  /**
   * Plays `entry`, after asking for its dice when it is a chance move of a game with dice.
   * @param {MoveEntry} entry
   */
  async #prepare(entry) {
    const schema = entry.chance ? await this.#diceSchema() : null;
    if (schema) { this.#askDice(entry, schema); return; }
    this.#clearChoices();
    this.#selected = null;
    this.#squareChoice = null;
    this.#markSquares();
    this.play(entry.move);
  }

  /** What the element's words are made of: the status (whose odds) and the pieces' names. */
  #naming() {
    return { status: this.#status, pieces: this.#pieces };
  }

  /**
   * Empties the choice list and puts `question` at its head; the list, to fill.
   * @param {string} question
   * @returns {HTMLElement}
   */
  #openChoices(question) {
    this.#clearChoices();
    const box = this.#parts.choices;
    const heading = document.createElement("p");
    heading.id = "choice-question";
    heading.textContent = question;
    box.setAttribute("aria-labelledby", heading.id);
    box.append(heading);
    this.#parts.live.textContent = question;
    return box;
  }

  /**
   * The choice list: one button per entry, in words, then Cancel; the focus goes to the first.
   * @param {MoveEntry[]} entries
   * @param {string} question
   */
  #offer(entries, question) {
    const box = this.#openChoices(question);
    const labels = choiceLabels(entries, this.#naming());
    entries.forEach((entry, i) => box.append(button(labels[i], () => this.#prepare(entry), { move: entry.move })));
    box.append(button("Cancel", () => this.cancel(), { cancel: "" }));
    /** @type {HTMLElement} */ (box.querySelector("button")).focus();
  }

  /**
   * Asks for the dice of a chance move: roll them (the service rolls), or enter them. Each
   * side's field says which dice it rolls when the move's entry or the status tells (a
   * pending fight), else what the game's dice schema allows; entered dice are checked against
   * both before they are sent.
   * @param {MoveEntry} entry
   * @param {any} schema
   */
  #askDice(entry, schema) {
    const sides = sideDice(schema, entry, this.#status);
    const mover = this.#status ? this.#status.to_move : null;
    const odds = entry.odds ? oddsWords(entry.odds, this.#status)
      : (typeof entry.probability === "number"
        ? `${mover ? `${mover} succeeds` : "succeeds"} ${chanceWords({ probability: entry.probability })}` : "");
    const box = this.#openChoices(`${entry.move} needs dice: roll them, or enter them.` +
      (odds ? ` Odds: ${odds}.` : ""));
    const play = (/** @type {Json | undefined} */ dice) => {
      this.#clearChoices();
      this.#selected = null;
      this.#markSquares();
      this.play(entry.move, dice);
    };
    const form = document.createElement("form");
    form.setAttribute("aria-label", `Dice for ${entry.move}`);
    const problems = document.createElement("p");
    problems.className = "invalid";
    problems.setAttribute("role", "alert");
    /** @type {[string, any, HTMLInputElement][]} */
    const inputs = [];
    for (const [name, member] of Object.entries(schema.properties || {})) {
      const side = sides ? sides[name] : null;
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.name = name;
      input.dataset.die = name;
      input.inputMode = "numeric";
      input.autocomplete = "off";
      const who = `${name.replaceAll("_", " ")}${side && side.side ? ` (${side.side})` : ""}`;
      const takes = side ? `rolls ${side.dice.join(" + ")}` : dieRange(member);
      if (/** @type {any} */ (member).description) input.title = /** @type {any} */ (member).description;
      input.placeholder = side ? `e.g. ${side.dice.map((d) => Math.ceil(Number(d.slice(1)) / 2)).join(", ")}`
        : (/** @type {any} */ (member).type === "array" ? "e.g. 6, 3" : "e.g. 4");
      label.append(`${who}: ${takes}`, input);
      form.append(label);
      inputs.push([name, member, input]);
    }
    form.append(button("Play with these dice", null, { enter: "" }, "submit"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      /** @type {Record<string, unknown>} */
      const dice = {};
      for (const [name, member, input] of inputs) dice[name] = readDie(input.value, member);
      const wrong = [...new Set([...diceProblems(dice, schema), ...(sides ? rolledDiceProblems(dice, sides) : [])])];
      problems.textContent = wrong.join(" ");
      if (!wrong.length) play(dice);
    });
    box.append(button("Roll the dice", () => play(undefined), { roll: "" }), form, problems,
               button("Cancel", () => this.cancel(), { cancel: "" }));
    /** @type {HTMLElement} */ (box.querySelector("button")).focus();
  }

  /** Empties the choice list; the focus, if it was there, goes back to the board. */
  #clearChoices() {
    const box = this.#parts.choices;
    const hadFocus = box.contains(this.#root.activeElement);
    box.textContent = "";
    box.removeAttribute("aria-labelledby");
    if (hadFocus) this.#focusCursor();
  }

  /**
   * The moves that no square leads to (a pass, ending a turn, a fight), always on offer; every
   * move when there is no board picture.
   * @param {boolean} all
   */
  #showActions(all) {
    const box = this.#parts.actions;
    box.textContent = "";
    const entries = all ? this.#moves : this.#moves.filter((m) => !m.from && !m.to);
    if (!entries.length) return;
    const note = document.createElement("p");
    note.textContent = all ? "Legal moves:" : "Other moves:";
    box.append(note);
    const labels = choiceLabels(entries, this.#naming());
    entries.slice(0, 500).forEach((entry, i) =>
      box.append(button(labels[i], () => { this.#selected = null; this.#markSquares(); this.#prepare(entry); },
                        { move: entry.move })));
  }

  // ---- pointer and keyboard --------------------------------------------------------------

  /** @param {Event} event */
  #squareOf(event) {
    const target = /** @type {Element | null} */ (event.target);
    const cell = target && target.closest ? target.closest("g.cell[data-square]") : null;
    return cell ? /** @type {SVGGElement} */ (cell).dataset.square || null : null;
  }

  /** @param {PointerEvent} event */
  #pointerDown(event) {
    if (!event.isPrimary || event.button !== 0) return;
    const square = this.#squareOf(event);
    if (square === null) return;
    this.#onSquare(square);
    if (this.interactive && !this.#parts.choices.contains(this.#root.activeElement)) this.#focusCursor();
    if (this.#selected === square) {
      this.#drag = { from: square, pointerId: event.pointerId, x: event.clientX, y: event.clientY, moved: false };
    }
  }

  /** @param {PointerEvent} event */
  #pointerMove(event) {
    const drag = this.#drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    const cell = this.#cell(drag.from);
    const svg = this.#parts.board.querySelector("svg");
    const matrix = svg && svg.getScreenCTM();
    if (!cell || !matrix) return;
    if (!drag.moved) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 4) return;
      drag.moved = true;
      cell.classList.add("lifted");
      cell.parentNode?.append(cell);  // drawn above the other squares while it moves
    }
    const piece = cell.querySelector("g.piece");
    if (piece) {
      piece.setAttribute("transform",
        `translate(${(event.clientX - drag.x) / matrix.a} ${(event.clientY - drag.y) / matrix.d})`);
    }
  }

  /** @param {PointerEvent} event */
  #pointerUp(event) {
    const drag = this.#drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    const hit = this.#root.elementFromPoint(event.clientX, event.clientY);
    const cell = hit && hit.closest ? hit.closest("g.cell[data-square]") : null;
    const square = cell ? /** @type {SVGGElement} */ (cell).dataset.square || null : null;
    this.#endDrag(drag.moved && square !== drag.from ? square : null);
  }

  /** @param {string | null} dropped */
  #endDrag(dropped) {
    const drag = this.#drag;
    this.#drag = null;
    if (!drag) return;
    const cell = this.#cell(drag.from);
    if (cell) {
      cell.classList.remove("lifted");
      cell.querySelector("g.piece")?.removeAttribute("transform");
    }
    if (dropped !== null) this.#onSquare(dropped);
  }

  /**
   * A click that no pointer made (a screen reader's, or a script's): the square is chosen.
   * @param {MouseEvent} event
   */
  #assistiveClick(event) {
    if (event.detail !== 0) return;
    const square = this.#squareOf(event);
    if (square !== null) this.#onSquare(square);
  }

  /** @param {KeyboardEvent} event */
  #boardKey(event) {
    if (!this.interactive) return;
    const square = this.#squareOf(event) ?? this.#cursor;
    if (event.key in ARROWS) {
      event.preventDefault();
      const next = square && this.#neighbour(square, ARROWS[/** @type {keyof ARROWS} */ (event.key)]);
      if (next) { this.#cursor = next; this.#placeCursorFrame(); this.#focusCursor(); }
    } else if ((event.key === "Enter" || event.key === " ") && square) {
      event.preventDefault();
      this.#onSquare(square);
    } else if (event.key === "Escape") {
      event.preventDefault();
      this.cancel();
    }
  }

  /**
   * The square next to `square` in direction `[dx, dy]` on the drawn board (its geometry, so
   * any layout, hole or orientation works): the nearest square ahead, counting a step aside
   * as half a step ahead. So the next square in line comes first, then a diagonal neighbour
   * before a square two steps in line (on a board of points whose centre is joined only
   * diagonally to the corners, the centre is reached from every corner), and of two squares
   * as near, the one a clockwise turn of the arrow meets first (every diagonal neighbour of
   * the centre is reached from it by one arrow).
   * @param {string} square
   * @param {number[]} direction
   * @returns {string | null}
   */
  #neighbour(square, [dx, dy]) {
    const centre = (/** @type {Element} */ cell) => {
      const box = (cell.querySelector("rect.square") || cell).getBoundingClientRect();
      return [box.left + box.width / 2, box.top + box.height / 2];
    };
    const here = this.#cell(square);
    if (!here) return null;
    const [x0, y0] = centre(here);
    let best = null, bestScore = Infinity, bestTurn = Infinity;
    for (const cell of this.#cells()) {
      const [x, y] = centre(cell);
      const ahead = (x - x0) * dx + (y - y0) * dy;
      const turn = (x - x0) * dy - (y - y0) * dx;    // negative: clockwise of the arrow
      if (ahead < 1) continue;
      const score = Math.round(ahead + Math.abs(turn) / 2);
      if (score < bestScore || (score === bestScore && turn < bestTurn)) {
        bestScore = score; bestTurn = turn; best = cell.dataset.square || null;
      }
    }
    return best;
  }
}

/**
 * A problem document made by the element itself (bad attribute, unreachable service).
 * @param {string} code
 * @param {string} detail
 * @param {number} [status]
 * @returns {Problem}
 */
function localProblem(code, detail, status = 0) {
  return { type: `urn:referee-board:problem:${code}`, title: code.replaceAll("_", " "), status, detail, code };
}

/**
 * The game's pieces by letter (upper and lower case): their names, from the game's
 * description (GET /v1/games/{game}); empty without one.
 * @param {any} detail
 * @returns {Record<string, string>}
 */
function pieceNames(detail) {
  /** @type {Record<string, string>} */
  const names = {};
  for (const piece of (detail && Array.isArray(detail.pieces) ? detail.pieces : [])) {
    if (typeof piece.letter === "string" && /^[A-Za-z]$/.test(piece.letter) && piece.name) {
      names[piece.letter.toUpperCase()] = names[piece.letter.toLowerCase()] = piece.name;
    }
  }
  return names;
}

/**
 * An SVG element with `attributes`.
 * @param {string} name
 * @param {Record<string, string | number>} attributes
 * @returns {SVGElement}
 */
function svgElement(name, attributes) {
  const element = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, name));
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

/**
 * Where a square is drawn, in the picture's units: its `rect.square`, with the radius of its
 * corners (a point of a points board is a round area: its radius is half its side); for a
 * square drawn otherwise, the box around its group.
 * @param {SVGGElement} cell
 * @returns {{x: number, y: number, width: number, height: number, rx: number}}
 */
function cellBox(cell) {
  const square = cell.querySelector("rect.square");
  if (square) {
    const [x, y, width, height, rx] = ["x", "y", "width", "height", "rx"].map((a) => Number(square.getAttribute(a) || 0));
    return { x, y, width, height, rx };
  }
  const box = cell.getBBox();
  return { x: box.x, y: box.y, width: box.width, height: box.height, rx: 0 };
}

/**
 * The attributes of a rect drawn `inset` inside a square's box, its corners rounded as the
 * square's are (less the inset), so that a frame on a round point is round.
 * @param {{x: number, y: number, width: number, height: number, rx: number}} box
 * @param {number} inset
 */
function insetRect({ x, y, width, height, rx }, inset) {
  return { x: x + inset, y: y + inset, width: width - 2 * inset, height: height - 2 * inset,
           rx: Math.max(0, rx - inset) };
}

/**
 * Draws the element's marks on a square, replacing any it had: a two-toned frame for the
 * selected square (round on a round point); for a square to move to or to choose, a two-toned dot when it is empty,
 * a two-toned ring round its piece when it is not.
 * @param {SVGGElement} cell
 * @param {boolean} selected
 * @param {boolean} target
 */
function drawMarks(cell, selected, target) {
  cell.querySelector(":scope > g.marks")?.remove();
  if (!selected && !target) return;
  const box = cellBox(cell);
  const { x, y, width, height } = box;
  const side = Math.min(width, height);
  const marks = svgElement("g", { class: "marks", "aria-hidden": "true" });
  if (selected) {
    const frame = (/** @type {string} */ kind, /** @type {number} */ inset, /** @type {number} */ stroke) =>
      svgElement("rect", { class: kind, ...insetRect(box, inset), "stroke-width": stroke });
    marks.append(frame("mark-dark", side * 0.05, side * 0.1), frame("mark-selected", side * 0.1, side * 0.06));
  }
  if (target) {
    const cx = x + width / 2, cy = y + height / 2;
    if (cell.querySelector("g.piece")) {
      marks.append(svgElement("circle", { class: "mark-dark", cx, cy, r: side * 0.42, "stroke-width": side * 0.06 }),
                   svgElement("circle", { class: "mark-light", cx, cy, r: side * 0.47, "stroke-width": side * 0.04 }));
    } else {
      marks.append(svgElement("circle", { class: "mark-dot", cx, cy, r: side * 0.15, "stroke-width": side * 0.05 }));
    }
  }
  cell.append(marks);
}

/**
 * The accessible name of a square: its name, then the piece on it (owner and name, from the
 * picture), the marks drawn on it, and the text drawn on it when the words so far do not
 * hold it (a person using speech input says what is shown).
 * @param {SVGGElement} cell
 */
function cellLabel(cell) {
  const parts = [cell.dataset.square || ""];
  const piece = cell.querySelector("g.piece");
  if (piece) {
    const name = piece.querySelector("title")?.textContent || "piece";
    const owner = piece.getAttribute("data-owner") || "";
    parts.push(name.includes(owner) ? name : `${owner} ${name}`);
  } else {
    parts.push("empty");
  }
  for (const title of cell.querySelectorAll(":scope > * > title")) {
    if (!piece || !piece.contains(title)) parts.push(title.textContent || "");
  }
  if (cell.querySelector(".last-move")) parts.push("last move");
  const label = parts.filter(Boolean).join(", ");
  const shown = [...cell.querySelectorAll("text")].map((t) => (t.textContent || "").trim()).filter(Boolean).join(" ");
  return wordsContained(label, shown) ? label : `${label}, ${shown}`;
}

/**
 * A die or list of dice as typed: a whole number, or numbers separated by commas or spaces.
 * @param {string} text
 * @param {any} schema
 */
function readDie(text, schema) {
  const numbers = text.split(/[\s,]+/).filter(Boolean).map(Number);
  return schema && schema.type === "array" ? numbers : (numbers.length === 1 ? numbers[0] : text);
}

/** @param {unknown} dice */
function diceText(dice) {
  if (!dice || typeof dice !== "object") return JSON.stringify(dice);
  return Object.entries(dice).map(([k, v]) => `${k} ${Array.isArray(v) ? v.join("+") : v}`).join(", ");
}

/**
 * @param {string} label
 * @param {(() => void) | null} action
 * @param {Record<string, string>} data
 * @param {"button" | "submit"} [type]
 */
function button(label, action, data, type = "button") {
  const b = document.createElement("button");
  b.type = type;
  b.textContent = label;
  b.setAttribute("part", "choice");
  Object.assign(b.dataset, data);
  if (action) b.addEventListener("click", action);
  return b;
}

if (!customElements.get("referee-board")) customElements.define("referee-board", RefereeBoard);
