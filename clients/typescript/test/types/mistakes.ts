// Mistakes the client's and the element's types must refuse: each `@ts-expect-error` stands
// on the line before one, and `tsc` fails if that line ever compiles (the error it expects
// gone). Compiled by `npm run typecheck:types` (after `npm run build`); never run. Each
// mistake has its correct twin in uses.ts, which must compile.
import { RefereeClient, TokenSupersededError, type Suffix } from "@boardgame-referee/client";
import "@boardgame-referee/client/referee-board";
import type { RefereeBoard } from "@boardgame-referee/client/referee-board";

const referee = new RefereeClient("http://127.0.0.1:8000");

// a game id the spec does not list
// @ts-expect-error
await referee.setup("kings-mat");
// @ts-expect-error
await referee.legalMoves("chess");

// an option of another game (Mastery's ruleset) for King's Mate
// @ts-expect-error
await referee.setup("kings-mate", { ruleset: "classic-1990" });
// a value the game's option does not take
// @ts-expect-error
await referee.setup("mastery", { ruleset: "classic-1991" });
// an option of another game in the position a request starts from
// @ts-expect-error
await referee.status("maestria", { options: { players: ["w", "b"] } });

// a Maestria entry's fields and kinds read on a King's Mate entry
const kingsMate = (await referee.legalMoves("kings-mate")).moves[0];
if (kingsMate) {
  // @ts-expect-error
  console.log(kingsMate.count);
  // @ts-expect-error
  console.log(kingsMate.general);
  // @ts-expect-error
  console.log(kingsMate.kind === "step");
}

// without moves_only (or with moves_only: false) the moves are entries, not strings
// @ts-expect-error
console.log((await referee.legalMoves("mastery")).moves[0]?.toUpperCase());
// @ts-expect-error
console.log((await referee.legalMoves("mastery", {}, { moves_only: false })).moves[0]?.trim());
// with moves_only: true they are strings, not entries
// @ts-expect-error
console.log((await referee.legalMoves("mastery", {}, { moves_only: true })).moves[0]?.kind);

// dice for a game without dice, and one game's dice for another
// @ts-expect-error
await referee.apply("mastery", "e2e3", {}, { dice: { attacker: 6, defender: 1 } });
// @ts-expect-error
await referee.apply("kings-mate", "a1b2", {}, { dice: { attacker: [6], defender: [1] } });
// @ts-expect-error
await referee.replay("maestria", ["fight"], {}, { dice: [{ attacker: 6, defender: 1 }] });

// an event type another game reports, on a King's Mate answer
for (const event of (await referee.apply("kings-mate", "a1b2")).events) {
  // @ts-expect-error
  console.log(event.type === "fight");
}

// the app's check: a ply is a number, a game id a string; a token inspected is given
// @ts-expect-error
await referee.apply("mastery", "e2e3", { position: "p", token: "t", ply: "3" });
// @ts-expect-error
await referee.status("mastery", { position: "p", token: "t", game_id: 7 });
// @ts-expect-error
await referee.inspectToken("mastery", { position: "p" });
// an inspection's options are its game's
// @ts-expect-error
console.log((await referee.inspectToken("kings-mate", { token: "t" })).options.ruleset);
try {
  await referee.apply("mastery", "e2e3");
} catch (error) {
  if (error instanceof TokenSupersededError) {
    // @ts-expect-error
    const ply: string | undefined = error.tokenPly;
    console.log(ply);
  }
}

// the element: a game id it cannot play, options no game has, dice of no game, and
// answers read as the client types them (not loose records)
const board: RefereeBoard = document.createElement("referee-board");
// @ts-expect-error
board.game = "kings-mat";
// @ts-expect-error
board.options = { no_such_option: true };
// @ts-expect-error
await board.play("a1b2", { attacker: "six" });
board.addEventListener("move", (moved) => {
  // @ts-expect-error
  console.log(moved.detail.events[0]?.no_such_field);
  // @ts-expect-error
  console.log(moved.detail.dice?.no_such_die);
});
// @ts-expect-error
console.log(board.legalMoves[0]?.no_such_field);
// the app's check on the element: a ply is a number, the answer's a number too
// @ts-expect-error
board.ply = "3";
board.addEventListener("referee-error", (failed) => {
  // @ts-expect-error
  console.log(failed.detail.no_such_member.length);
});
board.addEventListener("move", (moved) => {
  // @ts-expect-error
  const ply: string | undefined = moved.detail.ply;
  console.log(ply);
});

// a file of records: an entry's record is there only once `valid` says so
const file = await referee.importRecords("mastery", "*");
const entry = file.games[0];
if (entry) {
  // @ts-expect-error
  console.log(entry.record.plies);
}
if (entry?.valid && entry.record.game === "kings-mate") {
  // a King's Mate record's options hold no Mastery ruleset
  // @ts-expect-error
  console.log(entry.record.options.ruleset);
  const ply = entry.record.plies[0];
  // NAGs are numbers, not "$1" strings
  // @ts-expect-error
  const nag: string | undefined = ply?.nags?.[0];
  // a suffix is one of the six
  // @ts-expect-error
  const suffix: Suffix = "!!!";
  // a variation's plies are plies: each has its move, not a text
  // @ts-expect-error
  const move: number | undefined = ply?.variations?.[0]?.plies[0]?.move;
  console.log(nag, suffix, move);
}
// exportRecords takes the game's moves, options and annotations
// @ts-expect-error
await referee.exportRecords("mastery", [{ moves: ["d2c2"], options: { stalemate: "loss" } }]);
// @ts-expect-error
await referee.exportRecords("mastery", [{ moves: ["d2c2"], annotations: [{ nags: ["$1"] }] }]);
// a variation says which ply it replaces
// @ts-expect-error
await referee.exportRecord("mastery", ["d2c2"], {}, { variations: [{ moves: ["d2d3"] }] });
