// Types of the <referee-board> custom element (referee-board.js): its attributes, properties,
// methods and events, in the client's own types (options, legal-move entries, events, dice
// and status as the service's OpenAPI document defines them). This file is the npm package's
// (@boardgame-referee/client/referee-board): it lies beside the client's index.d.ts in dist/
// and imports its types from there; a page loading the element from the service's URL takes
// these types from that package.
import type {
  Applied, Dice, Entry, GameId, Options, Problem as ServiceProblem, Status,
} from "./index.js";

export type { Applied, Dice, Entry, GameId, Options, Status };

/** A legal move as the element lists it: an entry of any game, told apart by `kind`. */
export type MoveEntry = Entry;

/** A problem the element makes itself: an options attribute that is not JSON
 * (`invalid_attribute`), a service it cannot reach (`service_unreachable`, status 0), an
 * answer that is not a problem document (`http_error`, its HTTP status), or a failure of its
 * own (`element_error`, status 0). */
export interface ElementProblem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: "invalid_attribute" | "service_unreachable" | "http_error" | "element_error";
}

/** The `referee-error` event's detail: the service's RFC 9457 problem document (its `code` one
 * of the spec's), or one the element made itself. */
export type Problem = ServiceProblem | ElementProblem;

/** The element's own events (its `referee-error` and `error` are CustomEvents, not the DOM's
 * ErrorEvent). */
export interface RefereeBoardEventMap {
  /** A move was applied: apply's answer (with its `game_id` and `ply` where the service signs
   * positions). Cancelable: preventDefault() leaves the board on its position, for a page that
   * keeps the game itself (it then sets `position`, `token` and `ply` from the answer). */
  move: CustomEvent<Applied>;
  /** A position was loaded and drawn: its status. */
  status: CustomEvent<Status>;
  /** The service refused a request (or could not be reached). Bubbles and crosses the shadow root; no `error` listener of the page hears it. */
  "referee-error": CustomEvent<Problem>;
  /** The same problem, only for a page that listens for `error` on the element itself; it does not bubble. */
  error: CustomEvent<Problem>;
}

/** The dice one side rolls in a pending fight or attempt (`["d6", "d4"]`), and who it is. */
export interface SideDice {
  dice: string[];
  side: string | null;
}

/** What labels may say beside a move: the status (whose odds) and the game's piece names. */
export interface Naming {
  status?: Status | null;
  pieces?: Record<string, string>;
}

/** The base URL of the service a module loaded from `moduleUrl` talks to by default. */
export function defaultService(moduleUrl: string): string;
/** The words of a status, as the element shows and announces them. */
export function statusText(status: Status): string;
/** The fields of a status beyond state, winner, reason and to_move, in words. */
export function statusNotes(status: Status): string[];
/** The odds of a chance move (an entry's `odds`) from the side of the player deciding it;
 * empty when they name no winner. */
export function oddsWords(odds: unknown, status?: Status | null): string;
/** The dice each side rolls in the fight or attempt pending, when one of `sources` (a move's
 * entry, the status) says so; null when none does. */
export function sideDice(schema: unknown, ...sources: unknown[]): Record<string, SideDice> | null;
/** What is wrong with `dice` for the dice each side rolls; empty when it fits. */
export function rolledDiceProblems(dice: Record<string, unknown>,
                                   sides: Record<string, SideDice>): string[];
/** What is wrong with `value` as dice under a game's dice JSON schema; empty when it fits. */
export function diceProblems(value: unknown, schema: unknown, path?: string): string[];
/** Labels telling apart moves that share their squares. */
export function choiceLabels(entries: Entry[], naming?: Naming): string[];
/** The first field (a path into the entries) whose values are squares of the board and differ
 * between `entries`: a choice to make on the board; null when none does. */
export function squareField(entries: Entry[], squares: Set<string>): string[] | null;

/** An error answered by the service, carrying its problem document. */
export class ProblemError extends Error {
  constructor(problem: Problem);
  problem: Problem;
}

export class RefereeBoard extends HTMLElement {
  static observedAttributes: string[];
  /** Attribute `game`: the game's id (empty until set). */
  get game(): GameId | "";
  set game(value: GameId);
  /** Attribute `options` (JSON): the options asked for. */
  options: Options;
  /** Attribute `position`: the position shown; null: the initial position of the options. */
  position: string | null;
  /** Attribute `token`: the position's token when the service signs positions. */
  token: string | null;
  /** Attribute `game-id`: the id of the game shown, from its latest signed answer (setup's,
   * apply's) or set by the page; null when none is known. Sent with every request: the service
   * refuses a token of another game (`token_wrong_game`). */
  gameId: string | null;
  /** Attribute `ply`: the latest ply of the game shown, from its latest signed answer or set by
   * the page; null when none is known. Sent with every request: the service refuses a token of
   * an earlier ply (`token_superseded`, a take-back) or a later one (`token_ahead`). */
  ply: number | null;
  /** Attribute `service`: the service's base URL (default: where this module was loaded from). */
  service: string;
  /** Attribute `seat`: the player the board is seen from (empty: the game's own view). */
  seat: string;
  /** Attribute `interactive` (boolean): whether a person may move on the board. */
  interactive: boolean;
  /** The options in force, every default filled in (null before the first answer). */
  readonly resolvedOptions: Options | null;
  /** The legal moves of the position shown (empty when not interactive). */
  readonly legalMoves: Entry[];
  /** The status of the position shown (null before the first answer). */
  readonly status: Status | null;
  /** Plays `move`, with `dice` (the game's) or dice rolled by the service; null when
   * refused. */
  play(move: string, dice?: Dice): Promise<Applied | null>;
  /** Forgets a selected piece and any open choice (a square to choose on the board too); the focus, when it is in the element, goes back to the board. */
  cancel(): void;
  /** Asks the service again for the position's moves, status and picture. */
  reload(): Promise<void>;

  addEventListener<K extends keyof RefereeBoardEventMap>(
    type: K, listener: (this: RefereeBoard, ev: RefereeBoardEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K, listener: (this: RefereeBoard, ev: HTMLElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject,
                   options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof RefereeBoardEventMap>(
    type: K, listener: (this: RefereeBoard, ev: RefereeBoardEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K, listener: (this: RefereeBoard, ev: HTMLElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject,
                      options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    "referee-board": RefereeBoard;
  }
}
