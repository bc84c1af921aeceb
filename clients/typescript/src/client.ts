/**
 * The referee service's client: one typed method per operation, each one HTTP request through
 * openapi-fetch (global fetch: browsers and Node 20+, no polyfill), nothing kept between calls.
 */
import createClient from "openapi-fetch";
import type { Client } from "openapi-fetch";

import { TransportError, errorFor } from "./errors.js";
import type { TooManyRecordsError } from "./errors.js";
import type {
  ExportedRecord, ExportedRecords, GameDetail, GameId, GameSummary, PerftRequest, PerftResponse,
  RecordExportRequest, RenderRequest, ReplayPictureRequest, SetupRequest, Status,
  SuggestRequest, paths,
} from "./schema.js";
import type {
  Applied, At, Dice, Entry, ExportGame, Imported, ImportedFile, Inspection, LegalMoves, Options, ReplayWithHistory,
  Replayed, Setup, Suggested, TokenQuery,
} from "./types.js";

/** How the client reaches the service. */
export interface ClientOptions {
  /** The fetch to use (a wrapper adding credentials, a test's fake); global fetch otherwise. */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request (an API gateway's key, say). */
  headers?: Record<string, string>;
  /** The X-Request-ID sent with every request, or a function making one per request; the
   * service makes its own otherwise. For one call: `client.withRequestId("move-7").apply(...)`.
   * A ProblemError's `requestId` is the id of the request it answers. */
  requestId?: string | (() => string);
}

/** What apply takes beside the move: a physical roll's `dice` (game `G`'s; none for a game
 * without dice), or a `seed` for the service's. */
export interface ApplyMore<G extends GameId = GameId> {
  dice?: Dice<G> | null;
  seed?: number | null;
}
/** What replay takes beside the moves: each chance move's `dice` (game `G`'s) in order, or a
 * `seed`; and `history: true` for every ply's position and events. */
export interface ReplayMore<G extends GameId = GameId> {
  dice?: (Dice<G> | null)[];
  seed?: number | null;
  history?: boolean;
}
/** What an export takes beside the moves: their `dice` (game `G`'s), the `tags`, `comments`
 * and off-board events (`asides`) to write, each after a number of plies, the `result`, the
 * `clocks` after each ply as the apply answers carried them (written as `[%clk]` comments
 * and a TimeControl tag), each ply's `annotations` and the `variations` (as
 * {@link exportBodyOf} makes them from an import). */
export type ExportMore<G extends GameId = GameId> =
  Pick<RecordExportRequest, "tags" | "comments" | "asides" | "result" | "clocks" |
    "annotations"> &
  Pick<ExportGame<G>, "dice" | "variations">;
/** What legal-moves takes beside the position: `moves_only: true` for notation strings
 * alone (entries otherwise). */
export interface LegalMovesMore {
  moves_only?: boolean;
}
/** What perft takes beside the depth: `divide` for each first move's count. */
export type PerftMore = Pick<PerftRequest, "divide">;
/** How the computer opponent plays: `level`, its budget (`playouts`, `time_ms`), a `seed`. */
export type SuggestMore = Pick<SuggestRequest, "level" | "playouts" | "time_ms" | "seed">;
/** How a picture is drawn: its `size`, `highlight`ed squares and `last_move`. */
export type RenderMore = Omit<RenderRequest, keyof At | "format">;

/** How a game's animated picture is drawn: dice (game `G`'s) or seed, `size`, `orientation`,
 * `frame_ms`. */
export type ReplayPictureMore<G extends GameId = GameId> = Omit<ReplayPictureRequest,
  keyof At | "moves" | "format" | "dice"> &
  { dice?: (Dice<G> | null)[] };

/** The picture of a position as SVG text. */
export type SvgRequest = RenderMore & { format?: "svg" };
/** The picture of a position as a PNG. */
export type PngRequest = RenderMore & { format: "png" };

type Answer<T> = { data?: T; error?: unknown; response: Response };

/**
 * The referee service at `baseUrl` (e.g. `http://127.0.0.1:8000`).
 *
 * Every method that works on a position takes an {@link At}: the position, the options, the
 * position's `token`, and the app's check (`game_id`, `ply`). The answers of setup, apply and
 * replay are such objects, so passing the last answer on carries the token, with the game id
 * and ply it must match, where the service signs positions. A problem answer throws the error
 * class of its code (see errors.ts).
 */
export class RefereeClient {
  readonly baseUrl: string;
  readonly #http: Client<paths>;
  readonly #options: ClientOptions;

  constructor(baseUrl: string, options: ClientOptions = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.#options = options;
    this.#http = createClient<paths>({
      baseUrl: this.baseUrl,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    });
    const requestId = options.requestId;
    if (requestId !== undefined) {
      this.#http.use({
        onRequest({ request }) {
          request.headers.set("X-Request-ID",
            typeof requestId === "function" ? requestId() : requestId);
          return request;
        },
      });
    }
  }

  /** The same client sending `requestId` as the X-Request-ID of its requests (for one call:
   * `client.withRequestId("move-7").apply(...)`). */
  withRequestId(requestId: string | (() => string)): RefereeClient {
    return new RefereeClient(this.baseUrl, { ...this.#options, requestId });
  }

  /** Every game the service plays: `{id, name, players, options}`. */
  async listGames(): Promise<GameSummary[]> {
    const list = await this.#answer(this.#http.GET("/v1/games"));
    return list.games;
  }

  /** One game in detail: pieces, setups, options, notation, reasons, dice. */
  async getGame(game: GameId): Promise<GameDetail> {
    return this.#answer(this.#http.GET("/v1/games/{game}", { params: path(game) }));
  }

  /** A new game: its initial position, resolved options and (when signing) token, with the
   * game's new `game_id` and its `ply` (0); with a `timeControl` (a service that signs
   * positions, two players), its `clocks` too. */
  async setup<G extends GameId>(game: G, options?: Options<G> | null,
                                timeControl?: SetupRequest["time_control"]):
    Promise<Setup<G>> {
    const body: SetupRequest = options == null ? {} : { options };
    if (timeControl != null) {
      body.time_control = timeControl;
    }
    return this.#answer(
      this.#http.POST("/v1/games/{game}/setup", { params: path(game), body })) as
      Promise<Setup<G>>;
  }

  /** Every legal move of the position: each an entry of the game (told apart by `kind`), or
   * with `moves_only: true` its notation string. */
  legalMoves<G extends GameId>(game: G, at: At<G> | undefined, more: { moves_only: true }):
    Promise<LegalMoves<G, string>>;
  legalMoves<G extends GameId>(game: G, at?: At<G>, more?: { moves_only?: false }):
    Promise<LegalMoves<G>>;
  legalMoves<G extends GameId>(game: G, at?: At<G>, more?: LegalMovesMore):
    Promise<LegalMoves<G, Entry<G> | string>>;
  async legalMoves<G extends GameId>(game: G, at: At<G> = {}, more: LegalMovesMore = {}):
    Promise<LegalMoves<G, Entry<G> | string>> {
    return this.#answer(this.#http.POST("/v1/games/{game}/legal-moves", {
      params: path(game), body: { ...where(at), ...pick(more, ["moves_only"]) },
    })) as Promise<LegalMoves<G, Entry<G> | string>>;
  }

  /** The position after `move`, the game's events and the status, and (when signing) its
   * token. A chance move takes the `dice` given, or the service rolls them. */
  async apply<G extends GameId>(game: G, move: string, at: At<G> = {},
                                more: ApplyMore<G> = {}): Promise<Applied<G>> {
    return this.#answer(this.#http.POST("/v1/games/{game}/apply", {
      params: path(game), body: { ...where(at), move, ...pick(more, ["dice", "seed"]) },
    })) as Promise<Applied<G>>;
  }

  /** Whether the game goes on, and who won or why it was drawn. */
  async status<G extends GameId>(game: G, at: At<G> = {}): Promise<Status> {
    return this.#answer(this.#http.POST("/v1/games/{game}/status", {
      params: path(game), body: where(at),
    }));
  }

  /** The position after every move of `moves` in order; the first illegal one throws an
   * IllegalMoveError whose `index` is its place. With `history: true` the answer also holds
   * every ply (a {@link Ply}: move, dice, events, mover, the position and status after it),
   * for a game viewer to step through. */
  replay<G extends GameId>(game: G, moves: readonly string[], at: At<G> | undefined,
                           more: ReplayMore<G> & { history: true }):
    Promise<ReplayWithHistory<G>>;
  replay<G extends GameId>(game: G, moves: readonly string[], at?: At<G>,
                           more?: ReplayMore<G>): Promise<Replayed<G>>;
  async replay<G extends GameId>(game: G, moves: readonly string[], at: At<G> = {},
                                 more: ReplayMore<G> = {}): Promise<Replayed<G>> {
    return this.#answer(this.#http.POST("/v1/games/{game}/replay", {
      params: path(game),
      body: { ...where(at), moves: [...moves], ...pick(more, ["dice", "seed", "history"]) },
    })) as Promise<Replayed<G>>;
  }

  /** A whole game's record (text, as docs/record-format.md writes it) judged: its tags, options and
   * start, every ply ({@link Ply}), comments, off-board events, final status, result and
   * how it agrees with the board (`agreement`); the final position's `token` when the service
   * signs it (a record from the initial position without off-board events: a new game, its
   * own `game_id` and `ply`); each ply's `clock_ms` where the record gives it; and, for a
   * record with a Token tag, `final_token`: whether that token verifies for the record's
   * final position, game and ply. A record at
   * fault throws the {@link RecordError} of its code (`line`, `column`, `tag`), a ply that
   * fails its own error with its `index`. */
  async importRecord<G extends GameId>(game: G, record: string): Promise<Imported<G>> {
    return this.#answer(this.#http.POST("/v1/games/{game}/records/import", {
      params: path(game), body: { record },
    })) as Promise<Imported<G>>;
  }

  /** The game as a record: `moves` played from the position with their `dice`, the `tags`,
   * `comments` and `asides` (a resignation, a departure, a loss on time, a draw agreed)
   * given, the result (the game's own unless given, and then checked). The answer holds the
   * text as `record`, with its `result` and the game's `status`. */
  async exportRecord<G extends GameId>(game: G, moves: readonly string[], at: At<G> = {},
                                       more: ExportMore<G> = {}): Promise<ExportedRecord> {
    return this.#answer(this.#http.POST("/v1/games/{game}/records/export", {
      params: path(game),
      body: { ...where(at), moves: [...moves],
              ...pick(more, ["dice", "tags", "comments", "asides", "result", "clocks",
                             "annotations", "variations"]) },
    }));
  }

  /** Every game of a text of several records (a round, a club's archive), each judged on its
   * own, in order: its index, where it starts, and either its `record` (as importRecord
   * answers it, without a token; a record's own Game tag names its game, else it is one of
   * `game`) or the `problem` importRecord would have thrown for it (`line` and `column` the
   * whole text's). One broken game does not hide the others; the call itself throws only for
   * the whole text: {@link TooManyRecordsError} past the service's bound on games. */
  async importRecords<G extends GameId>(game: G, records: string): Promise<ImportedFile> {
    return this.#answer(this.#http.POST("/v1/games/{game}/records/import-many", {
      params: path(game), body: { records },
    })) as Promise<ImportedFile>;
  }

  /** Several games of `game` as one text of records (each as exportRecord writes it, from its
   * own position and options: {@link exportBodyOf} makes one from an import), with each
   * game's result and status. The first game at fault throws its error with `game`, its
   * index. */
  async exportRecords<G extends GameId>(game: G, games: readonly ExportGame<G>[]):
    Promise<ExportedRecords> {
    return this.#answer(this.#http.POST("/v1/games/{game}/records/export-many", {
      params: path(game), body: { games: [...games] },
    }));
  }

  /** What `token` proves, for anyone without the service's key: whether the service made it
   * for the position and options given (the initial position and default options when left
   * out) and, with `game_id` or `ply`, for that game at that ply; when it is `valid`, its
   * claims (`game_id`, `ply`, `signed_at`, `key_id`, `clocks`); when not, the `code` a
   * request carrying it would be refused with and a `detail`. A service without keys throws
   * SigningNotConfiguredError. */
  async inspectToken<G extends GameId>(game: G, query: TokenQuery<G>): Promise<Inspection<G>> {
    return this.#answer(this.#http.POST("/v1/games/{game}/tokens/inspect", {
      params: path(game), body: { ...where(query), token: query.token },
    })) as Promise<Inspection<G>>;
  }

  /** The number of move sequences `depth` plies deep (and, with `divide`, per first move). */
  async perft<G extends GameId>(game: G, depth: number, at: At<G> = {},
                                more: PerftMore = {}): Promise<PerftResponse> {
    return this.#answer(this.#http.POST("/v1/games/{game}/perft", {
      params: path(game), body: { ...where(at), depth, ...pick(more, ["divide"]) },
    }));
  }

  /** The computer's move for the side to act (level random, greedy or mcts, the default);
   * the same seed and playouts give the same move. */
  async suggest<G extends GameId>(game: G, at: At<G> = {}, more: SuggestMore = {}):
    Promise<Suggested<G>> {
    return this.#answer(this.#http.POST("/v1/games/{game}/suggest", {
      params: path(game),
      body: { ...where(at), ...pick(more, ["level", "playouts", "time_ms", "seed"]) },
    })) as Promise<Suggested<G>>;
  }

  /** The picture of the position: SVG text (the default), or with `format: "png"` a PNG Blob
   * (`new Uint8Array(await blob.arrayBuffer())` for its bytes). */
  render<G extends GameId>(game: G, at: At<G> | undefined, picture: PngRequest): Promise<Blob>;
  render<G extends GameId>(game: G, at?: At<G>, picture?: SvgRequest): Promise<string>;
  async render<G extends GameId>(game: G, at: At<G> = {},
                                 picture: SvgRequest | PngRequest = {}):
    Promise<string | Blob> {
    const format = picture.format ?? "svg";
    const init = {
      params: path(game), body: { ...where(at), ...defined(picture), format },
    };
    if (format === "png") {
      return this.#answer(
        this.#http.POST("/v1/games/{game}/render", { ...init, parseAs: "blob" }));
    }
    return this.#answer(this.#http.POST("/v1/games/{game}/render", { ...init, parseAs: "text" }));
  }

  /**
   * The URL of the position's picture (`GET /v1/games/{game}/render.svg` or `render.png`), for
   * an `<img>`, a chat embed or a link preview: no request is made. The picture is a pure
   * function of the URL, cached by browsers and proxies (strong ETag, 304).
   */
  pictureUrl<G extends GameId>(game: G, at: At<G> = {},
                               picture: (SvgRequest | PngRequest) = {}): string {
    const { format, highlight, ...rest } = picture;
    const query = queryOf({ ...where(at), ...rest });
    if (highlight !== undefined && highlight.length > 0) {
      query.set("highlight", highlight.join(","));
    }
    return this.#url(`render.${format ?? "svg"}`, game, query);
  }

  /** The game's plies as an animated picture (`POST /v1/games/{game}/replay-picture`): one
   * frame for the start and one per ply, its move highlighted; a GIF, or an animated PNG with
   * `format: "apng"`. */
  async replayPicture<G extends GameId>(game: G, moves: readonly string[], at: At<G> = {},
                                        more: ReplayPictureMore<G> & { format?: "gif" | "apng" } =
                                          {}):
    Promise<Blob> {
    return this.#answer(this.#http.POST("/v1/games/{game}/replay-picture", {
      params: path(game), body: { ...where(at), ...defined(more), moves: [...moves] },
      parseAs: "blob",
    }));
  }

  /** The URL of the game's animated picture (`GET /v1/games/{game}/replay.gif` or, with
   * `format: "apng"`, `replay.png`): no request is made. Dice rolled by the service use
   * `seed` (0 unless given), so the URL always gives the same picture. */
  replayPictureUrl<G extends GameId>(game: G, moves: readonly string[], at: At<G> = {},
                                     more: ReplayPictureMore<G> & { format?: "gif" | "apng" } =
                                       {}): string {
    const { format, ...rest } = more;
    const query = queryOf({ ...where(at), ...rest });
    query.set("moves", moves.join(","));
    return this.#url(format === "apng" ? "replay.png" : "replay.gif", game, query);
  }

  #url(name: string, game: GameId, query: URLSearchParams): string {
    const search = query.toString();
    return `${this.baseUrl}/v1/games/${encodeURIComponent(game)}/${name}` +
      (search ? `?${search}` : "");
  }

  /** Whether the service is up (`GET /v1/health`). */
  async health(): Promise<boolean> {
    const health = await this.#answer(this.#http.GET("/v1/health"));
    return health.status === "ok";
  }

  /** The answer's data, or the error its problem document (or its failure) stands for. */
  async #answer<T>(pending: Promise<Answer<T>>): Promise<T> {
    let answer: Answer<T>;
    try {
      answer = await pending;
    } catch (cause) {
      throw new TransportError(
        `Cannot reach ${this.baseUrl}, or its answer is not what the API says: ${cause}.`, 0,
        { cause });
    }
    if (!answer.response.ok) {
      throw errorFor(answer.error, answer.response);
    }
    return answer.data as T;
  }
}

/** The path parameters of a game's operation. */
function path(game: GameId): { path: { game: GameId } } {
  return { path: { game } };
}

/** The position, options, token, game id and ply members of a request body: only those
 * given, and the token only beside a position (without one the service starts afresh and
 * ignores it). A game id or ply is sent whenever given: the service then wants that game's
 * latest position and token (and refuses a request without them). */
function where<G extends GameId>(at: At<G>): At<G> {
  const body: At<G> = {};
  if (at.position != null) {
    body.position = at.position;
    if (at.token != null) {
      body.token = at.token;
    }
  }
  if (at.options != null) {
    body.options = at.options;
  }
  if (at.game_id != null) {
    body.game_id = at.game_id;
  }
  if (at.ply != null) {
    body.ply = at.ply;
  }
  return body;
}

/** The members `keys` of `more` that are given (an object with more members, an earlier
 * answer say, sends only these). */
function pick<T extends object, K extends keyof T>(more: T, keys: readonly K[]):
  Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) {
    if (more[key] !== undefined) {
      picked[key] = more[key];
    }
  }
  return picked;
}

/** `more` without its undefined members. */
function defined<T extends object>(more: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(more).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The query string of a picture URL: each given member, objects and arrays as JSON text. */
function queryOf(members: object): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(members)) {
    if (value === undefined || value === null) {
      continue;
    }
    query.set(name, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  return query;
}
