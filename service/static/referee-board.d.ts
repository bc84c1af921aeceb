// Types of the <referee-board> custom element (referee-board.js): its attributes, properties,
// methods and events. The service answers are typed loosely here; the TypeScript client of the
// same package has the precise types generated from the service's OpenAPI document.

/** One legal move as legal-moves lists it: its notation and its structured fields. */
export interface MoveEntry {
  move: string;
  from?: string;
  to?: string;
  kind?: string;
  piece?: string;
  promotion?: string;
  count?: number;
  general?: boolean;
  /** The move needs dice: the element asks for them (or a roll). */
  chance?: boolean;
  [field: string]: unknown;
}

/** A status answer: ongoing, won or drawn; the winner and the reason; whose turn it is. */
export interface Status {
  state: "ongoing" | "win" | "draw";
  winner: string | null;
  reason: string | null;
  to_move: string | null;
  in_check?: boolean;
  [field: string]: unknown;
}

/** An apply answer: the `move` event's detail. */
export interface Applied {
  position: string;
  move: string;
  events: Array<{ type: string; [field: string]: unknown }>;
  status: Status;
  dice?: Record<string, unknown>;
  /** The new position's token, when the service signs positions. */
  token?: string;
  options?: Record<string, unknown>;
}

/** An RFC 9457 problem document: the `error` event's detail. Problems the element makes
 * itself (an options attribute that is not JSON, a service it cannot reach) have `status` 0
 * and the codes `invalid_attribute`, `service_unreachable`, `http_error` or `element_error`. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  reason?: string;
  [field: string]: unknown;
}

/** The element's own events (its `error` is a CustomEvent, not the DOM's ErrorEvent). */
export interface RefereeBoardEventMap {
  /** A move was applied. Cancelable: preventDefault() leaves the board on its position, for a
   * page that keeps the game itself (it then sets `position` and `token`). */
  move: CustomEvent<Applied>;
  /** A position was loaded and drawn: its status. */
  status: CustomEvent<Status>;
  /** The service refused a request (or could not be reached). */
  error: CustomEvent<Problem>;
}

/** The base URL of the service a module loaded from `moduleUrl` talks to by default. */
export function defaultService(moduleUrl: string): string;
/** The words of a status, as the element shows and announces them. */
export function statusText(status: Status): string;
/** The fields of a status beyond state, winner, reason and to_move, in words. */
export function statusNotes(status: Status): string[];
/** What is wrong with `value` as dice under a game's dice JSON schema; empty when it fits. */
export function diceProblems(value: unknown, schema: unknown, path?: string): string[];
/** Labels telling apart moves that share their squares. */
export function choiceLabels(entries: MoveEntry[]): string[];

/** An error answered by the service, carrying its problem document. */
export class ProblemError extends Error {
  constructor(problem: Problem);
  problem: Problem;
}

export class RefereeBoard extends HTMLElement {
  static observedAttributes: string[];
  /** Attribute `game`: the game's id. */
  game: string;
  /** Attribute `options` (JSON): the options asked for. */
  options: Record<string, unknown>;
  /** Attribute `position`: the position shown; null: the initial position of the options. */
  position: string | null;
  /** Attribute `token`: the position's token when the service signs positions. */
  token: string | null;
  /** Attribute `service`: the service's base URL (default: where this module was loaded from). */
  service: string;
  /** Attribute `seat`: the player the board is seen from (empty: the game's own view). */
  seat: string;
  /** Attribute `interactive` (boolean): whether a person may move on the board. */
  interactive: boolean;
  /** The options in force, every default filled in (null before the first answer). */
  readonly resolvedOptions: Record<string, unknown> | null;
  /** The legal moves of the position shown (empty when not interactive). */
  readonly legalMoves: MoveEntry[];
  /** The status of the position shown (null before the first answer). */
  readonly status: Status | null;
  /** Plays `move`, with `dice` or dice rolled by the service; null when refused. */
  play(move: string, dice?: Record<string, unknown>): Promise<Applied | null>;
  /** Forgets a selected piece and any open choice. */
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
