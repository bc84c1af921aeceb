/**
 * @boardgame-referee/client: a typed client for the board game referee service.
 *
 *     const referee = new RefereeClient("http://127.0.0.1:8000");
 *     let game = await referee.setup("mastery");
 *     const { move } = await referee.suggest("mastery", game, { level: "random" });
 *     game = await referee.apply("mastery", move, game);   // the token goes along
 */
export { RefereeClient } from "./client.js";
export type {
  ApplyMore, ClientOptions, ExportMore, LegalMovesMore, PerftMore, PngRequest, RenderMore,
  ReplayMore, SuggestMore, SvgRequest,
} from "./client.js";
export * from "./errors.js";
export type * from "./types.js";
export type * from "./schema.js";
