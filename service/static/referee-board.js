// <referee-board>: a playable board of any game of a board game referee service.
//
// A plain ES module with no dependency and no build step: a page imports it with
//   <script type="module" src="https://referee.example/v1/elements/referee-board.js"></script>
// and writes <referee-board game="..." interactive></referee-board>.
//
// The element draws the service's own SVG picture of the position (POST .../render, inlined):
// every square of it is a <g class="cell" data-square="..."> group, which the element makes
// focusable, labelled and clickable. The moves come from POST .../legal-moves and are used by
// their fields alone (from, to, kind, count, general, promotion, chance...), so the element
// names no game. Moves are played with POST .../apply; the answers are handed to the page as
// `move`, `status` and `error` events.

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
 * @typedef {{position: string, move: string, events: Json[], status: Status, dice?: Json, token?: string, options?: Json}} Applied
 */

/**
 * An RFC 9457 problem document, as the service answers errors.
 * @typedef {{type: string, title: string, status: number, detail: string, code: string, reason?: string} & Json} Problem
 */

const ELEMENT_PATH = "/v1/elements/referee-board.js";
const SVG_NS = "http://www.w3.org/2000/svg";
const ATTRIBUTES = ["game", "options", "position", "token", "service", "seat", "interactive"];
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
 * A short label for each of `entries`, moves that share their squares: the notation, then the
 * fields whose values tell them apart (a count, a promotion piece, a flag...).
 * @param {MoveEntry[]} entries
 * @returns {string[]}
 */
export function choiceLabels(entries) {
  const shown = new Set(["move", "from", "to", "odds", "probability", "cost"]);
  const keys = new Set(entries.flatMap((e) => Object.keys(e)).filter((k) => !shown.has(k)));
  const differing = [...keys].filter((key) =>
    new Set(entries.map((e) => JSON.stringify(e[key] ?? null))).size > 1);
  return entries.map((entry) => {
    const parts = [];
    for (const key of differing) {
      const value = entry[key];
      const words = key.replaceAll("_", " ");
      if (value === true) parts.push(words);
      else if (value === false || value === undefined || value === null) { if (typeof entries.find((e) => e[key] != null)?.[key] === "boolean") parts.push(`no ${words}`); }
      else parts.push(`${words} ${typeof value === "string" ? value : JSON.stringify(value)}`);
    }
    const odds = /** @type {any} */ (entry.odds);
    if (odds && odds.attacker_wins) parts.push(`wins ${odds.attacker_wins.exact}`);
    if (entry.chance) parts.push("dice");
    return parts.length ? `${entry.move}: ${parts.join(", ")}` : entry.move;
  });
}

const STYLE = `
:host { display: block; position: relative; font-family: system-ui, sans-serif;
  --referee-board-selected: #7fc97f; --referee-board-target: #ffd640;
  --referee-board-focus: #0d47a1; --referee-board-error: #b71c1c; }
:host([hidden]) { display: none; }
.status { font-weight: bold; min-height: 1.5em; margin-bottom: .3em; }
.status.over { color: var(--referee-board-error); }
.board svg { width: 100%; height: auto; display: block; touch-action: none; user-select: none; }
.board.interactive g.cell { cursor: pointer; }
.board g.cell:focus { outline: none; }
.board g.cell.selected rect.square { fill: var(--referee-board-selected); }
.board g.cell.target rect.square { fill: var(--referee-board-target); }
.board rect.cursor { fill: none; stroke: var(--referee-board-focus); stroke-width: 5;
  pointer-events: none; visibility: hidden; }
.board:has(g.cell:focus-visible) rect.cursor { visibility: visible; }
.board g.cell.lifted { pointer-events: none; }
.choices:empty, .actions:empty, .error:empty { display: none; }
.choices, .actions { display: flex; flex-wrap: wrap; gap: .3em; align-items: center; margin-top: .4em; }
.choices p, .actions p { margin: 0; width: 100%; font-size: .9em; }
.choices form { display: flex; flex-wrap: wrap; gap: .3em; align-items: center; }
.choices input { width: 6em; }
button { font: inherit; }
button:focus-visible, input:focus-visible { outline: 3px solid var(--referee-board-focus); outline-offset: 1px; }
.error { color: var(--referee-board-error); margin-top: .3em; }
.live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
  clip-path: inset(50%); white-space: nowrap; }
`;

/**
 * The `<referee-board>` custom element. Attributes: game, options (JSON), position, token,
 * service, seat, interactive. Events: move (the apply answer; cancelable: a page that
 * cancels it keeps the game itself and sets `position`), status (the status answer, once the
 * board is drawn) and error (the problem document).
 */
export class RefereeBoard extends HTMLElement {
  static observedAttributes = ATTRIBUTES;

  /** @type {string | null} */ #position = null;
  /** @type {string | null} */ #token = null;
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
  #scheduled = false;
  #reflecting = false;
  #busy = false;
  #ticket = 0;
  /** @type {Map<string, Promise<any>>} */ #diceSchemas = new Map();
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
    this.#schedule();
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
   * move needs them). Resolves to the apply answer, or null when the service refused it (an
   * `error` event says why).
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
        this.#positionSet = this.#tokenSet = false;
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

  /** Forgets a selected piece and any open choice; the focus goes back to the board. */
  cancel() {
    this.#selected = null;
    this.#markSquares();
    this.#clearChoices();
    this.#focusCursor();
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

  /** The fields every game request carries: the position, options and token. */
  #body() {
    /** @type {Json} */
    const body = { options: this.#resolvedOptions ?? this.options };
    if (this.#position !== null) body.position = this.#position;
    if (this.#token !== null) body.token = this.#token;
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
    this.#positionSet = this.#tokenSet = false;
    this.#loaded = { game, options: optionsText };
    this.#selected = null;
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
      }
      const body = this.#body();
      const [legal, status, svg] = await Promise.all([
        this.interactive ? this.#call("legal-moves", body) : Promise.resolve(null),
        this.#call("status", body),
        this.#picture(body),
      ]);
      if (ticket !== this.#ticket) return;
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
   * The JSON schema of the game's dice (null for a game without chance), asked once per
   * service and game.
   * @returns {Promise<any>}
   */
  #diceSchema() {
    const key = `${this.service} ${this.game}`;
    if (!this.#diceSchemas.has(key)) {
      const url = `${this.service}/v1/games/${encodeURIComponent(this.game)}`;
      this.#diceSchemas.set(key, this.#fetch(url).then((detail) => detail.dice ?? null, () => null));
    }
    return /** @type {Promise<any>} */ (this.#diceSchemas.get(key));
  }

  // ---- drawing ---------------------------------------------------------------------------

  /** @param {string | null} svgText */
  #draw(svgText) {
    const board = this.#parts.board;
    const hadFocus = board.contains(this.#root.activeElement);
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
    const frame = document.createElementNS(SVG_NS, "rect");
    frame.setAttribute("class", "cursor");
    frame.setAttribute("aria-hidden", "true");
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

  /** Shows the selected square and its destinations, in colour and in the squares' labels. */
  #markSquares() {
    const from = this.#selected;
    const targets = new Set(this.#moves.filter((m) => from !== null && m.from === from && m.to).map((m) => m.to));
    for (const cell of this.#cells()) {
      const square = cell.dataset.square || "";
      const selected = square === from, target = targets.has(square);
      cell.classList.toggle("selected", selected);
      cell.classList.toggle("target", target);
      if (!this.interactive) continue;
      cell.setAttribute("aria-pressed", String(selected));
      cell.setAttribute("aria-label", (cell.dataset.label || square) +
        (selected ? ", selected" : "") + (target ? `, ${from} can move here` : ""));
    }
  }

  #placeCursorFrame() {
    const frame = this.#parts.board.querySelector("rect.cursor");
    const cell = this.#cell(this.#cursor);
    const square = cell && cell.querySelector("rect.square");
    if (!frame || !cell || !square) return;
    if (frame.parentNode !== cell.parentNode) cell.parentNode?.append(frame);
    for (const a of ["x", "y", "width", "height"]) frame.setAttribute(a, square.getAttribute(a) || "0");
    for (const c of this.#cells()) c.setAttribute("tabindex", c === cell ? "0" : "-1");
  }

  #focusCursor() {
    const cell = this.#cell(this.#cursor);
    if (cell && this.interactive) cell.focus();
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

  /** @param {unknown} error */
  #fail(error) {
    const problem = error instanceof ProblemError ? error.problem
      : localProblem("element_error", String(error instanceof Error ? error.message : error));
    this.#showError(problem);
    this.#parts.live.textContent = problem.detail;
    this.dispatchEvent(new CustomEvent("error", { detail: problem, bubbles: true, composed: true }));
  }

  // ---- choosing a move -------------------------------------------------------------------

  /**
   * A square was chosen (clicked, dropped on, or Enter on it): select a piece, play to it,
   * or ask which of several moves.
   * @param {string} square
   */
  #onSquare(square) {
    if (!this.interactive || this.#busy) return;
    this.#cursor = square;
    this.#placeCursorFrame();
    this.#showError(null);
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
   * Plays the one move of `entries`, or offers them all when there are several.
   * @param {MoveEntry[]} entries
   * @param {string} where
   */
  #choose(entries, where) {
    if (entries.length === 1) this.#prepare(entries[0]);
    else this.#offer(entries, `Several moves ${where}: choose one.`);
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
    this.#markSquares();
    this.play(entry.move);
  }

  /**
   * The choice list: one button per entry, then Cancel; the focus goes to the first.
   * @param {MoveEntry[]} entries
   * @param {string} question
   */
  #offer(entries, question) {
    const box = this.#parts.choices;
    box.textContent = "";
    const heading = document.createElement("p");
    heading.id = "choice-question";
    heading.textContent = question;
    box.setAttribute("aria-labelledby", heading.id);
    box.append(heading);
    const labels = choiceLabels(entries);
    entries.forEach((entry, i) => box.append(button(labels[i], () => this.#prepare(entry), { move: entry.move })));
    box.append(button("Cancel", () => this.cancel(), { cancel: "" }));
    this.#parts.live.textContent = question;
    /** @type {HTMLElement} */ (box.querySelector("button")).focus();
  }

  /**
   * Asks for the dice of a chance move: roll them (the service rolls), or enter them, checked
   * against the game's dice schema before they are sent.
   * @param {MoveEntry} entry
   * @param {any} schema
   */
  #askDice(entry, schema) {
    const box = this.#parts.choices;
    box.textContent = "";
    const heading = document.createElement("p");
    heading.id = "choice-question";
    heading.textContent = `${entry.move} needs dice: roll them, or enter them.`;
    box.setAttribute("aria-labelledby", heading.id);
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
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.name = name;
      input.dataset.die = name;
      input.inputMode = "numeric";
      input.autocomplete = "off";
      if (/** @type {any} */ (member).description) input.title = /** @type {any} */ (member).description;
      input.placeholder = /** @type {any} */ (member).type === "array" ? "e.g. 6, 3" : "e.g. 4";
      label.append(`${name.replaceAll("_", " ")} `, input);
      form.append(label);
      inputs.push([name, member, input]);
    }
    form.append(button("Play with these dice", null, { enter: "" }, "submit"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      /** @type {Record<string, unknown>} */
      const dice = {};
      for (const [name, member, input] of inputs) dice[name] = readDie(input.value, member);
      const wrong = diceProblems(dice, schema);
      problems.textContent = wrong.join(" ");
      if (!wrong.length) play(dice);
    });
    box.append(heading, button("Roll the dice", () => play(undefined), { roll: "" }), form, problems,
               button("Cancel", () => this.cancel(), { cancel: "" }));
    this.#parts.live.textContent = heading.textContent;
    /** @type {HTMLElement} */ (box.querySelector("button")).focus();
  }

  #clearChoices() {
    this.#parts.choices.textContent = "";
    this.#parts.choices.removeAttribute("aria-labelledby");
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
    const labels = choiceLabels(entries);
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
   * any layout, hole or orientation works): the nearest square ahead, preferring one in line.
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
    let best = null, bestScore = Infinity;
    for (const cell of this.#cells()) {
      const [x, y] = centre(cell);
      const ahead = (x - x0) * dx + (y - y0) * dy;
      const aside = Math.abs((x - x0) * dy - (y - y0) * dx);
      if (ahead < 1) continue;
      const score = ahead + 3 * aside;
      if (score < bestScore) { bestScore = score; best = cell.dataset.square || null; }
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
 * The accessible name of a square: its name, then the piece on it (owner and name, from the
 * picture) and the marks drawn on it.
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
  if (cell.querySelector("rect.last-move")) parts.push("last move");
  return parts.filter(Boolean).join(", ");
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
