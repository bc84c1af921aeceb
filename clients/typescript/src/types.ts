/**
 * Friendly names over the generated types, each game's own by its id: `Options<"mastery">`
 * is MasteryOptions, `Entry<"kings-mate">` the entries King's Mate answers, and an answer
 * (`Applied<G>`, `LegalMoves<G>`...) carries the options, dice, entries and events of its
 * game. Without a game id each is the union over every game. Each component schema of the
 * spec is also exported under its own name from ./schema.js.
 */
import type { Games } from "./games.js";
import type {
  ApplyResponse, Event, GameId, ImportedRecord, ImportedRecords,
  ImportedRecordsEntry, LegalMoveEntry, LegalMovesResponse, Ply, Problem, RecordAnnotationRequest,
  RecordComment, RecordExportItem, RecordPly, RecordProblem, RecordVariationRequest,
  ReplayResponse, SetupResponse, Status, SuggestRequest, SuggestResponse, TokenInspection,
} from "./schema.js";

/** `T` with the members of `M` in place of its own. */
type With<T, M> = Omit<T, keyof M> & M;

/** `true` when `A` and `B` are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only when `T` is `true`. */
type Holds<T extends true> = T;
/** The games of the generated map are exactly the spec's game ids. */
type GamesAreTheGameIds = Holds<Same<keyof Games, GameId>>;

/** Every problem `code` the service answers (the spec's enum). */
export type ProblemCode = Problem["code"];

/** The options of game `G` (`Options<"kings-mate">` is KingsMateOptions); without `G`, any
 * game's. */
export type Options<G extends GameId = GameId> = Games[G]["options"];

/** The dice of game `G`'s chance moves (`never` for a game without dice); without `G`, any
 * game's (KingsMateDice, MaestriaDice). */
export type Dice<G extends GameId = GameId> = Games[G]["dice"];

/** A legal-move entry of game `G`: one of the kinds it answers, told apart by `kind`;
 * without `G`, any game's (LegalMoveEntry). */
export type Entry<G extends GameId = GameId> = Games[G]["entry"];

/** An event of game `G`: what one of its moves did, told apart by `type`; without `G`,
 * any game's (Event). */
export type GameEvent<G extends GameId = GameId> = Games[G]["event"];

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

/** A status's `state`: ongoing, win or draw. */
export type State = Status["state"];

/**
 * Where a request on game `G` starts: a position, the game's options and the position's
 * signature, and the app's check: the `game_id` and the latest `ply` of the game the app
 * knows. Every answer of setup, apply and replay is one (it carries all five where the service
 * signs positions), so pass the last answer to the next call and the token goes along with
 * the game id and ply it must match. An app that takes a position and token from elsewhere (a
 * player, a page) states the game id and ply it kept: `{ ...theirs, game_id, ply }`; the
 * service then refuses a token of another game or of another ply (TokenWrongGameError,
 * TokenSupersededError, TokenAheadError). Anything left out starts from the initial position
 * under the default options, unchecked.
 */
export interface At<G extends GameId = GameId> {
  position?: string | null;
  options?: Options<G> | null;
  token?: string | null;
  /** The id of the game the request belongs to, as its signed answers gave it. */
  game_id?: string | null;
  /** The latest ply of that game the app knows (its latest signed answer's). */
  ply?: number | null;
}

/** The two values an app keeps per game to check every token it is handed: the game's id and
 * its latest ply, as the game's latest signed answer (setup, apply, replay, importRecord)
 * gave them. */
export type GameCheck = Pick<At, "game_id" | "ply">;

/** What inspectToken takes: the `token`, the position and options it claims to sign (the
 * initial position and default options when left out), and, to check it, a `game_id` and
 * `ply`. An answer with a token is one. */
export type TokenQuery<G extends GameId = GameId> = Omit<At<G>, "token"> & { token: string };

/** inspectToken's answer for game `G`: whether the token is valid, and its claims (game id,
 * ply, date, key id, clocks) when it is; `code` and `detail` say why when it is not. */
export type Inspection<G extends GameId = GameId> = With<TokenInspection, {
  game: G; options: Options<G>;
}>;

/** Setup's answer for game `G`: the initial position, its resolved options, its token. */
export type Setup<G extends GameId = GameId> = With<SetupResponse, { options: Options<G> }>;

/** Legal-moves' answer for game `G`: its moves as entries of the game (`M`), or with
 * `moves_only: true` as notation strings (`LegalMoves<G, string>`). */
export type LegalMoves<G extends GameId = GameId, M = Entry<G>> =
  With<LegalMovesResponse, { moves: M[]; options: Options<G> }>;

/** Apply's answer for game `G`: the position after the move, the game's events, the dice
 * used, the status, the resolved options and the token. */
export type Applied<G extends GameId = GameId> = With<ApplyResponse, {
  events: GameEvent<G>[]; dice?: Dice<G> | null; options: Options<G>;
}>;

/** One ply of game `G` as a viewer steps through it: the move, its dice or null, its
 * events, the mover, the position and status after it. */
export type GamePly<G extends GameId = GameId> = With<Ply, {
  dice: Dice<G> | null; events: GameEvent<G>[];
}>;

/** Replay's answer for game `G`: the position after every move, each move's dice, the
 * status, the token (and with `history: true`, every ply). */
export type Replayed<G extends GameId = GameId> = With<ReplayResponse, {
  dice: (Dice<G> | null)[]; history?: GamePly<G>[];
}>;

/** A replay's answer when asked with `history: true`: every ply is there. */
export type ReplayWithHistory<G extends GameId = GameId> =
  With<Replayed<G>, { history: GamePly<G>[] }>;

/** A move's annotation suffix: !, ?, !!, ??, !? or ?!. */
export type Suffix = NonNullable<RecordPly["suffix"]>;

/** A ply of a record of game `G` as import reads it: a {@link GamePly} with, where the
 * record gives them, its `suffix`, numeric annotation glyphs (`nags`, $1 is 1), check or
 * mate `mark`, `eval` ("0.25", "#-3"), clock, and the `variations` written after it (each
 * played instead of it, from the position before it). */
export type ImportedPly<G extends GameId = GameId> = With<RecordPly, {
  dice: Dice<G> | null; events: GameEvent<G>[]; variations?: Variation<G>[];
}>;

/** A variation of a record of game `G`: its plies (which may hold variations of their own),
 * from the position before the ply it replaces, and its comments (`after` counted from its
 * start). */
export interface Variation<G extends GameId = GameId> {
  plies: ImportedPly<G>[];
  comments: RecordComment[];
}

/** A record of game `G` judged (importRecord's answer): its options and plies are the
 * game's. */
export type Imported<G extends GameId = GameId> = With<ImportedRecord, {
  game: G; options: Options<G>; plies: ImportedPly<G>[];
}>;

/** A record of any game, told apart by `game` (a file of records may mix games):
 * `if (record.game === "kings-mate")` narrows it to `Imported<"kings-mate">`. */
export type AnyImported = { [G in GameId]: Imported<G> }[GameId];

/** One game of a file of records as importRecords judges it: its `index`, where it starts
 * (`line`, `column`, `first_line`), and either the `record` (`valid`: as importRecord answers
 * it, without a token) or the `problem` importRecord would have thrown for it (its line and
 * column the whole text's). */
export type ImportedGame =
  With<ImportedRecordsEntry, { valid: true; record: AnyImported; problem?: undefined }> |
  With<ImportedRecordsEntry, { valid: false; record?: undefined; problem: RecordProblem }>;

/** importRecords' answer: every game of the text in order, how many, how many failed. */
export type ImportedFile = With<ImportedRecords, { games: ImportedGame[] }>;

/** A ply's annotations as export takes them ({} for none). */
export type Annotation = RecordAnnotationRequest;

/** A variation of game `G` as export takes it: `after`, the index in its line of the ply it
 * replaces, its moves from the position before that ply, and their dice, comments,
 * annotations and variations where it has them. */
export type VariationBody<G extends GameId = GameId> = With<RecordVariationRequest, {
  dice?: (Dice<G> | null)[]; variations?: VariationBody<G>[];
}>;

/** A line of an imported record as lineBody() makes it for export: its moves, their dice,
 * its comments, each ply's annotations ({} for none), and its variations (each a line of its
 * own, with `after`). */
export interface LineBody<G extends GameId = GameId> {
  moves: string[];
  dice: (Dice<G> | null)[];
  comments: RecordComment[];
  annotations: Annotation[];
  variations: (LineBody<G> & { after: number })[];
}

/** One game of game `G` as exportRecords takes it (and as exportRecord takes its moves,
 * position, options and the rest): its own position and options, moves, dice, tags,
 * comments, asides, result, clocks, annotations and variations. */
export type ExportGame<G extends GameId = GameId> = With<RecordExportItem, {
  options?: Options<G> | null; dice?: (Dice<G> | null)[]; variations?: VariationBody<G>[];
}>;

/** Suggest's answer for game `G`: the computer's move and its entry of the game. */
export type Suggested<G extends GameId = GameId> = With<SuggestResponse, {
  entry: Entry<G>; options: Options<G>;
}>;
