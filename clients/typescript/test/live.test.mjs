// @ts-check
// The client against a live service, for every game it lists: setup, several plies (dice
// passed where a move is chance), replay's history, a record exported and imported, an
// illegal move, a finished game, a suggestion, a picture, perft, and the signed token. The
// service's URL is REFEREE_URL; REFEREE_SIGNING says how it signs positions: "required"
// (REFEREE_REQUIRE_SIGNED=1), "on" (keys, not required) or "off"; unset, the suite finds
// out from the setup answer. Every step is counted, never timed.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  BadSignatureError, GameMismatchError, GameOverError, IllegalMoveError, InvalidOptionsError,
  InvalidPositionError, InvalidRecordError, InvalidTagError, MalformedRequestError,
  ProblemError, RefereeClient, TokenAheadError, TokenSupersededError, TokenWrongGameError,
  TooManyRecordsError, UnknownGameError, UnsignedPositionError, exportBodyOf,
} from "@boardgame-referee/client";

/** @typedef {import("@boardgame-referee/client").At} At */
/** @typedef {import("@boardgame-referee/client").LegalMoveEntry} LegalMoveEntry */
/** @typedef {import("@boardgame-referee/client").GameSummary} GameSummary */
/** @typedef {import("@boardgame-referee/client").Dice} Dice */
/** @typedef {import("@boardgame-referee/client").Applied} Applied */

/** A game id no service plays, cast past the client's types (which refuse unknown ids). */
const NO_SUCH_GAME = /** @type {import("@boardgame-referee/client").GameId} */ ("no-such-game");

const URL = process.env["REFEREE_URL"];
/** plies of the "several plies" test */
const PLIES = 6;
/** the most plies a game may take to finish (random moves under the quiet-plies house rule) */
const MAX_PLIES = 600;
/** the quiet-plies draw that ends a random game soon, where the game offers it */
const QUIET_PLIES = 4;

/**
 * A small seeded generator (mulberry32): the same seed gives the same game.
 * @param {number} seed
 */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The entries of a legal-moves answer (asked without moves_only, so every move is an entry).
 * @param {import("@boardgame-referee/client").LegalMovesResponse} answer
 * @returns {LegalMoveEntry[]}
 */
function entries(answer) {
  return answer.moves.map((move) => {
    assert.equal(typeof move, "object", "legal-moves answers entries unless moves_only");
    return /** @type {LegalMoveEntry} */ (move);
  });
}

/** @param {unknown} value */
function isChance(value) {
  return typeof value === "object" && value !== null && "chance" in value && value.chance === true;
}

/**
 * Asserts that `promise` rejects with an instance of `ErrorClass`, and returns that error.
 * @template {Error} E
 * @param {Promise<unknown>} promise
 * @param {new (...args: any[]) => E} ErrorClass
 * @returns {Promise<E>}
 */
async function refusal(promise, ErrorClass) {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ErrorClass,
      `expected ${ErrorClass.name}, got ${error instanceof Error ? error.name + ": " + error.message : error}`);
    return error;
  }
  assert.fail(`expected ${ErrorClass.name}, but the call succeeded`);
}

/**
 * How the service signs positions: "off" (no token), "on" (tokens given, none demanded) or
 * "required" (a position without its token is refused).
 * @param {RefereeClient} referee
 * @param {GameSummary[]} games
 */
async function signingOf(referee, games) {
  const id = /** @type {GameSummary} */ (games[0]).id;
  const setup = await referee.setup(id);
  if (!setup.token) {
    return "off";
  }
  try {
    await referee.status(id, { position: setup.position });
    return "on";
  } catch (error) {
    if (error instanceof UnsignedPositionError) {
      return "required";
    }
    throw error;
  }
}

if (!URL) {
  test("the live suite needs REFEREE_URL", { skip: "REFEREE_URL is not set" }, () => {});
} else {
  const referee = new RefereeClient(URL);
  const games = await referee.listGames();
  const signing = process.env["REFEREE_SIGNING"] ?? await signingOf(referee, games);
  const signed = signing !== "off";
  /** games whose random game passed dice to a chance move */
  const diced = new Set();

  test("the service lists games, each with its players and options", () => {
    assert.ok(games.length >= 1);
    for (const game of games) {
      assert.ok(game.players.length >= 2, game.id);
      assert.ok(Array.isArray(game.options), game.id);
    }
  });

  test("the service is healthy", async () => {
    assert.equal(await referee.health(), true);
  });

  test("a problem carries the request id the client sent, or the one the service made",
    async () => {
      const sent = await referee.withRequestId("ts-client.1").setup(NO_SUCH_GAME)
        .catch((e) => e);
      assert.ok(sent instanceof ProblemError);
      assert.equal(sent.requestId, "ts-client.1");
      const made = await referee.setup(NO_SUCH_GAME).catch((e) => e);
      assert.match(made.requestId ?? "", /^[0-9a-f]{32}$/);
    });

  for (const game of games) {
    const id = game.id;

    describe(id, () => {
      test("getGame describes it, with its reasons", async () => {
        const detail = await referee.getGame(id);
        assert.equal(detail.id, id);
        assert.deepEqual(detail.players, game.players);
        assert.ok(Object.keys(detail.reasons["illegal_move"] ?? {}).length > 0);
      });

      test("setup gives the initial position, the resolved options and the token", async () => {
        const setup = await referee.setup(id);
        assert.equal(typeof setup.position, "string");
        assert.ok(setup.position.length > 0);
        assert.equal(typeof setup.options, "object");
        assert.equal(typeof setup.token === "string", signed);
      });

      test(`${PLIES} plies of legal moves, each answer carrying the token`, async () => {
        /** @type {At} */
        let at = await referee.setup(id);
        const played = [];
        /** @type {import("@boardgame-referee/client").ApplyResponse[]} */
        const answers = [];
        for (let ply = 0; ply < PLIES; ply += 1) {
          const legal = await referee.legalMoves(id, at);
          const moves = entries(legal);
          assert.equal(legal.count, moves.length);
          const entry = moves.find(isChance) ?? moves[ply % moves.length];
          assert.ok(entry, "a game in its first plies has a legal move");
          const answer = await referee.apply(id, entry.move, at, { seed: ply });
          assert.equal(answer.move, entry.move);
          assert.ok(Array.isArray(answer.events));
          for (const event of answer.events) {
            assert.equal(typeof event.type, "string");
          }
          assert.equal(typeof answer.token === "string", signed, "the answer's token");
          assert.notEqual(answer.position, legal.position);
          played.push(answer.move);
          answers.push(answer);
          at = answer;
          if (answer.status.state !== "ongoing") {
            break;
          }
        }
        const replayed = await referee.replay(id, played,
          {}, { dice: answers.map((answer) => answer.dice ?? null) });
        assert.equal(replayed.position, at.position);
        assert.equal(replayed.plies, played.length);
        assert.equal(replayed.history, undefined);

        // the history a viewer steps through: each ply as apply answered it
        const viewed = await referee.replay(id, played, {},
          { dice: answers.map((answer) => answer.dice ?? null), history: true });
        assert.equal(viewed.history.length, answers.length);
        let mover = (await referee.status(id)).to_move;
        viewed.history.forEach((ply, index) => {
          const answer = /** @type {import("@boardgame-referee/client").ApplyResponse} */ (
            answers[index]);
          assert.deepEqual(ply, {
            move: answer.move, dice: answer.dice ?? null, events: answer.events, mover,
            position: answer.position, status: answer.status,
          });
          mover = answer.status.to_move;
        });
      });

      test("a game exported as a record imports back to the same plies", async () => {
        /** @type {At} */
        let at = await referee.setup(id);
        /** @type {import("@boardgame-referee/client").ApplyResponse[]} */
        const answers = [];
        for (let ply = 0; ply < PLIES; ply += 1) {
          const legal = entries(await referee.legalMoves(id, at));
          const entry = /** @type {LegalMoveEntry} */ (legal[(3 * ply) % legal.length]);
          const answer = await referee.apply(id, entry.move, at, { seed: ply });
          answers.push(answer);
          at = answer;
          if (answer.status.state !== "ongoing") {
            break;
          }
        }
        const moves = answers.map((answer) => answer.move);
        const exported = await referee.exportRecord(id, moves, {}, {
          dice: answers.map((answer) => answer.dice ?? null),
          tags: { Event: "Club night" }, comments: [{ after: 1, text: "A start." }],
        });
        assert.deepEqual(exported.status, answers.at(-1)?.status);
        assert.match(exported.record, /\[Event "Club night"\]/);

        const record = await referee.importRecord(id, exported.record);
        assert.deepEqual(record.plies.map((ply) => ply.move), moves);
        assert.deepEqual(record.plies.map((ply) => ply.position),
          answers.map((answer) => answer.position));
        assert.deepEqual(record.plies.map((ply) => ply.events),
          answers.map((answer) => answer.events));
        assert.equal(record.position, at.position);
        assert.equal(record.result, exported.result);
        assert.equal(record.tags["Event"], "Club night");
        assert.deepEqual(record.comments, [{ after: 1, text: "A start." }]);
        assert.equal(typeof record.token === "string", signed, "an imported game's token");

        const broken = await refusal(
          referee.importRecord(id, `[Game "${id}"]\n1. ${moves[0]} {never closed`),
          InvalidRecordError);
        assert.equal(broken.line, 2);
        assert.equal(broken.code, "invalid_record");
        const badTag = await refusal(
          referee.importRecord(id, `[Game "${id}"]\n[Date "someday"]\n*`), InvalidTagError);
        assert.equal(badTag.tag, "Date");
        await refusal(referee.importRecord(id, `[Game "no-such-game"]\n*`), GameMismatchError);
      });

      test("perft at depth 1 counts the legal moves", async () => {
        const setup = await referee.setup(id);
        const [perft, legal] = await Promise.all([
          referee.perft(id, 1, setup), referee.legalMoves(id, setup, { moves_only: true })]);
        assert.equal(perft.nodes, legal.count);
        assert.ok(legal.moves.every((move) => typeof move === "string"));
      });

      test("an illegal move throws IllegalMoveError with the rule's reason", async () => {
        const detail = await referee.getGame(id);
        const reasons = Object.keys(detail.reasons["illegal_move"] ?? {});
        const malformed = await refusal(referee.apply(id, "!!"), IllegalMoveError);
        assert.equal(malformed.reason, "malformed_move");
        assert.equal(malformed.status, 422);
        assert.equal(malformed.code, "illegal_move");
        assert.ok(malformed.detail.length > 0);

        // a move legal some plies ago and not now: well written, but not legal
        /** @type {At} */
        let at = await referee.setup(id);
        const played = [];
        const seen = new Set();
        let stale;
        while (stale === undefined && played.length < 2 * PLIES) {
          const legal = entries(await referee.legalMoves(id, at)).map((e) => e.move);
          stale = played.length > 0 ? [...seen].find((move) => !legal.includes(move)) : undefined;
          legal.forEach((move) => seen.add(move));
          if (stale === undefined) {
            const answer = await referee.apply(id, /** @type {string} */ (legal[0]), at);
            played.push(answer.move);
            at = answer;
          }
        }
        assert.ok(stale, `some move legal in the first ${2 * PLIES} plies is legal no more`);
        const refused = await refusal(referee.apply(id, stale, at), IllegalMoveError);
        assert.ok(refused.reason && reasons.includes(refused.reason), `reason ${refused.reason}`);
        assert.notEqual(refused.reason, "malformed_move");
        assert.equal(refused.problem.code, "illegal_move");

        const replay = await refusal(
          referee.replay(id, [...played, stale]), IllegalMoveError);
        assert.equal(replay.index, played.length);
      });

      test("a random game plays to its end; then moves and suggestions are refused",
        async () => {
          const quiet = game.options.some((option) => option.name === "draw_after_quiet_plies");
          const options = quiet ? { draw_after_quiet_plies: QUIET_PLIES } : undefined;
          const next = random(7);
          /** @type {At} */
          let at = await referee.setup(id, options);
          const moves = [];
          /** @type {(Dice | null)[]} */
          const dice = [];
          let status = await referee.status(id, at);
          while (status.state === "ongoing") {
            assert.ok(moves.length < MAX_PLIES, `${id} did not end in ${MAX_PLIES} plies`);
            const legal = entries(await referee.legalMoves(id, at));
            const entry = /** @type {LegalMoveEntry} */ (legal[Math.floor(next() * legal.length)]);
            /** @type {Applied} */
            const answer = await referee.apply(id, entry.move, at, { seed: moves.length });
            if (isChance(entry)) {
              // the service rolled: the same dice, passed in, give the same position
              assert.ok(answer.dice, "a chance move's answer says its dice");
              const again = await referee.apply(id, entry.move, at, { dice: answer.dice });
              assert.equal(again.position, answer.position);
              assert.deepEqual(again.dice, answer.dice);
              diced.add(id);
            }
            moves.push(answer.move);
            dice.push(answer.dice ?? null);
            at = answer;
            status = answer.status;
          }
          assert.ok(status.state === "win" || status.state === "draw");
          assert.equal(typeof status.reason, "string");
          assert.deepEqual(await referee.status(id, at), status);

          const replayed = await referee.replay(id, moves, { options: at.options }, { dice });
          assert.equal(replayed.position, at.position);
          assert.deepEqual(replayed.status, status);
          assert.equal(typeof replayed.token === "string", signed);

          const legal = await referee.legalMoves(id, at);
          assert.equal(legal.count, 0);
          await refusal(referee.apply(id, /** @type {string} */ (moves.at(-1)), at), GameOverError);
          await refusal(referee.suggest(id, at, { level: "random" }), GameOverError);
        });

      test("the computer opponent suggests a legal move", async () => {
        const setup = await referee.setup(id);
        const legal = new Set(entries(await referee.legalMoves(id, setup)).map((e) => e.move));
        const suggestion = await referee.suggest(id, setup, { level: "random", seed: 3 });
        assert.ok(legal.has(suggestion.move), suggestion.move);
        assert.equal(suggestion.entry.move, suggestion.move);
        assert.equal(suggestion.level, "random");
        const answer = await referee.apply(id, suggestion.move, setup);
        assert.equal(answer.move, suggestion.move);
      });

      test("render draws the position as SVG text and as a PNG", async () => {
        const setup = await referee.setup(id);
        const svg = await referee.render(id, setup);
        assert.match(svg, /^<svg[\s>]/);
        const png = await referee.render(id, setup, { format: "png", size: 160 });
        assert.equal(png.type, "image/png");
        const bytes = new Uint8Array(await png.arrayBuffer());
        assert.deepEqual([...bytes.slice(1, 4)], [0x50, 0x4e, 0x47]);   // "PNG"
      });

      test("a picture URL answers the POST's picture, then 304 on its ETag", async () => {
        const setup = await referee.setup(id);
        const move = /** @type {string} */ (entries(await referee.legalMoves(id, setup))[0]?.move);
        const after = await referee.apply(id, move, setup);
        const seat = /** @type {string} */ (after.status.to_move);   // not the first player
        const picture = { size: 160, orientation: seat, last_move: move };
        const url = referee.pictureUrl(id, after, { ...picture, format: "svg" });
        assert.ok(url.startsWith(`${URL?.replace(/\/+$/, "")}/v1/games/${id}/render.svg?`), url);
        const first = await fetch(url);
        assert.equal(first.status, 200);
        assert.equal(await first.text(), await referee.render(id, after, picture));
        const etag = /** @type {string} */ (first.headers.get("ETag"));
        assert.match(etag, /^"[^"]+"$/);                                 // strong
        const again = await fetch(url, { headers: { "If-None-Match": etag } });
        assert.equal(again.status, 304);
        const png = await fetch(referee.pictureUrl(id, after, { ...picture, format: "png" }));
        assert.equal(png.headers.get("Content-Type"), "image/png");
      });

      test("a game's plies as an animated picture, by POST and by URL", async () => {
        const setup = await referee.setup(id);
        const move = /** @type {string} */ (entries(await referee.legalMoves(id, setup))[0]?.move);
        const gif = await referee.replayPicture(id, [move], setup, { size: 120, seed: 1 });
        assert.equal(gif.type, "image/gif");
        const byUrl = await fetch(referee.replayPictureUrl(id, [move], setup,
                                                           { size: 120, seed: 1 }));
        assert.equal(byUrl.status, 200);
        assert.deepEqual(new Uint8Array(await byUrl.arrayBuffer()),
                         new Uint8Array(await gif.arrayBuffer()));
      });

      test("the token of a signed position goes along; an edited one is refused", async () => {
        const setup = await referee.setup(id);
        const move = /** @type {string} */ (entries(await referee.legalMoves(id, setup))[0]?.move);
        const answer = await referee.apply(id, move, setup);
        if (!signed) {
          assert.equal(setup.token, undefined);
          assert.equal(answer.token, undefined);
          return;
        }
        assert.equal(typeof setup.token, "string");
        assert.equal(typeof answer.token, "string");
        assert.notEqual(answer.token, setup.token);
        // the token is the position's own: another position's token does not verify
        const forged = { ...answer, token: setup.token };
        if (signing === "required") {
          await refusal(referee.status(id, forged), BadSignatureError);
          await refusal(referee.status(id, { position: answer.position, options: answer.options }),
            UnsignedPositionError);
        } else {
          const unsigned = await referee.apply(id, move, {
            position: setup.position, options: setup.options, token: answer.token });
          assert.equal(unsigned.token, undefined, "an unverified position is never signed");
        }
        const status = await referee.status(id, answer);
        assert.equal(status.state, "ongoing");
      });
    });
  }

  describe("the app's check: a game id and ply kept, every cheat refused", {
    skip: signed ? false : "the service does not sign positions",
  }, () => {
    const first = /** @type {GameSummary} */ (games[0]);
    const id = first.id;
    /** A game of `plies` plies of the first legal move, from setup: every answer, in order.
     * @param {number} plies */
    async function played(plies) {
      /** @type {(import("@boardgame-referee/client").Setup | Applied)[]} */
      const answers = [await referee.setup(id)];
      for (let ply = 0; ply < plies; ply += 1) {
        const at = /** @type {At} */ (answers.at(-1));
        const move = /** @type {LegalMoveEntry} */ (entries(await referee.legalMoves(id, at))[0]);
        answers.push(await referee.apply(id, move.move, at, { seed: ply }));
      }
      return answers;
    }

    test("setup mints a game id; every answer keeps it and counts the plies", async () => {
      const answers = await played(3);
      const gameId = answers[0]?.game_id;
      assert.match(gameId ?? "", /^[A-Za-z0-9_-]{22,64}$/);
      assert.deepEqual(answers.map((answer) => answer.game_id), answers.map(() => gameId));
      assert.deepEqual(answers.map((answer) => answer.ply), [0, 1, 2, 3]);
      const other = await referee.setup(id);
      assert.notEqual(other.game_id, gameId, "another setup is another game");
    });

    test("a take-back (an earlier token, the latest ply stated) is a TokenSupersededError",
      async () => {
        const answers = await played(2);
        const [, mine, latest] = /** @type {Applied[]} */ (answers);
        const kept = { game_id: latest.game_id, ply: latest.ply };
        // the player goes back to his own earlier position and token, and plays another move
        const moves = entries(await referee.legalMoves(id, mine)).map((entry) => entry.move);
        const error = await refusal(
          referee.apply(id, /** @type {string} */ (moves.at(-1)), { ...mine, ...kept }),
          TokenSupersededError);
        assert.equal(error.code, "token_superseded");
        assert.equal(error.status, 422);
        assert.equal(error.tokenPly, 1);
        assert.equal(error.tokenGameId, latest.game_id);
        // without the app's two values the service cannot tell: the earlier token verifies
        const unchecked = await referee.status(id, {
          position: mine.position, options: mine.options, token: mine.token });
        assert.equal(unchecked.state, "ongoing");
        // with them, the latest answer goes on
        const next = entries(await referee.legalMoves(id, { ...latest, ...kept }))[0];
        const on = await referee.apply(id, /** @type {LegalMoveEntry} */ (next).move,
          { ...latest, ...kept });
        assert.equal(on.ply, 3);
      });

    test("a token of another game is a TokenWrongGameError; one played past the app's ply a "
      + "TokenAheadError", async () => {
      const [ours, ourMove] = /** @type {Applied[]} */ (await played(1));
      const theirs = /** @type {Applied[]} */ (await played(1))[1];
      const kept = { game_id: ourMove.game_id, ply: ourMove.ply };
      const move = /** @type {LegalMoveEntry} */ (entries(await referee.legalMoves(id, theirs))[0]);
      const wrong = await refusal(referee.apply(id, move.move, { ...theirs, ...kept }),
        TokenWrongGameError);
      assert.equal(wrong.tokenGameId, theirs.game_id);
      assert.equal(wrong.tokenPly, 1);
      // the app knows ply 0 (setup); the game went on without it
      const ahead = await refusal(
        referee.status(id, { ...ourMove, game_id: ours.game_id, ply: ours.ply }),
        TokenAheadError);
      assert.equal(ahead.tokenPly, 1);
      assert.equal(ahead.tokenGameId, ours.game_id);
    });

    test("inspectToken answers a valid token's claims, and refuses an edited one", async () => {
      const [, , latest] = await played(2);
      const answer = /** @type {Applied} */ (latest);
      const inspected = await referee.inspectToken(id, { ...answer, token: tokenOf(answer) });
      assert.equal(inspected.valid, true);
      assert.equal(inspected.game, id);
      assert.equal(inspected.position, answer.position);
      assert.equal(inspected.game_id, answer.game_id);
      assert.equal(inspected.ply, 2);
      assert.equal(inspected.key_id, "k1");
      assert.equal(typeof inspected.signed_at, "number");
      assert.equal(inspected.code, undefined);
      // one character of the token changed: not the service's
      const token = tokenOf(answer);
      const last = token.at(-1) === "A" ? "B" : "A";
      const edited = await referee.inspectToken(id, {
        position: answer.position, options: answer.options, token: token.slice(0, -1) + last });
      assert.equal(edited.valid, false);
      assert.equal(edited.code, "bad_signature");
      assert.ok((edited.detail ?? "").length > 0);
      assert.equal(edited.game_id, undefined);
      // a valid token, but older than the ply stated
      const stale = await referee.inspectToken(id, { ...answer, token: tokenOf(answer), ply: 5 });
      assert.equal(stale.valid, false);
      assert.equal(stale.code, "token_superseded");
    });
  });

  test("a clocked game exported with its clocks and final token imports back with both", {
    skip: signed && games.some((game) => game.id === "kings-mate") ? false
      : "needs King's Mate on a service that signs positions",
  }, async () => {
    /** @type {At & {clocks?: import("@boardgame-referee/client").Clocks}} */
    let at = await referee.setup("kings-mate", null, { base_seconds: 300, increment_seconds: 2 });
    /** @type {Applied[]} */
    const answers = [];
    for (let ply = 0; ply < 4; ply += 1) {
      const move = /** @type {LegalMoveEntry} */ (
        entries(await referee.legalMoves("kings-mate", at))[ply]);
      const answer = await referee.apply("kings-mate", move.move, at, { seed: ply });
      answers.push(answer);
      at = answer;
    }
    const clocks = answers.map((answer) =>
      /** @type {import("@boardgame-referee/client").Clocks} */ (answer.clocks));
    const last = /** @type {Applied} */ (answers.at(-1));
    const exported = await referee.exportRecord("kings-mate", answers.map((a) => a.move), {}, {
      clocks, tags: { Token: tokenOf(last), GameId: /** @type {string} */ (last.game_id) } });
    assert.match(exported.record, /\[TimeControl "300\+2"\]/);
    assert.match(exported.record, /\[%clk \d+:\d\d:\d\d(\.\d{3})?\]/);
    const record = await referee.importRecord("kings-mate", exported.record);
    record.plies.forEach((ply, index) => {
      const remaining = /** @type {number} */ (clocks[index]?.remaining_ms[ply.mover]);
      assert.equal(ply.clock_ms, remaining, `ply ${index}: the mover's clock after it`);
    });
    assert.equal(record.final_token?.valid, true);
    assert.equal(record.final_token?.game_id, last.game_id);
    assert.equal(record.final_token?.ply, 4);
    const forged = exported.record.replace(tokenOf(last), tokenOf(answers[0] ?? last));
    const handWritten = await referee.importRecord("kings-mate", forged);
    assert.equal(handWritten.final_token?.valid, false);
  });

  /** @param {{token?: string}} answer */
  function tokenOf(answer) {
    return /** @type {string} */ (answer.token);
  }

  describe("problems", () => {
    const first = /** @type {GameSummary} */ (games[0]);

    test("an unknown game is an UnknownGameError (404)", async () => {
      const error = await refusal(referee.setup(NO_SUCH_GAME), UnknownGameError);
      assert.equal(error.status, 404);
    });

    test("a broken position is an InvalidPositionError", async () => {
      const position = referee.status(first.id, { position: "?" });
      if (signing === "required") {    // refused before it is read
        await refusal(position, UnsignedPositionError);
      } else {
        const error = await refusal(position, InvalidPositionError);
        assert.equal(error.status, 422);
      }
    });

    test("an unknown option is an InvalidOptionsError naming it", async () => {
      const options = /** @type {any} */ ({ no_such_option: 1 });
      const error = await refusal(referee.setup(first.id, options), InvalidOptionsError);
      assert.equal(error.option, "no_such_option");
    });

    test("a body that breaks the schema is a MalformedRequestError listing the field",
      async () => {
        const depth = /** @type {any} */ ("deep");
        const error = await refusal(referee.perft(first.id, depth), MalformedRequestError);
        assert.equal(error.status, 400);
        assert.ok(error.errors && "depth" in error.errors);
      });
  });

  describe("files of records", {
    skip: ["mastery", "kings-mate"].every((id) => games.some((game) => game.id === id)) ? false
      : "needs Mastery and King's Mate",
  }, () => {
    /** Three records of two games, the second broken at its line 7, column 17. */
    const FILE = [
      '[Game "mastery"]', "", "1. d2c2 b6a5 *", "",
      '[Game "kings-mate"]', "", "1. d2d3 d8d7 2. d3d6 *", "",
      '[Game "kings-mate"]', "", "1. d2d3 *", "",
    ].join("\n");

    test("each game is judged on its own, the broken one reported alone where it fails",
      async () => {
        const file = await referee.importRecords("mastery", FILE);
        assert.equal(file.count, 3);
        assert.equal(file.failed, 1);
        assert.deepEqual(file.games.map((game) => [game.index, game.line, game.valid]),
          [[0, 1, true], [1, 5, false], [2, 9, true]]);
        const [mastery, broken, kingsMate] = file.games;
        assert.ok(mastery?.valid && kingsMate?.valid && broken && !broken.valid);
        assert.equal(mastery.record.game, "mastery");
        assert.deepEqual(mastery.record.plies.map((ply) => ply.move), ["d2c2", "b6a5"]);
        assert.equal(kingsMate.record.game, "kings-mate");
        assert.deepEqual(kingsMate.record.plies.map((ply) => ply.move), ["d2d3"]);
        assert.equal(broken.first_line, '[Game "kings-mate"]');
        assert.equal(broken.problem.code, "illegal_move");
        assert.deepEqual([broken.problem.line, broken.problem.column, broken.problem.index],
          [7, 17, 2]);
      });

    test("an annotated record with variations exports and imports back to the same tree",
      async () => {
        const written = await referee.exportRecord("mastery", ["d2c2", "b6a5", "d3e4"], {}, {
          annotations: [{ suffix: "!", nags: [1, 14] }, {}, { eval: "0.5" }],
          comments: [{ after: 1, text: "two\nlines" }],
          variations: [{ after: 1, moves: ["c5b5", "d3e4"], dice: [null, null],
                         annotations: [{ suffix: "?!" }], comments: [],
                         variations: [{ after: 1, moves: ["f2g2"], dice: [null], comments: [],
                                        annotations: [{ nags: [6] }], variations: [] }] }],
        });
        const [first] = (await referee.importRecords("mastery", written.record)).games;
        assert.ok(first?.valid && first.record.game === "mastery");
        const record = first.record;
        const [opening, reply] = record.plies;
        assert.deepEqual([opening?.suffix, opening?.nags], ["!", [1, 14]]);
        assert.equal(record.plies[2]?.eval, "0.5");
        const variation = reply?.variations?.[0];
        assert.deepEqual(variation?.plies.map((ply) => [ply.move, ply.suffix]),
          [["c5b5", "?!"], ["d3e4", undefined]]);
        assert.deepEqual(variation?.plies[1]?.variations?.[0]?.plies.map((ply) => ply.nags),
          [[6]]);
        // the variation starts from the position before the ply it replaces
        assert.notEqual(variation?.plies[0]?.position, reply?.position);

        const again = await referee.exportRecords("mastery", [exportBodyOf(record)]);
        assert.equal(again.count, 1);
        const [back] = (await referee.importRecords("mastery", again.records)).games;
        assert.ok(back?.valid);
        assert.deepEqual(back.record.plies, record.plies);
        assert.deepEqual(back.record.comments, record.comments);
        assert.equal(back.record.comments[0]?.text, "two\nlines");
      });

    test("a fault inside a variation names the variation", async () => {
      const error = await refusal(referee.importRecord("mastery",
        '[Game "mastery"]\n\n1. d2c2 b6a5 (1... d2d8) *\n'), IllegalMoveError);
      assert.deepEqual(error.variation, [[1, 0]]);
      assert.deepEqual([error.line, error.column], [3, 20]);
    });

    test("a game of an export of many that fails is named by its index", async () => {
      const error = await refusal(
        referee.exportRecords("mastery", [{ moves: ["d2c2"] }, { moves: ["zz"] }]),
        IllegalMoveError);
      assert.deepEqual([error.game, error.index], [1, 0]);
    });

    test("a text of more games than a request judges is a TooManyRecordsError", async () => {
      const error = await refusal(referee.importRecords("mastery", "*\n".repeat(101)),
        TooManyRecordsError);
      assert.ok(error instanceof ProblemError && error.status === 422);
      assert.deepEqual([error.limit, error.line, error.column], [100, 101, 1]);
    });
  });

  test("a game with dice passed them back in to a chance move", async () => {
    const details = await Promise.all(games.map((game) => referee.getGame(game.id)));
    const withDice = details.filter((detail) => detail.dice !== null).map((detail) => detail.id);
    assert.ok(withDice.length === 0 || diced.size > 0,
      `no random game of ${withDice.join(", ")} took a chance move`);
  });
}
