// What the client's and the element's types must accept: each game's own options, dice,
// entries and events, read without a cast. Compiled by `npm run typecheck:types` (after
// `npm run build`, against the package as users import it); never run.
import {
  GameCheckError, RefereeClient, TooManyRecordsError, exportBodyOf, isGameId, type Applied, type At, type Dice, type Entry,
  type GameCheck, type GameEvent, type ImportedPly, type Options, type Suffix,
  type Variation,
} from "@boardgame-referee/client";
import "@boardgame-referee/client/referee-board";
import type { RefereeBoard } from "@boardgame-referee/client/referee-board";

const referee = new RefereeClient("http://127.0.0.1:8000");

// options by game, the answer's options the game's
const kingsMate = await referee.setup("kings-mate", { active_play: true, stalemate: "loss" });
const stalemate: "draw" | "loss" | undefined = kingsMate.options.stalemate;
const mastery = await referee.setup("mastery", { ruleset: "classic-1990" });
const ruleset: Options<"mastery">["ruleset"] = mastery.options.ruleset;
await referee.setup("sceptre", { players: ["w", "r", "b"] });

// entries by game, without moves_only: every King's Mate entry has its squares
const legal = await referee.legalMoves("kings-mate", kingsMate);
const first = legal.moves[0];
const from: string | undefined = first?.from;
for (const entry of (await referee.legalMoves("maestria")).moves) {
  if (entry.kind === "step") {
    const pawns: number = entry.count;
    const attack: boolean | undefined = entry.attack;
    console.log(pawns, attack);
  }
}
const explicit: Entry<"kings-mate">[] =
  (await referee.legalMoves("kings-mate", {}, { moves_only: false })).moves;

// strings with moves_only: true; either when it is known only at run time
const notations: string[] = (await referee.legalMoves("mastery", mastery, { moves_only: true })).moves;
const shouting = notations[0]?.toUpperCase();
const either = await referee.legalMoves("mastery", mastery, { moves_only: Math.random() < 0.5 });
const texts = either.moves.map((move) => (typeof move === "string" ? move : move.move));

// dice and events by game
const attempt: Applied<"kings-mate"> = await referee.apply(
  "kings-mate", "a1b2", kingsMate, { dice: { attacker: 6, defender: 1 } });
const rolled: Dice<"kings-mate"> | null | undefined = attempt.dice;
const fight = await referee.apply("maestria", "fight", {}, { dice: { attacker: [6, 2], defender: [3] } });
for (const event of fight.events) {
  if (event.type === "fight") console.log(event.winner, event.dice.attacker);
}
const event: GameEvent<"mastery"> | undefined = (await referee.apply("mastery", "e2e3")).events[0];
const history = await referee.replay("maestria", [], {}, { history: true });
const plyDice: Dice<"maestria"> | null | undefined = history.history[0]?.dice;
const suggested: Entry<"sceptre"> = (await referee.suggest("sceptre")).entry;

// an answer is the next request's start, of its game or of any (At without a game)
let at: At = kingsMate;
at = await referee.apply("kings-mate", "a1b2", at);

// the app's check: the two values kept per game, stated beside a position handed in
const kept: GameCheck = { game_id: at.game_id ?? null, ply: at.ply ?? null };
const handedIn = { position: at.position, options: at.options, token: at.token };
at = await referee.apply("kings-mate", "b2b3", { ...handedIn, ...kept });
try {
  await referee.status("kings-mate", { ...handedIn, ...kept });
} catch (error) {
  if (error instanceof GameCheckError) {
    const claimed: [string | undefined, number | undefined] = [error.tokenGameId, error.tokenPly];
    console.log(error.code, claimed);
  }
}
if (at.token) {
  const inspected = await referee.inspectToken("kings-mate", { ...at, token: at.token });
  const claims: [boolean, string | undefined, number | undefined, number | undefined] =
    [inspected.valid, inspected.game_id, inspected.ply, inspected.clocks?.as_of];
  const stalemateRule: Options<"kings-mate">["stalemate"] = inspected.options.stalemate;
  console.log(claims, stalemateRule);
}
const imported = await referee.importRecord("kings-mate", "[Game \"kings-mate\"] *");
const clockMs: number | undefined = imported.plies[0]?.clock_ms;
const verdict: boolean | undefined = imported.final_token?.valid;
await referee.exportRecord("kings-mate", ["b2b3"], {}, {
  clocks: [{ remaining_ms: { white: 300_000, black: 300_000 } }] });
console.log(clockMs, verdict);

// a game id known only at run time (a URL's, a form's) is checked, then typed
const fromUrl: string = new URLSearchParams("game=mastery").get("game") ?? "";
if (isGameId(fromUrl)) await referee.setup(fromUrl);

// the element: the client's types in its properties, methods and events
const board: RefereeBoard = document.createElement("referee-board");
board.game = "maestria";
board.options = { terrain: "PFMPFMMFPMFP/PFMPFMMFPMFP" };
board.addEventListener("move", (moved) => {
  const applied: Applied = moved.detail;
  for (const happened of applied.events) {
    if (happened.type === "capture") console.log(happened.piece, happened.square);
  }
  const dice: Dice | null | undefined = moved.detail.dice;
  console.log(dice);
});
board.addEventListener("error", (failed) => console.log(failed.detail.code));
board.addEventListener("referee-error", (failed) => console.log(failed.detail.code, failed.detail.detail));
// the page hands the element a game it kept: its position, token, game id and ply
board.position = attempt.position;
board.token = attempt.token ?? null;
board.gameId = attempt.game_id ?? null;
board.ply = attempt.ply ?? null;
board.addEventListener("move", (moved) => {
  const latest: [string | undefined, number | undefined] = [moved.detail.game_id, moved.detail.ply];
  const shown: [string | null, number | null] = [board.gameId, board.ply];
  console.log(latest, shown);
});
const entries: Entry[] = board.legalMoves;
await board.play("fight", { attacker: [6], defender: [2] });

console.log(stalemate, ruleset, from, explicit, shouting, texts, rolled, event, plyDice,
            suggested, at, entries);

// a file of records: each valid entry's record told apart by its game, its plies annotated
const file = await referee.importRecords("mastery", "*");
for (const game of file.games) {
  if (!game.valid) {
    const where: [number | undefined, number | undefined] = [game.problem.line,
                                                             game.problem.column];
    console.log(game.index, game.first_line, where, game.problem.code);
  } else if (game.record.game === "kings-mate") {
    const rules: "draw" | "loss" | undefined = game.record.options.stalemate;
    const first: ImportedPly<"kings-mate"> | undefined = game.record.plies[0];
    const suffix: Suffix | undefined = first?.suffix;
    const nags: number[] | undefined = first?.nags;
    const lines: Variation<"kings-mate">[] = first?.variations ?? [];
    const deeper: string[] = lines.flatMap((line) =>
      line.plies.flatMap((ply) => (ply.variations ?? []).map((inner) => inner.plies[0]?.move ?? "")));
    console.log(rules, suffix, nags, first?.mark, first?.eval, deeper);
    await referee.exportRecords("kings-mate", [exportBodyOf(game.record)]);
  }
}
try {
  await referee.importRecords("mastery", "*\n".repeat(101));
} catch (error) {
  if (error instanceof TooManyRecordsError) {
    const bound: [number | undefined, number | undefined, number | undefined] =
      [error.limit, error.line, error.column];
    console.log(bound);
  }
}

// the README's round trip of a file of records
const text = "*";
const round = await referee.importRecords("mastery", text);
for (const game of round.games) {
  if (!game.valid) console.log(`game ${game.index + 1}, line ${game.problem.line}: ${game.problem.detail}`);
}
const valid = round.games.flatMap((game) => game.valid && game.record.game === "mastery" ? [game.record] : []);
const { records } = await referee.exportRecords("mastery", valid.map(exportBodyOf));
console.log(records);
