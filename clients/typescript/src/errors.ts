/**
 * The errors a call throws. Every problem document the service answers (RFC 9457, with a
 * stable `code`) becomes an instance of that code's class, all subclasses of
 * {@link ProblemError}; a service that cannot be reached, or that answers something that is
 * not a problem document, throws a {@link TransportError}. Both are {@link RefereeError}s.
 */
import type { IllegalMoveReason, Problem } from "./schema.js";
import type { ProblemCode } from "./types.js";

/** Anything a client call throws. */
export class RefereeError extends Error {
  override readonly name: string = "RefereeError";
}

/** The service could not be reached, or answered something that is not a problem document. */
export class TransportError extends RefereeError {
  override readonly name: string = "TransportError";
  /** The HTTP status, or 0 when no answer came. */
  readonly status: number;

  constructor(message: string, status: number, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
  }
}

/** What a problem error knows beside its document: the answer's status and Retry-After. */
export interface ProblemInit {
  /** The HTTP status, when the document does not say it. */
  status?: number;
  /** Seconds to wait before retrying (the Retry-After header), when the answer had one. */
  retryAfter?: number;
  /** The request's id (the X-Request-ID header), when the document does not say it. */
  requestId?: string;
}

/** A problem document from the service: its fields, and the whole document as `problem`. */
export class ProblemError extends RefereeError {
  override readonly name: string = "ProblemError";
  /** The HTTP status (400, 404, 422, 503...). */
  readonly status: number;
  /** The stable machine-readable code (its class's own code, or a newer service's). */
  readonly code: string;
  /** The problem's title, the same for every problem of its code. */
  readonly title: string;
  /** A sentence a person can act on. */
  readonly detail: string;
  /** illegal_move: the rule that forbids the move (path_blocked, king_in_check...). */
  readonly reason: IllegalMoveReason | undefined;
  /** invalid_position: the part of the notation at fault. */
  readonly field: string | undefined;
  /** replay: the index of the first failing move. */
  readonly index: number | undefined;
  /** invalid_options: the option at fault. */
  readonly option: string | undefined;
  /** malformed_request: each offending field with its messages. */
  readonly errors: Record<string, unknown> | undefined;
  /** overloaded, rate_limited: seconds to wait before retrying (the Retry-After header). */
  readonly retryAfter: number | undefined;
  /** The id of the request this answers (the caller's X-Request-ID, or one the service made):
   * quote it when reporting the problem. */
  readonly requestId: string | undefined;
  /** records: the line of the record at fault (from 1), for any fault of a record (an
   * illegal move in it too), when known. */
  readonly line: number | undefined;
  /** records: the column of the record at fault (from 1), when known. */
  readonly column: number | undefined;
  /** A fault inside a record's variation (an illegal move there, say): which variation, from
   * the main line down, each hop `[index in the game of the ply it replaces, its place among
   * that ply's variations]`. */
  readonly variation: [number, number][] | undefined;
  /** records/export-many: the index of the game that failed (the first). */
  readonly game: number | undefined;
  /** The whole problem document, members the spec does not name included. */
  readonly problem: Problem;

  constructor(problem: Problem, init: ProblemInit = {}) {
    const status = typeof problem.status === "number" ? problem.status : init.status ?? 0;
    super(`${status} ${problem.code}: ${problem.detail}`);
    this.problem = problem;
    this.status = status;
    this.code = problem.code;
    this.title = problem.title;
    this.detail = problem.detail;
    this.reason = problem.reason;
    this.field = problem.field;
    this.index = problem.index;
    this.option = problem.option;
    this.errors = problem.errors;
    this.retryAfter = init.retryAfter;
    this.requestId = problem.request_id ?? init.requestId;
    this.line = problem.line;
    this.column = problem.column;
    this.variation = hops(problem["variation"]);
    this.game = whole(problem["game"]);
  }
}

/** `value` when it is a whole number. */
function whole(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) ? value : undefined;
}

/** `value` when it is a list of `[ply index, variation index]` pairs. */
function hops(value: unknown): [number, number][] | undefined {
  if (!Array.isArray(value)) {
    return undefined;
  }
  const pairs = value.filter((hop): hop is [number, number] =>
    Array.isArray(hop) && hop.length === 2 && hop.every((n) => whole(n) !== undefined));
  return pairs.length === value.length ? pairs : undefined;
}

/** 400 malformed_request: the body is not JSON or breaks the schema; see `errors`. */
export class MalformedRequestError extends ProblemError {
  override readonly name: string = "MalformedRequestError";
  declare readonly code: "malformed_request";
}

/** 404 unknown_game: the service plays no game of that id. */
export class UnknownGameError extends ProblemError {
  override readonly name: string = "UnknownGameError";
  declare readonly code: "unknown_game";
}

/** 404 not_found: no such path. */
export class NotFoundError extends ProblemError {
  override readonly name: string = "NotFoundError";
  declare readonly code: "not_found";
}

/** 405 method_not_allowed. */
export class MethodNotAllowedError extends ProblemError {
  override readonly name: string = "MethodNotAllowedError";
  declare readonly code: "method_not_allowed";
}

/** 413 body_too_large: the body is over the service's limit. */
export class BodyTooLargeError extends ProblemError {
  override readonly name: string = "BodyTooLargeError";
  declare readonly code: "body_too_large";
}

/** 415 unsupported_media_type: the body was not sent as JSON. */
export class UnsupportedMediaTypeError extends ProblemError {
  override readonly name: string = "UnsupportedMediaTypeError";
  declare readonly code: "unsupported_media_type";
}

/** 422 invalid_position: the position's notation is wrong; `field` names the part at fault. */
export class InvalidPositionError extends ProblemError {
  override readonly name: string = "InvalidPositionError";
  declare readonly code: "invalid_position";
}

/** 422 invalid_options: `option` names the option at fault. */
export class InvalidOptionsError extends ProblemError {
  override readonly name: string = "InvalidOptionsError";
  declare readonly code: "invalid_options";
}

/** 422 illegal_move: `reason` is the rule's code; from replay, `index` is the failing move's;
 * in a record's variation, `variation` says which. */
export class IllegalMoveError extends ProblemError {
  override readonly name: string = "IllegalMoveError";
  declare readonly code: "illegal_move";
}

/** 422 invalid_dice: dice the move does not take, or that do not fit the game's dice. */
export class InvalidDiceError extends ProblemError {
  override readonly name: string = "InvalidDiceError";
  declare readonly code: "invalid_dice";
}

/** 422 game_over: a move (or a suggestion) asked of a finished position. */
export class GameOverError extends ProblemError {
  override readonly name: string = "GameOverError";
  declare readonly code: "game_over";
}

/** 422 on a record (records/import, records/export): where the record is at fault. */
export class RecordError extends ProblemError {
  override readonly name: string = "RecordError";
  /** The tag at fault, when a tag is. */
  readonly tag: string | undefined;

  constructor(problem: Problem, init: ProblemInit = {}) {
    super(problem, init);
    this.tag = problem.tag;
  }
}

/** 422 invalid_record: the text breaks the record grammar; see `line` and `column`. */
export class InvalidRecordError extends RecordError {
  override readonly name: string = "InvalidRecordError";
  declare readonly code: "invalid_record";
}

/** 422 invalid_tag: a tag pair is malformed, repeated or holds a bad value; see `tag`. */
export class InvalidTagError extends RecordError {
  override readonly name: string = "InvalidTagError";
  declare readonly code: "invalid_tag";
}

/** 422 game_mismatch: the record is a game of another game, or of one the service lacks. */
export class GameMismatchError extends RecordError {
  override readonly name: string = "GameMismatchError";
  declare readonly code: "game_mismatch";
}

/** 422 too_many_records: a text of more records than one request may hold (records/import-many);
 * `limit` is that bound, `line` and `column` where the first game past it starts. */
export class TooManyRecordsError extends RecordError {
  override readonly name: string = "TooManyRecordsError";
  declare readonly code: "too_many_records";
  /** The most games one request may hold. */
  readonly limit: number | undefined;

  constructor(problem: Problem, init: ProblemInit = {}) {
    super(problem, init);
    this.limit = whole(problem["limit"]);
  }
}

/** 422 result_contradicts_board: the record's result is not where its moves lead. */
export class ResultContradictsBoardError extends RecordError {
  override readonly name: string = "ResultContradictsBoardError";
  declare readonly code: "result_contradicts_board";
}

/** 422 invalid_departure: a resignation, departure or loss on time of a player not in the
 * game. */
export class InvalidDepartureError extends RecordError {
  override readonly name: string = "InvalidDepartureError";
  declare readonly code: "invalid_departure";
}

/** 422 work_limit_exceeded: perft too deep or too big. */
export class WorkLimitExceededError extends ProblemError {
  override readonly name: string = "WorkLimitExceededError";
  declare readonly code: "work_limit_exceeded";
}

/** A picture the service cannot draw as asked: the base of the three render problems. */
export class RenderError extends ProblemError {
  override readonly name: string = "RenderError";
}

/** 422 invalid_highlight: a highlighted square the board lacks. */
export class InvalidHighlightError extends RenderError {
  override readonly name: string = "InvalidHighlightError";
  declare readonly code: "invalid_highlight";
}

/** 422 invalid_last_move: a last_move that is not a move on this board. */
export class InvalidLastMoveError extends RenderError {
  override readonly name: string = "InvalidLastMoveError";
  declare readonly code: "invalid_last_move";
}

/** 422 invalid_orientation: the board seen from a player who does not take part. */
export class InvalidOrientationError extends RenderError {
  override readonly name: string = "InvalidOrientationError";
  declare readonly code: "invalid_orientation";
}

/** 422 render_unavailable: the game has no pictures yet. */
export class RenderUnavailableError extends RenderError {
  override readonly name: string = "RenderUnavailableError";
  declare readonly code: "render_unavailable";
}

/** The service refused the position's token: it requires signed positions (or the request
 * states its game id or ply) and this one came without a valid token, or the token is not of
 * the game and ply stated, or the service has no keys to check it with. The base of six. */
export class SignatureError extends ProblemError {
  override readonly name: string = "SignatureError";
}

/** 422 unsigned_position: a position came without its token. */
export class UnsignedPositionError extends SignatureError {
  override readonly name: string = "UnsignedPositionError";
  declare readonly code: "unsigned_position";
}

/** 422 bad_signature: the token does not match this game, these options and this position. */
export class BadSignatureError extends SignatureError {
  override readonly name: string = "BadSignatureError";
  declare readonly code: "bad_signature";
}

/** 422 signing_not_configured: the request states a `game_id` or `ply`, or inspects a token,
 * on a service that holds no signing keys (leave them out there). */
export class SigningNotConfiguredError extends SignatureError {
  override readonly name: string = "SigningNotConfiguredError";
  declare readonly code: "signing_not_configured";
}

/** The app's check refused the token: a valid token, but not of the `game_id` and `ply` the
 * request stated. The base of three; `tokenGameId` and `tokenPly` say what the token claims. */
export class GameCheckError extends SignatureError {
  override readonly name: string = "GameCheckError";
  /** The id of the game the token belongs to. */
  readonly tokenGameId: string | undefined;
  /** The ply the token is of. */
  readonly tokenPly: number | undefined;

  constructor(problem: Problem, init: ProblemInit = {}) {
    super(problem, init);
    this.tokenGameId = problem.token_game_id;
    this.tokenPly = problem.token_ply;
  }
}

/** 422 token_wrong_game: the token belongs to another game than the `game_id` stated. */
export class TokenWrongGameError extends GameCheckError {
  override readonly name: string = "TokenWrongGameError";
  declare readonly code: "token_wrong_game";
}

/** 422 token_superseded: the token is of an earlier ply than the `ply` stated (a take-back). */
export class TokenSupersededError extends GameCheckError {
  override readonly name: string = "TokenSupersededError";
  declare readonly code: "token_superseded";
}

/** 422 token_ahead: the token is of a later ply than the `ply` stated (the game went on
 * without the app). */
export class TokenAheadError extends GameCheckError {
  override readonly name: string = "TokenAheadError";
  declare readonly code: "token_ahead";
}

/** A clocked game's refusal (see the service's docs/clocks.md): the base of four. */
export class ClockError extends ProblemError {
  override readonly name: string = "ClockError";
}

/** 422 clocks_need_signing: a time control on a service that does not sign positions. */
export class ClocksNeedSigningError extends ClockError {
  override readonly name: string = "ClocksNeedSigningError";
  declare readonly code: "clocks_need_signing";
}

/** 422 invalid_time_control: neither kind of time control or both, or a game of more than
 * two players. */
export class InvalidTimeControlError extends ClockError {
  override readonly name: string = "InvalidTimeControlError";
  declare readonly code: "invalid_time_control";
}

/** 422 clock_skew: a token dated further ahead of the service's clock than it tolerates (its
 * replicas' clocks disagree). */
export class ClockSkewError extends ClockError {
  override readonly name: string = "ClockSkewError";
  declare readonly code: "clock_skew";
}

/** 422 clock_running: replay from a clocked position; apply one move at a time. */
export class ClockRunningError extends ClockError {
  override readonly name: string = "ClockRunningError";
  declare readonly code: "clock_running";
}

/** 503 not_ready: the rules engines are still loading; retry shortly. */
export class NotReadyError extends ProblemError {
  override readonly name: string = "NotReadyError";
  declare readonly code: "not_ready";
}

/** 503 overloaded: too much expensive work at once; retry after `retryAfter` seconds, or ask
 * for less. */
export class OverloadedError extends ProblemError {
  override readonly name: string = "OverloadedError";
  declare readonly code: "overloaded";
}

/** 429 rate_limited, answered by a front before the service (its nginx configuration): this
 * client sent more requests, or more expensive ones, than one client may; wait `retryAfter`
 * seconds, then send fewer. */
export class RateLimitedError extends ProblemError {
  override readonly name: string = "RateLimitedError";
  declare readonly code: "rate_limited";
}

/** 403 origin_not_allowed: a browser's preflight from an origin the operator has not allowed. */
export class OriginNotAllowedError extends ProblemError {
  override readonly name: string = "OriginNotAllowedError";
  declare readonly code: "origin_not_allowed";
}

/** 500 internal_error: the service failed on this request (it has logged it). */
export class InternalError extends ProblemError {
  override readonly name: string = "InternalError";
  declare readonly code: "internal_error";
}

/** 414 request_line_too_long: the URL is over the service's limit. */
export class RequestLineTooLongError extends ProblemError {
  override readonly name: string = "RequestLineTooLongError";
  declare readonly code: "request_line_too_long";
}

/** 431 headers_too_large: the request's headers are over the service's limit. */
export class HeadersTooLargeError extends ProblemError {
  override readonly name: string = "HeadersTooLargeError";
  declare readonly code: "headers_too_large";
}

/** 501 unsupported_transfer_coding: a Transfer-Encoding the service does not read. */
export class UnsupportedTransferCodingError extends ProblemError {
  override readonly name: string = "UnsupportedTransferCodingError";
  declare readonly code: "unsupported_transfer_coding";
}

/** The class of each code's errors, whose `code` is that code. */
type ErrorClasses = {
  readonly [C in ProblemCode]: new (problem: Problem, init?: ProblemInit) => ProblemError & {
    readonly code: C;
  };
};

/**
 * Every problem code with its error class. Typed by the spec's enum of codes: a code the
 * spec gains fails to compile here until it has its class.
 */
export const ERROR_CLASSES: ErrorClasses = {
  malformed_request: MalformedRequestError,
  unknown_game: UnknownGameError,
  not_found: NotFoundError,
  method_not_allowed: MethodNotAllowedError,
  body_too_large: BodyTooLargeError,
  unsupported_media_type: UnsupportedMediaTypeError,
  invalid_position: InvalidPositionError,
  invalid_options: InvalidOptionsError,
  illegal_move: IllegalMoveError,
  invalid_dice: InvalidDiceError,
  game_over: GameOverError,
  work_limit_exceeded: WorkLimitExceededError,
  invalid_record: InvalidRecordError,
  invalid_tag: InvalidTagError,
  game_mismatch: GameMismatchError,
  too_many_records: TooManyRecordsError,
  result_contradicts_board: ResultContradictsBoardError,
  invalid_departure: InvalidDepartureError,
  invalid_highlight: InvalidHighlightError,
  invalid_last_move: InvalidLastMoveError,
  invalid_orientation: InvalidOrientationError,
  render_unavailable: RenderUnavailableError,
  unsigned_position: UnsignedPositionError,
  bad_signature: BadSignatureError,
  token_wrong_game: TokenWrongGameError,
  token_superseded: TokenSupersededError,
  token_ahead: TokenAheadError,
  signing_not_configured: SigningNotConfiguredError,
  clocks_need_signing: ClocksNeedSigningError,
  invalid_time_control: InvalidTimeControlError,
  clock_skew: ClockSkewError,
  clock_running: ClockRunningError,
  origin_not_allowed: OriginNotAllowedError,
  not_ready: NotReadyError,
  overloaded: OverloadedError,
  rate_limited: RateLimitedError,
  internal_error: InternalError,
  request_line_too_long: RequestLineTooLongError,
  headers_too_large: HeadersTooLargeError,
  unsupported_transfer_coding: UnsupportedTransferCodingError,
};

/** Whether `value` looks like a problem document: an object with a string code and detail. */
export function isProblem(value: unknown): value is Problem {
  if (typeof value !== "object" || value === null) {
    return false;
  }
  const { code, detail } = value as Record<string, unknown>;
  return typeof code === "string" && typeof detail === "string";
}

/**
 * The seconds a Retry-After header asks to wait: its delay in seconds, or the time until its
 * HTTP date (0 once past); undefined without a header or for one that is neither.
 */
export function retryAfterSeconds(header: string | null | undefined, now: number = Date.now()):
  number | undefined {
  const text = header?.trim();
  if (!text) {
    return undefined;
  }
  if (/^\d+$/.test(text)) {
    return Number(text);
  }
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * The error of an answer that is not a success: the class of its problem's code (the base
 * {@link ProblemError} for a code this client does not know), or a {@link TransportError}
 * when the body is not a problem document.
 */
export function errorFor(body: unknown, response: Pick<Response, "status" | "headers">):
  RefereeError {
  if (!isProblem(body)) {
    return new TransportError(
      `HTTP ${response.status} without a problem document.`, response.status);
  }
  const init: ProblemInit = { status: response.status };
  const retryAfter = retryAfterSeconds(response.headers.get("Retry-After"));
  if (retryAfter !== undefined) {
    init.retryAfter = retryAfter;
  }
  const requestId = response.headers.get("X-Request-ID");
  if (requestId !== null) {
    init.requestId = requestId;
  }
  const known = Object.prototype.hasOwnProperty.call(ERROR_CLASSES, body.code);
  const ErrorClass = known ? ERROR_CLASSES[body.code as ProblemCode] : ProblemError;
  return new ErrorClass(body, init);
}
