/**
 * A record's tree as export takes it: what importRecord or importRecords answered, turned into
 * the body of exportRecord or exportRecords, so that exporting it and importing the text gives
 * the same plies (moves, dice, annotations, variations) and comments back.
 */
import type { GameId, RecordComment } from "./schema.js";
import type {
  Annotation, ExportGame, Imported, ImportedPly, LineBody,
} from "./types.js";

/** The annotation members of a ply, the ones export writes back. */
const ANNOTATION_KEYS = ["suffix", "nags", "mark", "eval"] as const;

/** The tags export writes from the request itself (the game, its options and position). */
const OWN_TAGS = new Set(["Game", "Options", "Position"]);

/** A ply's annotations as export takes them: its suffix, NAGs, mark and eval where it has
 * them ({} for none). */
export function annotationOf<G extends GameId>(ply: ImportedPly<G>): Annotation {
  const annotation: Annotation = {};
  for (const key of ANNOTATION_KEYS) {
    if (ply[key] !== undefined) {
      Object.assign(annotation, { [key]: ply[key] });
    }
  }
  return annotation;
}

/** A line of an import's answer (its main line or a variation: `plies` and `comments`) as
 * export takes it: the moves, their dice, the comments, each ply's annotations, and every
 * ply's variations (each with `after`, the index in this line of the ply it replaces), down
 * the whole tree. */
export function lineBody<G extends GameId>(plies: readonly ImportedPly<G>[],
                                           comments: readonly RecordComment[]): LineBody<G> {
  const variations: LineBody<G>["variations"] = [];
  plies.forEach((ply, after) => {
    for (const variation of ply.variations ?? []) {
      variations.push({ after, ...lineBody(variation.plies, variation.comments) });
    }
  });
  return {
    moves: plies.map((ply) => ply.move),
    dice: plies.map((ply) => ply.dice),
    comments: comments.map(({ after, text }) => ({ after, text })),
    annotations: plies.map(annotationOf),
    variations,
  };
}

/** An imported record as exportRecords takes it (or exportRecord: its moves, its position
 * and options as the `at`, the rest as `more`): its options, its start when not the game's
 * initial position, its own tags (not Game, Options and Position, which export writes from
 * these), its off-board events, and {@link lineBody} of its plies and comments. Clocks are
 * left out: export takes them as apply answers them, each seat's time. */
export function exportBodyOf<G extends GameId>(record: Imported<G>): ExportGame<G> & LineBody<G> {
  const tags = Object.fromEntries(
    Object.entries(record.tags).filter(([name]) => !OWN_TAGS.has(name)));
  return {
    options: record.options,
    ...(record.from_initial ? {} : { position: record.start }),
    tags,
    asides: record.asides.map(({ after, kind, player }) => ({ after, kind, player })),
    ...lineBody(record.plies, record.comments),
  };
}
