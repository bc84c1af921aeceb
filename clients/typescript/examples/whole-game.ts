// A whole game of Mastery, the computer playing both sides, against a service on port 8000.
import { RefereeClient, type At } from "@boardgame-referee/client";

const referee = new RefereeClient("http://127.0.0.1:8000");
let at: At = await referee.setup("mastery");          // position, options (and token)
let status = await referee.status("mastery", at);
while (status.state === "ongoing") {
  const { move } = await referee.suggest("mastery", at, { level: "random" });
  const played = await referee.apply("mastery", move, at);   // sends the token back
  console.log(played.move, played.events.map((event) => event.type).join(" "));
  at = played;
  status = played.status;
}
console.log(status.state, status.winner ?? "", status.reason);
