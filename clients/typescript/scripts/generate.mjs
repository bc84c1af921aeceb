// Writes the TypeScript types of the service's API, generated from the repository's openapi.yaml
// by openapi-typescript, to src/schema.ts (or to the file named by the first argument, which is
// how the test comparing them with the committed ones runs it). Never edit src/schema.ts by
// hand: change the service, regenerate openapi.yaml (python -m service.spec), then run
// `npm run generate`.
import { writeFile } from "node:fs/promises";
import openapiTS, { astToString } from "openapi-typescript";

const spec = new URL("../../../openapi.yaml", import.meta.url);
const out = process.argv[2] ?? new URL("../src/schema.ts", import.meta.url);

const HEADER = `/**
 * The service's API as TypeScript types, generated from openapi.yaml by openapi-typescript.
 * Do not edit: run \`npm run generate\` (see scripts/generate.mjs).
 */

`;

const ast = await openapiTS(spec, {
  // every component schema is also exported under its own name (Problem, MoveEvent, ...)
  rootTypes: true,
  rootTypesNoSchemaPrefix: true,
  rootTypesKeepCasing: true,
  // a request member with a default may be left out (the service fills it in)
  defaultNonNullable: false,
  silent: true,
});
await writeFile(out, HEADER + astToString(ast));
