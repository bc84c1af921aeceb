"""Whole games over HTTP: ``POST /v1/games/{game}/records/import`` judges a record's text,
``POST /v1/games/{game}/records/export`` writes one; ``records/import-many`` judges a text of
several games one by one (answered as JSON, or one JSON line a game for a client that prefers
``application/x-ndjson``) and ``records/export-many`` writes several.

The record format and its judge are :mod:`rules.records` (the grammar is in
``docs/record-format.md``); this module knows no game. The operations are bounded like replay: at
most :data:`~service.operations.schemas.MAX_REPLAY_MOVES` plies a game, refused before any is
played, and :data:`~rules.records.collection.MAX_RECORDS` games a text; they are costed per
ply for load shedding. An import's final position is signed by the service's one signing
step (:class:`service.http.admission.SignedPositions`, run by
:func:`service.http.serving.serve`) only when the record starts from the initial position
and holds no off-board event (a resignation, a departure, a loss on time, a draw agreed), so
that importing never turns a position the service did not see played into a signed one.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from marshmallow import Schema, fields, validate

from rules import registry
from rules.core.game import Game
from rules.records import AGREEMENTS, ASIDE_WORDS, DRAW_AGREED, load, write_game
from rules.core.errors import RulesError, WorkLimitExceeded
from rules.records.clocks import EVAL_VALUE
from rules.records.collection import MAX_RECORDS, Judged, check_count, load_many
from rules.records.loading import MARKS
from rules.records.syntax import MAX_NAG, MAX_VARIATION_DEPTH, SUFFIXES
from rules.records.writing import Annotation, GivenVariation

from . import schemas as s
from .answers import replay_cost
from service.concerns.clocks import TimeControl
from service.spec.components import component_field
from .fields import PlainList, StrictInteger, Text, TextMap, TrimmedString
from .plain import PlainObject
from service.http.problems import problem_document
from .positions import canonical, position_for
from service.concerns.shedding import RECORD_MS_PER_KIB, REPLAY_MS_PER_MOVE
from service.concerns.signing import Signer
from .tokens import TokenVerdictSchema, inspected

#: the off-board events a record holds, as export takes them
ASIDE_KINDS = (*ASIDE_WORDS, DRAW_AGREED)
#: the most tags one export may carry, and the longest tag value (a tag's name is judged by
#: the record's rules: letters, digits and '_')
MAX_TAGS = 64
MAX_TAG_VALUE = 2048
#: the longest player name an off-board event may give
MAX_PLAYER_NAME = 64
#: the largest number of milliseconds a clock (or a date, epoch milliseconds) may show
MAX_CLOCK_MS = 2**53 - 1
#: the longest comment one export may carry
MAX_COMMENT_LENGTH = 4096


# ---- import ----------------------------------------------------------------------------------

class RecordImportRequestSchema(s.StrictSchema):
    record = Text(required=True, validate=validate.Length(max=s.MAX_BODY_BYTES), metadata={
        "description": "The record's text, as docs/record-format.md writes it: tag pairs such as "
                       "[Game \"<game id>\"], then the numbered moves in the game's notation "
                       "(dice in <...> after a chance move, {comments}, off-board events such "
                       "as (black resigns)), then the result. At most "
                       f"{s.MAX_REPLAY_MOVES} plies (422 work_limit_exceeded beyond, before any "
                       "is played)."})


class RecordAsideSchema(Schema):
    after = fields.Integer(required=True, metadata={
        "description": "How many plies were played before it."})
    kind = fields.String(required=True, metadata={"enum": list(ASIDE_KINDS)})
    player = fields.String(required=True, allow_none=True, metadata={
        "nullable": True, "description": "The player it concerns (null for a draw agreed)."})
    events = fields.List(fields.Raw(metadata=component_field("event")), required=True,
                         metadata={"description": "What it changed on the board, in order "
                                                  "(a player leaving a game of more than two "
                                                  "may change it)."})


class RecordCommentSchema(Schema):
    after = fields.Integer(required=True, metadata={
        "description": "How many plies were played before it (0: before the first)."})
    text = fields.String(required=True)


class RecordVariationSchema(Schema):
    plies = fields.List(fields.Nested(lambda: RecordPlySchema()), required=True, metadata={
        "description": "The variation's plies, from the position before the ply it replaces "
                       "(their index in the game counts on from that ply's), each as the main "
                       "line's are, with variations of its own."})
    comments = fields.List(fields.Nested(RecordCommentSchema), required=True, metadata={
        "description": "Its comments, after counted from the variation's start."})


class RecordPlySchema(s.PlySchema):
    """One ply of an imported record: replay's history ply, with its annotations and the
    variations that replace it."""

    variations = fields.List(fields.Nested(RecordVariationSchema), metadata={
        "description": "Present when the record gives any: the lines written in parentheses "
                       "after this ply, each what might have been played instead of it, "
                       "from the position before it (a tree: their plies may have "
                       "variations too)."})


class ImportedRecordSchema(Schema):
    game = fields.String(required=True, metadata=component_field("game-id"))
    options = s.resolved_options_field()
    tags = fields.Dict(keys=fields.String(), values=fields.String(), required=True, metadata={
        "description": "Every tag pair of the record, in its order."})
    start = fields.String(required=True, metadata={
        "description": "The start position, canonical (the Position tag's, else the initial "
                       "one)."})
    from_initial = fields.Boolean(required=True, metadata={
        "description": "Whether the record starts from the game's initial position."})
    plies = fields.List(fields.Nested(RecordPlySchema), required=True, metadata={
        "description": "Every ply of the main line in order, as replay's history gives it: "
                       "the move (canonical), its dice, events and mover, the position and "
                       "status after it; with its annotations and variations when the "
                       "record gives them."})
    asides = fields.List(fields.Nested(RecordAsideSchema), required=True, metadata={
        "description": "The off-board events: resignations, departures, losses on time, a "
                       "draw agreed."})
    comments = fields.List(fields.Nested(RecordCommentSchema), required=True)
    position = fields.String(required=True, metadata={
        "description": "The final position, canonical: after the last ply or departure."})
    status = fields.Nested(s.StatusSchema, required=True, metadata={
        "description": "How the game stands: the board's status, or the off-board ending "
                       "that overrides it (reason resignation, abandoned, out_of_time or "
                       "agreement)."})
    board_status = fields.Nested(s.StatusSchema, required=True, metadata={
        "description": "The final position's own status, as the status operation answers "
                       "it."})
    result = fields.String(required=True, metadata={
        "description": "The result token: the record's, or the board's when the record "
                       "gives none (* for a game that goes on). One score per seat in seat "
                       "order: 1-0, 0-1, 0-0-1, 1/2-1/2..."})
    agreement = fields.String(required=True, metadata={
        "enum": list(AGREEMENTS),
        "description": "How the result agrees with the board: board (the board ended so), "
                       "off_board (an off-board event ended it so), unfinished (* and the "
                       "game goes on), unrecorded (no result given, the board ended: result "
                       "is the board's). A result that contradicts the board is a 422 "
                       "result_contradicts_board instead."})
    token = fields.String(metadata={
        "description": "Present only when the service signs positions, the record starts "
                       "from the initial position and holds no off-board event: the final "
                       "position's token, to go on playing from it (a new game: a new "
                       "game_id)."})
    game_id = s.game_id_response_field()
    ply = s.ply_response_field()
    final_token = fields.Nested(TokenVerdictSchema, metadata={
        "description": "Present when the record has a Token tag and the service signs "
                       "positions: whether that token verifies for the record's final "
                       "position, options and last ply (and its GameId tag's game, if any): "
                       "a game played through the service, not written by hand. As "
                       "tokens/inspect answers."})


def import_answer(g: Game[Any, Any], body: dict[str, Any]) -> dict[str, Any]:
    """The record judged for this game: everything :class:`rules.records.Loaded` holds, its
    positions written as the record's own game (under its Options tag) writes them."""
    loaded = load(body["record"], g.id, max_plies=s.MAX_REPLAY_MOVES)
    return loaded.to_json(lambda position: canonical(loaded.game, position))


#: the tags a record may carry its final token in, and its game's id
TOKEN_TAG, GAME_ID_TAG = "Token", "GameId"


def vouch_final_token(answer: dict[str, Any], signer: Signer, game_id: str,
                      g: Game[Any, Any]) -> None:
    """Add ``final_token`` to an import's answer whose record has a Token tag: what that
    token proves for the record's final position, its options, its last ply and (with a
    GameId tag) its game (:func:`service.operations.tokens.inspected`)."""
    tags = answer["tags"]
    token = tags.get(TOKEN_TAG)
    if token is None:
        return
    game = registry.configure(game_id, answer["options"])
    claimed = {"token": token.strip(), "position": answer["position"],
               "ply": len(answer["plies"]), "game_id": tags.get(GAME_ID_TAG)}
    answer["final_token"] = inspected(signer, game_id, game, claimed)


def import_signed(answer: Mapping[str, Any]) -> bool:
    """Whether an import's final position may be signed: it was reached by legal play from
    the initial position, with no off-board event."""
    return bool(answer["from_initial"]) and not answer["asides"]


def imported_plies(answer: Mapping[str, Any]) -> int:
    """How many plies an import's answer played: the record's."""
    return len(answer["plies"])


def import_cost(g: Game[Any, Any], body: Mapping[str, Any]) -> float:
    """Estimated milliseconds of judging the record: reading its text, per KiB, then playing
    its plies, every word of the text counted as one (an upper bound, at most the plies
    judged)."""
    text = body["record"]
    words = min(len(text.split()), s.MAX_REPLAY_MOVES)
    return len(text) / 1024 * RECORD_MS_PER_KIB + words * REPLAY_MS_PER_MOVE


# ---- import of many --------------------------------------------------------------------------

class RecordsImportRequestSchema(s.StrictSchema):
    records = Text(required=True, validate=validate.Length(max=s.MAX_BODY_BYTES), metadata={
        "description": "The text of one or more records, one after the other (a file of "
                       "games, as docs/records.md writes them): a game ends with its result "
                       "token, or where the next game's tag pairs begin. A record without a "
                       "Game tag is a game of the path's game; a record's own Game tag names "
                       "its game. At most "
                       f"{MAX_RECORDS} games (422 too_many_records beyond) and "
                       f"{s.MAX_REPLAY_MOVES} plies a game (that game's 422 "
                       "work_limit_exceeded)."})


class RecordProblemSchema(s.ProblemSchema):
    """The problem document an import of that game alone answers (without request_id)."""


class ImportedRecordsEntrySchema(Schema):
    index = fields.Integer(required=True, metadata={
        "description": "The game's place in the text, from 0."})
    line = fields.Integer(required=True, metadata={
        "description": "The line (from 1) of the text where the game starts."})
    column = fields.Integer(required=True, metadata={
        "description": "The column (from 1) where the game starts on that line."})
    first_line = fields.String(required=True, metadata={
        "description": "That line's text, trimmed (at most 80 characters), to name the game."})
    valid = fields.Boolean(required=True, metadata={
        "description": "Whether the game is judged valid: `record` holds it, else `problem`."})
    record = fields.Nested(ImportedRecordSchema, metadata={
        "description": "A valid game, as records/import answers it (no token)."})
    problem = fields.Nested(RecordProblemSchema, metadata={
        "description": "A game at fault: its first fault, as records/import answers it; "
                       "its line and column are the whole text's."})


class ImportedRecordsSchema(Schema):
    games = fields.List(fields.Nested(ImportedRecordsEntrySchema), required=True, metadata={
        "description": "Every game of the text, in order, each judged on its own."})
    count = fields.Integer(required=True, metadata={"description": "How many games."})
    failed = fields.Integer(required=True, metadata={
        "description": "How many of them are at fault."})


def judged_json(g: Game[Any, Any], judged: Judged) -> dict[str, Any]:
    """One game of a text of many, as import-many answers it."""
    game = judged.game
    answer: dict[str, Any] = {"index": game.index, "line": game.line, "column": game.column,
                              "first_line": game.first_line, "valid": judged.loaded is not None}
    if judged.loaded is not None:
        loaded = judged.loaded
        answer["record"] = loaded.to_json(lambda position: canonical(loaded.game, position))
    else:
        assert judged.error is not None
        error = judged.error
        answer["problem"] = problem_document(422, error.code, error.detail, **error.extra)
        answer["problem"].pop("request_id", None)
    return answer


def import_many_lines(g: Game[Any, Any], body: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every game of the body's text judged on its own, in order, one at a time as the
    iterator is read (a game without a Game tag is one of ``g``'s game, under its default
    options unless its Options tag says). A text of too many games raises
    :class:`~rules.records.errors.TooManyRecords` here, before any game is judged."""
    text = body["records"]
    check_count(text)
    return (judged_json(g, judged)
            for judged in load_many(text, g.id, max_plies=s.MAX_REPLAY_MOVES))


def import_many_answer(g: Game[Any, Any], body: dict[str, Any]) -> dict[str, Any]:
    """Every game of the body's text judged (:func:`import_many_lines`), with their count
    and how many failed."""
    games = list(import_many_lines(g, body))
    return {"games": games, "count": len(games),
            "failed": sum(not game["valid"] for game in games)}


def import_many_cost(g: Game[Any, Any], body: Mapping[str, Any]) -> float:
    """Estimated milliseconds of judging every game: as one import of the whole text, its
    words counted up to every game's bound of plies."""
    text = body["records"]
    words = min(len(text.split()), s.MAX_REPLAY_MOVES * MAX_RECORDS)
    return len(text) / 1024 * RECORD_MS_PER_KIB + words * REPLAY_MS_PER_MOVE


# ---- export ----------------------------------------------------------------------------------

class RecordCommentRequestSchema(s.StrictSchema):
    after = StrictInteger(required=True, validate=validate.Range(min=0, max=s.MAX_REPLAY_MOVES),
                          metadata={"description": "How many plies are played before it "
                                                   "(0: before the first)."})
    text = Text(required=True, validate=validate.Length(max=MAX_COMMENT_LENGTH))


class RecordAsideRequestSchema(s.StrictSchema):
    after = StrictInteger(required=True, validate=validate.Range(min=0, max=s.MAX_REPLAY_MOVES),
                          metadata={"description": "How many plies are played before it."})
    kind = Text(required=True, validate=validate.OneOf(ASIDE_KINDS), metadata={
        "description": "resigns, leaves (a player leaves the game), runs_out_of_time or "
                       "draw_agreed."})
    player = TrimmedString(allow_none=True, validate=validate.Length(min=1, max=MAX_PLAYER_NAME),
                           metadata={"nullable": True,
                                     "description": "The player it concerns (as the game "
                                                    "names its players); none for a draw "
                                                    "agreed."})


class ExportClocksSchema(s.StrictSchema):
    """One ply's clocks, as apply answered them (only remaining_ms is needed)."""

    remaining_ms = TextMap(keys=Text(), values=StrictInteger(validate=validate.Range(
                               min=0, max=MAX_CLOCK_MS)),
                           required=True, validate=validate.Length(min=1, max=8), metadata={
                               "description": "Each seat's remaining milliseconds after the "
                                              "ply: the mover's is written."})
    time_control = PlainObject(s.TimeControlSchema, metadata={
        "description": "The game's time control: written as the TimeControl tag (from the "
                       "first ply's clocks that give it) unless the tags give one."})
    running = Text(allow_none=True, metadata={"nullable": True})
    as_of = StrictInteger(validate=validate.Range(min=0, max=MAX_CLOCK_MS))
    out_of_time = Text()


class RecordAnnotationRequestSchema(s.StrictSchema):
    suffix = Text(validate=validate.OneOf(SUFFIXES), metadata={
        "description": "The move's suffix: !, ?, !!, ??, !? or ?!."})
    nags = PlainList(StrictInteger(validate=validate.Range(min=0, max=MAX_NAG)),
                     validate=validate.Length(max=16), metadata={
                         "description": "Numeric annotation glyphs ($1 is 1), in order."})
    mark = Text(validate=validate.OneOf(MARKS), metadata={
        "description": "+ (check) or # (mate), in a game with check: verified against the "
                       "position (422 invalid_record with the ply's index when wrong)."})
    eval = Text(validate=validate.Regexp(f"^(?:{EVAL_VALUE.pattern})$"), metadata={
        "description": "The evaluation after the ply: a score in pawns (0.25) or a mate "
                       "(#-3), written as [%eval ...]."})


def _annotations_field() -> PlainList:
    return PlainList(PlainObject(RecordAnnotationRequestSchema),
                     validate=validate.Length(max=s.MAX_REPLAY_MOVES), metadata={
                         "description": "Each ply's annotations, aligned with moves ({} or "
                                        "fewer entries: none)."})


class RecordVariationRequestSchema(s.StrictSchema):
    after = StrictInteger(required=True, validate=validate.Range(min=0,
                                                                 max=s.MAX_REPLAY_MOVES),
                          metadata={"description": "The index, in its line (the moves it is "
                                                   "given beside), of the ply it replaces: "
                                                   "it is played from the position before "
                                                   "that ply."})
    moves = s.moves_field()
    dice = s.dice_list_field()
    comments = PlainList(PlainObject(RecordCommentRequestSchema),
                         validate=validate.Length(max=s.MAX_REPLAY_MOVES),
                         metadata={"description": "Comments, after counted in the "
                                                  "variation."})
    annotations = _annotations_field()
    variations = PlainList(PlainObject(lambda: RecordVariationRequestSchema()),
                           validate=validate.Length(max=s.MAX_REPLAY_MOVES), metadata={
                               "description": "Variations of this variation's plies, "
                                              f"nested at most {MAX_VARIATION_DEPTH} deep."})


def given_variations(given: list[dict[str, Any]] | None) -> list[GivenVariation]:
    """The body's variations for the writer."""
    return [GivenVariation(v["after"], v["moves"], v.get("dice") or (),
                           [(c["after"], c["text"]) for c in v.get("comments") or ()],
                           given_annotations(v.get("annotations")),
                           given_variations(v.get("variations")))
            for v in given or ()]


def given_annotations(given: list[dict[str, Any]] | None) -> list[Annotation | None]:
    """The body's annotations for the writer."""
    return [Annotation(a.get("suffix"), a.get("nags") or (), a.get("mark"), a.get("eval"))
            for a in given or ()]


class RecordExportRequestSchema(s.GameRequestSchema):
    moves = s.moves_field()
    dice = s.dice_list_field()
    tags = TextMap(keys=Text(), values=Text(validate=validate.Length(max=MAX_TAG_VALUE)),
                   validate=validate.Length(max=MAX_TAGS), metadata={
                       "description": "Tag pairs to write, name -> value, such as Event, "
                                      "Site, Date (YYYY.MM.DD), Round and one per seat "
                                      "(White, Black...); Game, Options and Position come "
                                      "from the request itself, Result and Termination from "
                                      "the game unless given (and then checked)."})
    comments = PlainList(PlainObject(RecordCommentRequestSchema),
                         validate=validate.Length(max=s.MAX_REPLAY_MOVES),
                         metadata={"description": "Comments, each after a number of plies."})
    asides = PlainList(PlainObject(RecordAsideRequestSchema),
                       validate=validate.Length(max=s.MAX_REPLAY_MOVES),
                       metadata={"description": "Off-board events, each after a number of "
                                                "plies: a resignation, a player leaving, a "
                                                "loss on time, a draw agreed."})
    result = TrimmedString(allow_none=True, validate=validate.Length(min=1, max=64), metadata={
        "nullable": True,
        "description": "The result token to write (1-0, 0-1, 1/2-1/2, 0-0-1...), checked "
                       "against the game (422 result_contradicts_board); the game's own "
                       "when omitted."})
    clocks = PlainList(PlainObject(ExportClocksSchema), validate=validate.Length(
        max=s.MAX_REPLAY_MOVES), metadata={
        "description": "The clocks after each ply, aligned with moves (the first plies', when "
                       "fewer), as the apply answers carried them: the mover's time is written "
                       "after the ply as a [%clk h:mm:ss] comment, the time control as the "
                       "TimeControl tag (300+2, or 1/86400 for a time per move). Clocks no "
                       "game under that time control could show (growing by more than the "
                       "increment) are a 422 invalid_record with the ply's index."})
    annotations = _annotations_field()
    variations = PlainList(PlainObject(RecordVariationRequestSchema),
                           validate=validate.Length(max=s.MAX_REPLAY_MOVES), metadata={
                               "description": "Variations, each replacing a ply of the moves "
                                              "(after: its index) and played from the "
                                              "position before it, written in parentheses "
                                              "after that ply; they may hold variations of "
                                              "their own, nested at most "
                                              f"{MAX_VARIATION_DEPTH} deep. As an import "
                                              "answers them, the moves under plies."})


class ExportedRecordSchema(Schema):
    record = fields.String(required=True, metadata={
        "description": "The record's text (docs/records.md): it imports back to the same "
                       "game."})
    result = fields.String(required=True, metadata={"description": "Its result token."})
    status = fields.Nested(s.StatusSchema, required=True, metadata={
        "description": "How the game stands, off-board endings included."})


def export_answer(g: Game[Any, Any], body: dict[str, Any]) -> dict[str, Any]:
    """The record of the body's game: its moves played (the first that fails raises its
    error with its ``index``), its comments and off-board events placed, its result derived
    or checked."""
    clocks = body.get("clocks") or []
    plies = exported_plies(body)
    if plies > s.MAX_REPLAY_MOVES:
        raise WorkLimitExceeded(
            f"The game has {plies} plies, its variations' included; at most "
            f"{s.MAX_REPLAY_MOVES} are written in one request.", limit=s.MAX_REPLAY_MOVES)
    written = write_game(
        g, body["moves"], start=position_for(g, body.get("position")), dice=body.get("dice"),
        tags=with_time_control(body.get("tags"), clocks),
        comments=[(c["after"], c["text"]) for c in body.get("comments") or ()],
        asides=[(a["after"], a["kind"], a.get("player")) for a in body.get("asides") or ()],
        result=body.get("result"),
        clocks=[c["remaining_ms"] for c in clocks],
        annotations=given_annotations(body.get("annotations")),
        variations=given_variations(body.get("variations")))
    status = written.loaded.status
    assert status is not None, "a judged record has its status"
    return {"record": written.text, "result": written.loaded.result, "status": status.to_json()}


# ---- export of many ----------------------------------------------------------------------------

class RecordExportItemSchema(RecordExportRequestSchema):
    """One game of an export of many: an export's body, without a token (nothing is signed
    or checked: the games are written as given)."""

    class Meta:
        exclude = ("token", "game_id", "ply")


class RecordsExportRequestSchema(s.StrictSchema):
    games = PlainList(PlainObject(RecordExportItemSchema), required=True,
                      validate=validate.Length(min=1, max=MAX_RECORDS), metadata={
                          "description": "The games to write, in order, each as "
                                         "records/export takes it (its own position and "
                                         f"options). At most {MAX_RECORDS} games and "
                                         f"{s.MAX_REPLAY_MOVES} plies a game."})


class ExportedRecordsEntrySchema(Schema):
    result = fields.String(required=True, metadata={"description": "The game's result."})
    status = fields.Nested(s.StatusSchema, required=True)


class ExportedRecordsSchema(Schema):
    records = fields.String(required=True, metadata={
        "description": "The records' text, one game after the other, a blank line between: "
                       "records/import-many reads it back game by game."})
    count = fields.Integer(required=True)
    games = fields.List(fields.Nested(ExportedRecordsEntrySchema), required=True, metadata={
        "description": "Each game's result and status, in order."})


def export_many_answer(g: Game[Any, Any], body: dict[str, Any]) -> dict[str, Any]:
    """Every game of the body written, in order, under the path's game and each its own
    options; the first game that fails raises its error, with its index as ``game``."""
    texts, games = [], []
    for index, given in enumerate(body["games"]):
        try:
            game = registry.configure(g.id, given.get("options"))
            answer = export_answer(game, given)
        except RulesError as exc:
            exc.extra = {**exc.extra, "game": index}
            exc.detail = f"Game {index}: {exc.detail}"
            raise
        texts.append(answer["record"])
        games.append({"result": answer["result"], "status": answer["status"]})
    return {"records": "\n".join(texts), "count": len(games), "games": games}


def export_many_cost(g: Game[Any, Any], body: Mapping[str, Any]) -> float:
    """What exporting every game costs: each as one export."""
    return sum(export_cost(g, given) for given in body["games"])


def with_time_control(tags: Mapping[str, str] | None,
                      clocks: list[Mapping[str, Any]]) -> dict[str, str] | None:
    """The tags to write: those given, with the TimeControl tag of the first clocks that
    give a time control, unless the tags give one."""
    controls = [c["time_control"] for c in clocks if "time_control" in c]
    if not controls or (tags and "TimeControl" in tags):
        return None if tags is None else dict(tags)
    control = TimeControl.from_json(controls[0])
    value = (f"1/{control.per_move_seconds}" if control.per_move_seconds is not None
             else f"{control.base_seconds}+{control.increment_seconds}")
    return {**(tags or {}), "TimeControl": value}


def exported_plies(body: Mapping[str, Any]) -> int:
    """How many plies an export plays: its moves and every variation's."""
    def of(variations: list[Mapping[str, Any]] | None) -> int:
        return sum(len(v["moves"]) + of(v.get("variations")) for v in variations or ())
    return len(body["moves"]) + of(body.get("variations"))


def export_cost(g: Game[Any, Any], body: Mapping[str, Any]) -> float:
    """What exporting costs: playing every ply, as a replay of them does."""
    return replay_cost(g, {"moves": range(exported_plies(body))})
