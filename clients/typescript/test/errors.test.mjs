// @ts-check
// The client's error mapping and requests, with a fake fetch (no service): every problem code
// becomes its class, Retry-After becomes `retryAfter`, what is not a problem document becomes
// a TransportError, and requests carry the token only beside a position.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  ERROR_CLASSES, GameCheckError, IllegalMoveError, InternalError, InvalidTagError,
  OverloadedError, ProblemError, RateLimitedError, RecordError, RefereeClient, RefereeError,
  RenderError, SignatureError, TokenSupersededError, TooManyRecordsError, TransportError,
  exportBodyOf, lineBody, retryAfterSeconds,
} from "@boardgame-referee/client";

/** @typedef {import("@boardgame-referee/client").ProblemCode} ProblemCode */

/**
 * A client whose fetch answers `respond(request)` and records every request it was given.
 * @param {(request: Request) => Response | Promise<Response>} respond
 */
function fakeClient(respond, headers = {}) {
  /** @type {Request[]} */
  const requests = [];
  const client = new RefereeClient("http://referee.test/", {
    headers,
    fetch: async (request) => {
      requests.push(request);
      return respond(request);
    },
  });
  return { client, requests };
}

/**
 * A problem answer of `code` with `status` and extra members and headers.
 * @param {number} status
 * @param {string} code
 * @param {Record<string, unknown>} [extra]
 * @param {Record<string, string>} [headers]
 */
function problem(status, code, extra = {}, headers = {}) {
  const body = { type: `urn:boardgame-referee:problem:${code}`, title: code, status,
    detail: `The ${code} detail.`, code, ...extra };
  return new Response(JSON.stringify(body), {
    status, headers: { "Content-Type": "application/problem+json", ...headers } });
}

test("every problem code throws its own class, a ProblemError carrying the document", async () => {
  const codes = /** @type {ProblemCode[]} */ (Object.keys(ERROR_CLASSES));
  assert.ok(codes.length >= 20);
  const classes = new Set();
  for (const code of codes) {
    const { client } = fakeClient(() => problem(422, code));
    const error = await client.setup("mastery").then(() => assert.fail("no error"), (e) => e);
    assert.ok(error instanceof ERROR_CLASSES[code], code);
    assert.ok(error instanceof ProblemError && error instanceof RefereeError, code);
    assert.equal(error.code, code);
    assert.equal(error.status, 422);
    assert.equal(error.detail, `The ${code} detail.`);
    assert.equal(error.problem.code, code);
    assert.equal(error.name, ERROR_CLASSES[code].name);
    classes.add(ERROR_CLASSES[code]);
  }
  assert.equal(classes.size, codes.length, "one class per code");
});

test("the families group the render, signature and record problems", () => {
  assert.ok(ERROR_CLASSES.invalid_highlight.prototype instanceof RenderError);
  assert.ok(ERROR_CLASSES.render_unavailable.prototype instanceof RenderError);
  assert.ok(ERROR_CLASSES.bad_signature.prototype instanceof SignatureError);
  assert.ok(ERROR_CLASSES.unsigned_position.prototype instanceof SignatureError);
  assert.ok(ERROR_CLASSES.signing_not_configured.prototype instanceof SignatureError);
  for (const code of /** @type {const} */ (["token_wrong_game", "token_superseded",
    "token_ahead"])) {
    assert.ok(ERROR_CLASSES[code].prototype instanceof GameCheckError, code);
    assert.ok(ERROR_CLASSES[code].prototype instanceof SignatureError, code);
  }
  assert.ok(!(ERROR_CLASSES.bad_signature.prototype instanceof GameCheckError));
  for (const code of /** @type {const} */ (["invalid_record", "invalid_tag", "game_mismatch",
    "result_contradicts_board", "invalid_departure"])) {
    assert.ok(ERROR_CLASSES[code].prototype instanceof RecordError, code);
  }
});

test("a record's error says where the record is at fault", async () => {
  const { client } = fakeClient(() => problem(422, "invalid_tag",
    { tag: "Date", line: 2, column: 1 }));
  const error = await client.importRecord("mastery", "[Date \"someday\"] *").catch((e) => e);
  assert.ok(error instanceof InvalidTagError);
  assert.equal(error.tag, "Date");
  assert.equal(error.line, 2);
  assert.equal(error.column, 1);
});

test("the app's check's refusal says what the token claims", async () => {
  const { client } = fakeClient(() => problem(422, "token_superseded",
    { token_game_id: "g-1", token_ply: 3 }));
  const error = await client.apply("mastery", "a1a2", { position: "p", token: "t",
    game_id: "g-1", ply: 5 }).catch((e) => e);
  assert.ok(error instanceof TokenSupersededError);
  assert.equal(error.tokenGameId, "g-1");
  assert.equal(error.tokenPly, 3);
  const { client: other } = fakeClient(() => problem(422, "token_ahead"));
  const bare = await other.status("mastery").catch((e) => e);
  assert.equal(bare.tokenGameId, undefined);
  assert.equal(bare.tokenPly, undefined);
});

test("an illegal move carries its reason, and a replay's its index", async () => {
  const { client } = fakeClient(() => problem(422, "illegal_move",
    { reason: "path_blocked", index: 3, extra_member: true }));
  const error = await client.replay("mastery", ["a", "b", "c", "d"]).catch((e) => e);
  assert.ok(error instanceof IllegalMoveError);
  assert.equal(error.reason, "path_blocked");
  assert.equal(error.index, 3);
  assert.equal(error.problem["extra_member"], true);
  assert.match(error.message, /^422 illegal_move: /);
});

test("too many records says the bound and where the game past it starts", async () => {
  const { client, requests } = fakeClient(() => problem(422, "too_many_records",
    { limit: 100, line: 201, column: 1 }));
  const error = await client.importRecords("mastery", "*\n").catch((e) => e);
  assert.ok(error instanceof TooManyRecordsError && error instanceof RecordError);
  assert.deepEqual([error.limit, error.line, error.column], [100, 201, 1]);
  assert.equal(new URL(requests[0]?.url ?? "").pathname,
    "/v1/games/mastery/records/import-many");
  assert.deepEqual(await requests[0]?.json(), { records: "*\n" });
});

test("a fault in a variation names it; a failing game of many its index", async () => {
  const { client } = fakeClient(() => problem(422, "illegal_move",
    { line: 3, column: 20, variation: [[1, 0], [2, 1]], game: 4 }));
  const error = await client.importRecord("mastery", "*").catch((e) => e);
  assert.ok(error instanceof IllegalMoveError);
  assert.deepEqual(error.variation, [[1, 0], [2, 1]]);
  assert.equal(error.game, 4);
  assert.deepEqual([error.line, error.column], [3, 20]);
  const { client: plain } = fakeClient(() => problem(422, "illegal_move",
    { variation: "somewhere", game: "first" }));
  const odd = await plain.replay("mastery", ["a"]).catch((e) => e);
  assert.deepEqual([odd.variation, odd.game], [undefined, undefined]);
});

test("an import's tree becomes export's body: annotations aligned, variations by index", () => {
  /** @param {string} move @param {string} position @param {object} [more] */
  const ply = (move, position, more = {}) => ({ move, dice: null, events: [], mover: "light",
    position, status: { state: "ongoing", to_move: "dark" }, ...more });
  const inner = { plies: [ply("f2g2", "p4", { nags: [6] })], comments: [] };
  const variation = { plies: [ply("c5b5", "p3", { suffix: "?!" }),
                              ply("d3e4", "p5", { variations: [inner] })],
                      comments: [{ after: 1, text: "inside" }] };
  const plies = [ply("d2c2", "p1", { suffix: "!", nags: [1], clock_ms: 5000 }),
                 ply("b6a5", "p2", { variations: [variation], mark: "+", eval: "0.5" })];
  const line = lineBody(/** @type {any} */ (plies), [{ after: 1, text: "two\nlines" }]);
  assert.deepEqual(line, {
    moves: ["d2c2", "b6a5"], dice: [null, null], comments: [{ after: 1, text: "two\nlines" }],
    annotations: [{ suffix: "!", nags: [1] }, { mark: "+", eval: "0.5" }],
    variations: [{ after: 1, moves: ["c5b5", "d3e4"], dice: [null, null],
                   comments: [{ after: 1, text: "inside" }],
                   annotations: [{ suffix: "?!" }, {}],
                   variations: [{ after: 1, moves: ["f2g2"], dice: [null], comments: [],
                                  annotations: [{ nags: [6] }], variations: [] }] }],
  });
  const record = /** @type {any} */ ({
    game: "mastery", options: { ruleset: "classic-1990" }, from_initial: false, start: "p0",
    tags: { Game: "mastery", Options: "{}", Position: "p0", White: "Ann", Result: "*" },
    asides: [{ after: 2, kind: "resigns", player: "dark", events: [] }],
    plies, comments: [{ after: 1, text: "two\nlines" }] });
  const body = exportBodyOf(record);
  assert.equal(body.position, "p0");
  assert.deepEqual(body.options, { ruleset: "classic-1990" });
  assert.deepEqual(body.tags, { White: "Ann", Result: "*" });
  assert.deepEqual(body.asides, [{ after: 2, kind: "resigns", player: "dark" }]);
  assert.deepEqual(body.variations, line.variations);
  assert.ok(!("position" in exportBodyOf({ ...record, from_initial: true })));
});

test("field, option and errors come from the document", async () => {
  const { client } = fakeClient(() => problem(400, "malformed_request",
    { errors: { depth: ["Not a valid integer."] }, field: "board", option: "ruleset" }));
  const error = await client.perft("mastery", 1).catch((e) => e);
  assert.deepEqual(error.errors, { depth: ["Not a valid integer."] });
  assert.equal(error.field, "board");
  assert.equal(error.option, "ruleset");
});

test("an overloaded answer carries Retry-After as retryAfter seconds", async () => {
  const { client } = fakeClient(() => problem(503, "overloaded", {}, { "Retry-After": "7" }));
  const error = await client.suggest("mastery").catch((e) => e);
  assert.ok(error instanceof OverloadedError);
  assert.equal(error.status, 503);
  assert.equal(error.retryAfter, 7);
});

test("a front's rate_limited answer carries Retry-After as retryAfter seconds", async () => {
  const { client } = fakeClient(() => problem(429, "rate_limited", {}, { "Retry-After": "1" }));
  const error = await client.legalMoves("mastery").catch((e) => e);
  assert.ok(error instanceof RateLimitedError);
  assert.equal(error.status, 429);
  assert.equal(error.retryAfter, 1);
});

test("Retry-After is read as seconds or as an HTTP date", () => {
  const now = Date.parse("2030-01-01T00:00:00Z");
  assert.equal(retryAfterSeconds("120", now), 120);
  assert.equal(retryAfterSeconds(" 0 ", now), 0);
  assert.equal(retryAfterSeconds("Tue, 01 Jan 2030 00:00:30 GMT", now), 30);
  assert.equal(retryAfterSeconds("Mon, 31 Dec 2029 00:00:00 GMT", now), 0);
  assert.equal(retryAfterSeconds("soon", now), undefined);
  assert.equal(retryAfterSeconds(null, now), undefined);
});

test("a problem without Retry-After has no retryAfter", async () => {
  const { client } = fakeClient(() => problem(503, "not_ready"));
  const error = await client.status("mastery").catch((e) => e);
  assert.equal(error.retryAfter, undefined);
});

test("a code this client does not know is a plain ProblemError", async () => {
  const { client } = fakeClient(() => problem(418, "teapot"));
  const error = await client.status("mastery").catch((e) => e);
  assert.equal(error.constructor, ProblemError);
  assert.equal(error.code, "teapot");
});

test("a 500 problem is an InternalError", async () => {
  const { client } = fakeClient(() => problem(500, "internal_error"));
  assert.ok(await client.listGames().catch((e) => e) instanceof InternalError);
});

test("an answer that is not a problem document is a TransportError with its status", async () => {
  const { client } = fakeClient(() => new Response("<html>Bad gateway</html>", {
    status: 502, headers: { "Content-Type": "text/html" } }));
  const error = await client.listGames().catch((e) => e);
  assert.ok(error instanceof TransportError && !(error instanceof ProblemError));
  assert.equal(error.status, 502);
});

test("a request id is sent when given, per client, per request or per call", async () => {
  /** @type {Request[]} */
  const requests = [];
  /** @param {Request} request */
  const fetch = async (request) => {
    requests.push(request);
    const sent = request.headers.get("X-Request-ID");
    return problem(404, "unknown_game", sent === null ? {} : { request_id: sent },
      { "X-Request-ID": sent ?? "made-by-the-service" });
  };
  // a game id the client's types do not know (the fake service answers unknown_game)
  const CHESS = /** @type {import("@boardgame-referee/client").GameId} */ ("chess");
  const plain = new RefereeClient("http://referee.test", { fetch });
  const made = await plain.setup(CHESS).catch((e) => e);
  assert.equal(requests[0]?.headers.get("X-Request-ID"), null);
  assert.equal(made.requestId, "made-by-the-service");     // from the header
  const fixed = new RefereeClient("http://referee.test", { fetch, requestId: "bot-42" });
  assert.equal((await fixed.setup(CHESS).catch((e) => e)).requestId, "bot-42");
  let n = 0;
  const counting = new RefereeClient("http://referee.test", { fetch, requestId: () => `r${++n}` });
  assert.equal((await counting.setup(CHESS).catch((e) => e)).requestId, "r1");
  assert.equal((await counting.setup(CHESS).catch((e) => e)).requestId, "r2");
  const once = await plain.withRequestId("move-7").setup(CHESS).catch((e) => e);
  assert.ok(once instanceof ProblemError);
  assert.equal(once.requestId, "move-7");
  assert.equal(requests.at(-1)?.headers.get("X-Request-ID"), "move-7");
  await plain.setup(CHESS).catch(() => undefined);
  assert.equal(requests.at(-1)?.headers.get("X-Request-ID"), null);  // plain is unchanged
});

test("a service that cannot be reached is a TransportError with status 0", async () => {
  const { client } = fakeClient(() => { throw new TypeError("fetch failed"); });
  const error = await client.listGames().catch((e) => e);
  assert.ok(error instanceof TransportError);
  assert.equal(error.status, 0);
  assert.ok(error.cause instanceof TypeError);
});

test("requests: the token only beside a position, answers' other members left out", async () => {
  const { client, requests } = fakeClient(() => Response.json({}), { "X-Api-Key": "k" });
  /** @type {import("@boardgame-referee/client").ApplyResponse} */
  const answer = { position: "p", options: { ruleset: "ross-2002" }, token: "t", move: "x1",
    events: [], dice: { attacker: 1, defender: 2 },
    status: { state: "ongoing", winner: null, reason: null, to_move: "light" } };
  await client.apply("mastery", "a1a2", answer, { seed: 5 });
  await client.status("mastery", { token: "lonely" });
  await client.suggest("mastery", answer, { level: "random" });
  const [apply, status, suggest] = await Promise.all(requests.map((r) => r.json()));
  assert.deepEqual(apply, { position: "p", options: { ruleset: "ross-2002" }, token: "t",
    move: "a1a2", seed: 5 });
  assert.deepEqual(status, {});
  assert.deepEqual(suggest, { position: "p", options: { ruleset: "ross-2002" }, token: "t",
    level: "random" });
  const first = /** @type {Request} */ (requests[0]);
  assert.equal(first.url, "http://referee.test/v1/games/mastery/apply");
  assert.equal(first.method, "POST");
  assert.equal(first.headers.get("X-Api-Key"), "k");
  assert.equal(first.headers.get("Content-Type"), "application/json");
});

test("requests: the game id and ply whenever given; an answer carries them on", async () => {
  const { client, requests } = fakeClient(() => Response.json({}));
  /** @type {import("@boardgame-referee/client").Setup<"mastery"> & {token: string}} */
  const setup = { position: "p", options: { ruleset: "ross-2002" }, token: "t", game_id: "g-1",
    ply: 0 };
  await client.legalMoves("mastery", setup);
  await client.status("mastery", { game_id: "g-2", ply: 4 });
  await client.status("mastery", { ...setup, game_id: null, ply: null });
  await client.inspectToken("mastery", { token: "lonely" });
  await client.inspectToken("mastery", setup);
  await client.exportRecord("mastery", ["a1a2"], setup, {
    clocks: [{ remaining_ms: { light: 1000, dark: 2000 } }] });
  const url = client.pictureUrl("mastery", setup);
  const [legal, stated, unstated, lonely, inspected, exported] =
    await Promise.all(requests.map((r) => r.json()));
  const at = { position: "p", options: { ruleset: "ross-2002" }, token: "t" };
  assert.deepEqual(legal, { ...at, game_id: "g-1", ply: 0 });
  assert.deepEqual(stated, { game_id: "g-2", ply: 4 });
  assert.deepEqual(unstated, at);
  assert.deepEqual(lonely, { token: "lonely" });      // the token alone: the initial position
  assert.deepEqual(inspected, { ...at, game_id: "g-1", ply: 0 });
  assert.deepEqual(exported.clocks, [{ remaining_ms: { light: 1000, dark: 2000 } }]);
  assert.equal(requests[3]?.url, "http://referee.test/v1/games/mastery/tokens/inspect");
  const query = new URL(url).searchParams;
  assert.equal(query.get("game_id"), "g-1");
  assert.equal(query.get("ply"), "0");
});

test("render asks for the format and answers SVG text or a PNG blob", async () => {
  const { client, requests } = fakeClient(async (request) => {
    const body = await request.clone().json();
    return body.format === "png"
      ? new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
        headers: { "Content-Type": "image/png" } })
      : new Response("<svg/>", { headers: { "Content-Type": "image/svg+xml" } });
  });
  assert.equal(await client.render("mastery"), "<svg/>");
  const png = await client.render("mastery", {}, { format: "png", size: 100 });
  assert.ok(png instanceof Blob);
  assert.deepEqual([...new Uint8Array(await png.arrayBuffer())], [0x89, 0x50, 0x4e, 0x47]);
  const bodies = await Promise.all(requests.map((r) => r.json()));
  assert.deepEqual(bodies, [{ format: "svg" }, { format: "png", size: 100 }]);
});
