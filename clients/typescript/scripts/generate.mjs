// Writes the TypeScript types of the service's API, generated from the repository's openapi.yaml,
// into src/ (or into the folder named by the first argument, which is how the test comparing
// them with the committed ones runs it):
// - schema.ts: every path and component schema, by openapi-typescript;
// - games.ts: each game's own types by game id (its options, dice, legal-move entries and
//   events), read from the GameId component's `x-game-components`, so a game the service
//   gains is typed here by regenerating, with no hand edit.
// Never edit either by hand: change the service, regenerate openapi.yaml
// (python -m service.spec), then run `npm run generate`.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import yaml from "js-yaml";
import openapiTS, { astToString } from "openapi-typescript";

const spec = new URL("../../../openapi.yaml", import.meta.url);
const folder = process.argv[2] ?? fileURLToPath(new URL("../src/", import.meta.url));
/** The extension of the GameId schema naming each game's components (service/components.py). */
const LINKS = "x-game-components";

const SCHEMA_HEADER = `/**
 * The service's API as TypeScript types, generated from openapi.yaml by openapi-typescript.
 * Do not edit: run \`npm run generate\` (see scripts/generate.mjs).
 */

`;

/** schema.ts: the spec as types, every component schema also exported under its own name. */
async function schemaModule() {
  const ast = await openapiTS(spec, {
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
    rootTypesKeepCasing: true,
    // a request member with a default may be left out (the service fills it in)
    defaultNonNullable: false,
    silent: true,
  });
  return SCHEMA_HEADER + astToString(ast);
}

/** The type of the component schemas `names`: their union, or `never` for none. */
function union(names) {
  return names.length === 0 ? "never" : names.map((name) => `Schemas["${name}"]`).join(" | ");
}

/** games.ts: the `Games` map, the ids as a value, and the guard telling a known id. */
function gamesModule(document) {
  const gameId = document.components.schemas.GameId;
  const links = gameId[LINKS];
  const ids = gameId.enum;
  const missing = ids.filter((id) => !(id in links));
  if (missing.length > 0) {
    throw new Error(`openapi.yaml's GameId ${LINKS} names no components for ${missing}`);
  }
  const members = ids.map((id) => {
    const game = links[id];
    return [
      `  ${JSON.stringify(id)}: {`,
      `    options: ${union([game.options])};`,
      `    dice: ${union(game.dice ? [game.dice] : [])};`,
      `    entry: ${union(game.entries)};`,
      `    event: ${union(game.events)};`,
      "  };",
    ].join("\n");
  });
  return `/**
 * Each game's own types, by game id, generated from openapi.yaml (the GameId schema's
 * \`${LINKS}\`) by scripts/generate.mjs.
 * Do not edit: run \`npm run generate\`.
 */
import type { GameId, components } from "./schema.js";

type Schemas = components["schemas"];

/**
 * Every game the spec lists, by id: its \`options\`, its \`dice\` (\`never\` for a game without
 * dice), the \`entry\` its legal moves are answered as and the \`event\` its moves report (each
 * a union, told apart by \`kind\` and by \`type\`).
 */
export interface Games {
${members.join("\n")}
}

/** The ids of the games this client's types know, in the spec's order. */
export const GAME_IDS: readonly GameId[] = [${ids.map((id) => JSON.stringify(id)).join(", ")}];

/** Whether \`id\` (a URL's, a form's, a newer service's) names a game this client's types know:
 * narrows a string to a {@link GameId}. */
export function isGameId(id: string): id is GameId {
  return (GAME_IDS as readonly string[]).includes(id);
}
`;
}

const document = yaml.load(await readFile(spec, "utf8"));
await writeFile(join(folder, "schema.ts"), await schemaModule());
await writeFile(join(folder, "games.ts"), gamesModule(document));
