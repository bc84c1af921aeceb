// Copies the <referee-board> element (its module and its types) from the service, which serves
// the same file at /v1/elements/referee-board.js, into dist/: the package ships the very file the
// service serves, never a copy kept by hand.
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const source = join(here, "..", "..", "..", "service", "static");
const target = join(here, "..", "dist");
mkdirSync(target, { recursive: true });
for (const name of ["referee-board.js", "referee-board.d.ts"]) {
  copyFileSync(join(source, name), join(target, name));
}
