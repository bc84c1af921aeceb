/**
 * Friendly names over the generated types: the unions a program switches on (every game's
 * options and dice, events by `type`, legal-move entries by `kind`, problem codes).
 * Each component schema of the spec is also exported under its own name from ./schema.js.
 */
import type {
  ApplyRequest, ApplyResponse, Event, GameId, LegalMoveEntry, Ply, Problem, ReplayResponse,
  SetupResponse, Status, SuggestRequest,
} from "./schema.js";

/** A game's id as the spec lists them, or any other id a newer service may play. */
export type GameName = GameId | (string & {});

/** Every problem `code` the service answers (the spec's enum). */
export type ProblemCode = Problem["code"];

/** The options of any game (KingsMateOptions, MaestriaOptions, MasteryOptions, SceptreOptions). */
export type Options = SetupResponse["options"];

/** The dice of a chance move, in any game that has them (KingsMateDice, MaestriaDice). */
export type Dice = NonNullable<ApplyRequest["dice"]>;

/** What a move did: one event of the union, told apart by its `type`. */
export type GameEvent = Event;
/** Every event `type`. */
export type EventType = Event["type"];
/** The event whose `type` is `T`, e.g. `EventOf<"capture">`. */
export type EventOf<T extends EventType> = Extract<Event, { type: T }>;

/** Every legal-move entry `kind`. */
export type EntryKind = LegalMoveEntry["kind"];
/** The legal-move entry whose `kind` is `K`, e.g. `EntryOf<"promotion">`. */
export type EntryOf<K extends EntryKind> = Extract<LegalMoveEntry, { kind: K }>;

/** How the computer opponent plays: random, greedy or mcts (the default). */
export type Level = NonNullable<SuggestRequest["level"]>;

/** A replay's answer when asked with `history: true`: every ply is there (a `Ply` each: the
 * move, its dice or null, its events, the mover, the position and status after it). */
export type ReplayWithHistory = ReplayResponse & { history: Ply[] };

/** A status's `state`: ongoing, win or draw. */
export type State = Status["state"];

/**
 * Where a request starts: a position, the game's options and the position's signature.
 * Every answer of setup, apply and replay is one (it carries all three), so pass the last
 * answer to the next call and the `token` goes along by itself. Anything left out starts
 * from the initial position under the default options.
 */
export interface At {
  position?: string | null;
  options?: Options | null;
  token?: string | null;
}
