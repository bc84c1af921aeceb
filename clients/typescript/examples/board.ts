// A page's script around the <referee-board> element: the element keeps the game, the page
// logs each move and says when the game is over.
import "@boardgame-referee/client/referee-board";
import type { RefereeBoard } from "@boardgame-referee/client/referee-board";

const board: RefereeBoard = document.createElement("referee-board");
board.game = "mastery";
board.service = "http://127.0.0.1:8000";
board.interactive = true;
board.addEventListener("move", (event) => console.log(event.detail.move, event.detail.status));
board.addEventListener("status", (event) => {
  if (event.detail.state !== "ongoing") console.log("over:", event.detail.reason);
});
board.addEventListener("referee-error", (event) => console.warn(event.detail.code, event.detail.detail));
document.body.append(board);
