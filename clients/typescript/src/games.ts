/**
 * Each game's own types, by game id, generated from openapi.yaml (the GameId schema's
 * `x-game-components`) by scripts/generate.mjs.
 * Do not edit: run `npm run generate`.
 */
import type { GameId, components } from "./schema.js";

type Schemas = components["schemas"];

/**
 * Every game the spec lists, by id: its `options`, its `dice` (`never` for a game without
 * dice), the `entry` its legal moves are answered as and the `event` its moves report (each
 * a union, told apart by `kind` and by `type`).
 */
export interface Games {
  "kings-mate": {
    options: Schemas["KingsMateOptions"];
    dice: Schemas["KingsMateDice"];
    entry: Schemas["MoveEntry"] | Schemas["CaptureEntry"] | Schemas["PromotionEntry"] | Schemas["CrownEntry"] | Schemas["GambitEntry"];
    event: Schemas["AttemptEvent"] | Schemas["MoveEvent"] | Schemas["CaptureEvent"] | Schemas["PromotionEvent"] | Schemas["PlyEndsEvent"];
  };
  "maestria": {
    options: Schemas["MaestriaOptions"];
    dice: Schemas["MaestriaDice"];
    entry: Schemas["PlaceEntry"] | Schemas["StepEntry"] | Schemas["EndEntry"] | Schemas["FightEntry"] | Schemas["RetreatEntry"];
    event: Schemas["EndEvent"] | Schemas["TurnEvent"] | Schemas["PlaceEvent"] | Schemas["PhaseEvent"] | Schemas["StepEvent"] | Schemas["AttackEvent"] | Schemas["EnterEvent"] | Schemas["RetreatEvent"] | Schemas["FightEvent"] | Schemas["TieEvent"] | Schemas["LossEvent"] | Schemas["GeneralEliminatedEvent"];
  };
  "mastery": {
    options: Schemas["MasteryOptions"];
    dice: never;
    entry: Schemas["MoveEntry"] | Schemas["CaptureEntry"] | Schemas["DevourEntry"];
    event: Schemas["MoveEvent"] | Schemas["ControlEvent"] | Schemas["CaptureEvent"] | Schemas["DevourEvent"] | Schemas["ResurrectionEvent"];
  };
  "sceptre": {
    options: Schemas["SceptreOptions"];
    dice: never;
    entry: Schemas["PassEntry"] | Schemas["MoveEntry"] | Schemas["CaptureEntry"] | Schemas["PromotionEntry"];
    event: Schemas["PassEvent"] | Schemas["MoveEvent"] | Schemas["CaptureEvent"] | Schemas["PromotionEvent"] | Schemas["KingCapturedEvent"] | Schemas["RemovedEvent"];
  };
}

/** The ids of the games this client's types know, in the spec's order. */
export const GAME_IDS: readonly GameId[] = ["kings-mate", "maestria", "mastery", "sceptre"];

/** Whether `id` (a URL's, a form's, a newer service's) names a game this client's types know:
 * narrows a string to a {@link GameId}. */
export function isGameId(id: string): id is GameId {
  return (GAME_IDS as readonly string[]).includes(id);
}
