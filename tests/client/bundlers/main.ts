// A page's script importing the client and the <referee-board> element exactly as
// clients/typescript/README.md says, bundled by esbuild and by Vite in
// tests/client/test_bundlers.py. The service's URL is the page's `?service=`; the page sets up
// a game of King's Mate with the client, hands it to an interactive board, and records the
// board's `move` events in `window.moves`.
import { RefereeClient } from "@boardgame-referee/client";
import "@boardgame-referee/client/referee-board";       // defines <referee-board>
import type { RefereeBoard } from "@boardgame-referee/client/referee-board";

declare global {
  interface Window { moves: string[]; failures: string[] }
}

window.moves = [];
window.failures = [];
const service = new URLSearchParams(location.search).get("service") ?? "";
const referee = new RefereeClient(service);

referee.setup("kings-mate").then((game) => {
  const board: RefereeBoard = document.createElement("referee-board");
  board.game = "kings-mate";
  board.service = service;
  board.position = game.position;
  board.token = game.token ?? null;
  board.interactive = true;
  board.addEventListener("move", (event) => window.moves.push(event.detail.move));
  board.addEventListener("error", (event) => window.failures.push(event.detail.code));
  document.body.append(board);
}, (error: unknown) => window.failures.push(String(error)));
