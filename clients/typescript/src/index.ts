/**
 * @boardgame-referee/client: a typed client for the board game referee service, each
 * game's options, dice, legal-move entries and events typed by its id.
 *
 *     const referee = new RefereeClient("http://127.0.0.1:8000");
 *     let game = await referee.setup("mastery");
 *     const { move } = await referee.suggest("mastery", game, { level: "random" });
 *     game = await referee.apply("mastery", move, game);   // the token goes along
 */
export { RefereeClient } from "./client.js";
export type {
  ApplyMore, ClientOptions, ExportMore, LegalMovesMore, PerftMore, PngRequest, RenderMore,
  ReplayMore, ReplayPictureMore, SuggestMore, SvgRequest,
} from "./client.js";
export * from "./errors.js";
export { GAME_IDS, isGameId } from "./games.js";
export { annotationOf, exportBodyOf, lineBody } from "./records.js";
export type { Games } from "./games.js";
export type * from "./types.js";
export type * from "./schema.js";
