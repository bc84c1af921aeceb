"""Every HTTP operation of the service, each declared once.

One :class:`~service.operations.operation.Operation` per operation holds its path, its schemas, its
answer or view, its cost, whether a body is required, the examples and links the spec shows:
the app routes from this table, both roads admit and answer from it, shedding reads its
costs, and the spec documents it, in this order. Adding an operation is adding an entry here.
"""

from __future__ import annotations

from . import schemas as s
from service.pictures.animation import (
    MAX_ANIMATION_SIZE, MAX_PLIES, ReplayPictureQuerySchema, ReplayPictureRequestSchema,
    replay_picture_answer, replay_picture_as, replay_picture_cost, replay_picture_cost_as,
    replay_picture_etag,
)
from .answers import (
    apply_answer, legal_moves_answer, one_ply, perft_answer, perft_cost, replay_answer,
    replay_cost, replayed_plies, setup_answer, status_answer,
)
from .catalogue import list_games, show_game
from service.concerns.clocks import ClockUse
from service.http.limits import MAX_QUERY_BYTES
from service.pages.documents import SPEC_TYPES, docs, openapi
from service.pages.elements import JAVASCRIPT, board_element
from service.http.media import OCTETS
from .operation import Link, Operation
from service.pictures.render import (
    MEDIA, RenderQuerySchema, RenderRequestSchema, picture_etag, render_answer, render_as,
    render_cost, render_cost_as,
)
from service.pages.playground import SVG, favicon, home, play
from service.pictures.drawing import ANIMATED
from .schemas import MAX_REPLAY_MOVES
from service.telemetry.probes import health, metrics_page, ready
from .records import (
    ExportedRecordSchema, ExportedRecordsSchema, ImportedRecordSchema,
    ImportedRecordsEntrySchema, ImportedRecordsSchema, RecordExportRequestSchema,
    RecordImportRequestSchema, RecordsExportRequestSchema, RecordsImportRequestSchema,
    export_answer, export_cost, export_many_answer, export_many_cost, import_answer,
    import_cost, import_many_answer, import_many_cost, import_many_lines, import_signed,
    imported_plies, vouch_final_token,
)
from rules.records.collection import MAX_RECORDS
from .tokens import TokenInspectionRequestSchema, TokenInspectionSchema, inspect_answer
from .suggest import (
    DESCRIPTION as SUGGEST_DESCRIPTION, SuggestRequestSchema, SuggestResponseSchema,
    suggest_answer, suggest_cost,
)

#: the errors every game operation may answer
GAME_ERRORS = (400, 404, 413, 415, 422, 503)
HTML = {"text/html": {"type": "string"}}


def _from_response(operation_id: str) -> Link:
    """A link to ``operation_id`` for the same game, from the position and the resolved
    options this answer carries (so it resolves whatever the request left out)."""
    return Link(operation_id, {"position": "$response.body#/position",
                               "options": "$response.body#/options"})


def _play(move: str) -> Link:
    """A link to apply: ``move`` (a runtime expression) from this answer's position."""
    return Link("apply", {"position": "$response.body#/position",
                          "options": "$response.body#/options", "move": move})


#: a picture's bytes as a generated client reads them
PLAIN_BYTES = {"type": "string", "format": "binary",
               "description": "The picture as plain bytes, when the request's Accept header "
                              "prefers this type."}

#: how a client (and schemathesis' stateful phase) chains calls into a real game:
#: setup -> legal-moves -> apply (the first listed move) -> legal-moves -> apply ...
NEXT = {"LegalMoves": _from_response("legalMoves"), "Status": _from_response("status")}

OPERATIONS: tuple[Operation, ...] = (
    Operation("get", "/v1/games", "listGames", "List the games",
              "Every game with its players and options (names, defaults, allowed values).",
              s.GameListSchema, page=list_games),
    Operation("get", "/v1/games/{game}", "getGame", "Describe one game",
              "Pieces, setups, options and a summary of the notation.", s.GameDetailSchema,
              page=show_game, errors=(404,)),
    Operation("post", "/v1/games/{game}/setup", "setup", "Initial position",
              "The initial position under the options, with every option resolved.",
              s.SetupResponseSchema, s.SetupRequestSchema, answer=setup_answer, signs=True,
              clock=ClockUse.START, errors=GAME_ERRORS, request_example="setup", links=NEXT),
    Operation("post", "/v1/games/{game}/legal-moves", "legalMoves", "Legal moves",
              "Every legal move of the position, each with its canonical notation and "
              "structured fields; none when the game is over.",
              s.LegalMovesResponseSchema, s.LegalMovesRequestSchema, answer=legal_moves_answer,
              errors=GAME_ERRORS, request_example="position",
              links={"ApplyFirstMove": _play("$response.body#/moves/0/move")}),
    Operation("post", "/v1/games/{game}/apply", "apply", "Apply a move",
              "Validates and plays one move, returning the new position, what happened and the "
              "status. A chance move uses the dice given or rolls them (with seed, "
              "reproducibly). An illegal move is a 422 whose reason names the rule.",
              s.ApplyResponseSchema, s.ApplyRequestSchema, answer=apply_answer, signs=True,
              plies=one_ply, clock=ClockUse.MOVE, body_required=True, errors=GAME_ERRORS,
              request_example="apply",
              response_example="apply_response", links=NEXT),
    Operation("post", "/v1/games/{game}/status", "status", "Game status",
              "Ongoing, won or drawn; the winner and the reason; whose turn it is.",
              s.StatusSchema, s.GameRequestSchema, answer=status_answer,
              clock=ClockUse.REPORT,
              errors=GAME_ERRORS,
              request_example="position"),
    Operation("post", "/v1/games/{game}/replay", "replay", "Replay a game",
              "Plays the moves in order; the final position and status, or a 422 naming the "
              "index of the first move that fails.",
              s.ReplayResponseSchema, s.ReplayRequestSchema, answer=replay_answer,
              cost=replay_cost, signs=True, plies=replayed_plies, dice_per_move=True,
              body_required=True,
              errors=GAME_ERRORS, request_example="replay"),
    Operation("post", "/v1/games/{game}/records/import", "importRecord", "Import a record",
              "Judges a whole game's record (text, as docs/record-format.md writes it): its tags, "
              "options and start, every ply played with its position, events, dice and "
              "status, its comments and off-board events (resignations, departures, losses "
              "on time, a draw agreed), the final status, and whether the record's result "
              "agrees with the board. A record that does not parse is a 422 invalid_record "
              "with its line and column; a bad tag invalid_tag (tag, line, column); another "
              "game's record game_mismatch; a ply that fails its own code (illegal_move with "
              "the rule's reason, invalid_dice, game_over) with its index, line and column; "
              "a result the moves do not lead to result_contradicts_board. At most "
              f"{MAX_REPLAY_MOVES} plies (422 work_limit_exceeded beyond, before any is "
              "played). With signing, the final position's token is given only for a record "
              "that starts from the initial position and holds no off-board event.",
              ImportedRecordSchema, RecordImportRequestSchema, answer=import_answer,
              cost=import_cost, signs=True, signs_answer=import_signed, plies=imported_plies,
              vouch=vouch_final_token, body_required=True,
              errors=GAME_ERRORS, request_example="import", links=NEXT),
    Operation("post", "/v1/games/{game}/records/import-many", "importRecords",
              "Import a file of records",
              "Judges every game of a text of several records (a tournament's round, a club's "
              "archive) on its own, in order: each answered with its index, the line, column "
              "and text of its first line, and either the game as records/import answers it "
              "(record) or its first fault as records/import's problem document (problem), "
              "its line and column the whole text's. One bad game does not hide the others. "
              "A game without a Game tag is one of the path's game; a Game tag names its "
              f"own. At most {MAX_RECORDS} games (422 too_many_records beyond, before any "
              f"is judged) and {MAX_REPLAY_MOVES} plies a game. No token is given. A client "
              "whose Accept header prefers application/x-ndjson gets one JSON line a game "
              "instead, each an item of games, written as soon as that game is judged; an "
              "error found before the first game is still a problem document.",
              ImportedRecordsSchema, RecordsImportRequestSchema, answer=import_many_answer,
              lines=import_many_lines, line_schema=ImportedRecordsEntrySchema,
              answer_description="Every game judged: as one JSON object, or, to a client "
                                 "that prefers application/x-ndjson, as one JSON line a "
                                 "game (each an item of games, in order, ending with a "
                                 "newline).",
              cost=import_many_cost, body_required=True, errors=GAME_ERRORS),
    Operation("post", "/v1/games/{game}/records/export", "exportRecord", "Export a record",
              "Writes a whole game as a record (docs/records.md): the moves played from the "
              "position with their dice, the tags, comments and off-board events given, and "
              "the result (the game's own, or the one given, checked). The answer is JSON "
              "holding the record's text (`record`), its result and the game's status. "
              "Errors as replay's: the first move that fails is a 422 with its index; a bad "
              "tag is invalid_tag, a result the game does not reach result_contradicts_board.",
              ExportedRecordSchema, RecordExportRequestSchema, answer=export_answer,
              cost=export_cost, dice_per_move=True, body_required=True, errors=GAME_ERRORS,
              request_example="export"),
    Operation("post", "/v1/games/{game}/records/export-many", "exportRecords",
              "Export a file of records",
              "Writes several games of the game as one text of records, one after the "
              "other, each as records/export writes it (its own position, options, moves, "
              "dice, tags, comments, events, annotations and variations); records/import-many "
              "reads it back game by game. The first game that fails is a 422 with its "
              f"index (game) beside export's own fields. At most {MAX_RECORDS} games and "
              f"{MAX_REPLAY_MOVES} plies a game. No token is read.",
              ExportedRecordsSchema, RecordsExportRequestSchema, answer=export_many_answer,
              cost=export_many_cost, body_required=True, errors=GAME_ERRORS),
    Operation("post", "/v1/games/{game}/tokens/inspect", "inspectToken", "Inspect a token",
              "What a token proves, for those who hold no key: whether this service made it "
              "for the position (the initial one when none is given), game and options sent, "
              "and, when it does, its claims: the game's id, the ply, the date, the key id "
              "and the clocks. A token that does not verify (forged, edited, retired key, "
              "another position's) is answered valid false with the code a request carrying "
              "it would be refused with (bad_signature) and a sentence why; with game_id or "
              "ply stated, a token of another game or ply is valid false with "
              "token_wrong_game, token_superseded or token_ahead. Served whatever the "
              "signing mode; 422 signing_not_configured on a service without keys.",
              TokenInspectionSchema, TokenInspectionRequestSchema, answer=inspect_answer,
              inspects_token=True, body_required=True, errors=GAME_ERRORS),
    Operation("post", "/v1/games/{game}/perft", "perft", "Count move-tree leaves",
              "perft: the number of leaves of the legal-move tree at the given depth; depth and "
              "total work are capped per game so one call stays bounded (422 "
              "work_limit_exceeded beyond).",
              s.PerftResponseSchema, s.PerftRequestSchema, answer=perft_answer, cost=perft_cost,
              body_required=True, errors=GAME_ERRORS, request_example="perft"),
    Operation("get", "/v1/health", "health", "Liveness",
              "200 while the process serves requests.", s.HealthSchema, page=health,
              tag="operations"),
    Operation("get", "/v1/ready", "ready", "Readiness",
              "200 once the rules engines are loaded and their tables built, 503 before.",
              s.HealthSchema, page=ready, errors=(503,), tag="operations"),
    Operation("get", "/metrics", "metrics", "Metrics",
              "Prometheus metrics in the text exposition format, summed over every worker of "
              "the process: requests by operation, game and status, their duration, heavy "
              "requests in flight and shed, suggest's playouts and search time, limit hits, "
              "signing refusals, readiness.",
              None, page=metrics_page, tag="operations",
              answer_description="The metrics, in the Prometheus text format.",
              media={"text/plain; version=0.0.4": {"type": "string"}}),
    Operation("post", "/v1/games/{game}/render", "render", "Picture of a position",
              "An SVG or PNG picture of the position: board, terrain, marked squares, pieces "
              "in their players' colours, stacks with their counts and badges, "
              "coordinates; optionally the previous move and chosen squares highlighted. "
              "Each square of the SVG is a <g data-square=...> group, for clickable boards. "
              "The board can be seen from any player taking part (orientation), and the "
              "SVG says what it shows to a screen reader (role img, a title, and a desc "
              "listing the pieces by square). "
              "422 invalid_highlight for a square the board lacks, invalid_last_move for a "
              "last_move that is not a move on this board, invalid_orientation for a "
              "player who does not take part, render_unavailable for a game without "
              "pictures yet.",
              None, RenderRequestSchema, answer=render_answer, cost=render_cost,
              errors=GAME_ERRORS,
              media={"image/svg+xml": {"type": "string"},
                     "image/png": {"type": "string", "format": "binary"},
                     OCTETS: PLAIN_BYTES}),
    *(Operation("get", f"/v1/games/{{game}}/render.{format}", f"render{format.capitalize()}",
                f"Picture of a position by URL ({format.upper()})",
                f"The {format.upper()} picture of POST /v1/games/{{game}}/render, by URL (for "
                "an <img>, a chat embed, a link preview): the render body's fields are query "
                "parameters, with the same bounds and problem documents; options is JSON "
                "text, highlight a comma-separated list of squares (a1,h8), last_move true, "
                "false or a move; an unknown or repeated parameter is a 400 naming it. The "
                "picture is a pure "
                "function of the query: the answer carries a strong ETag (the same in every "
                "worker and replica) and Cache-Control: public, max-age=31536000, "
                "immutable; a request whose If-None-Match names the ETag (or is *) is "
                "answered 304 without drawing (the tag names the representation: the plain "
                "bytes a client whose Accept header prefers application/octet-stream "
                f"gets have their own). A query string over {MAX_QUERY_BYTES} bytes is a 414 "
                "request_line_too_long: use the POST form.",
                None, RenderQuerySchema, answer=render_as(format),
                cost=render_cost_as(format) if format == "png" else None,
                etag=picture_etag(f"render.{format}"),
                errors=tuple(sorted((*GAME_ERRORS, 414))),
                media={MEDIA[format]: ({"type": "string"} if format == "svg"
                                       else {"type": "string", "format": "binary"}),
                       OCTETS: PLAIN_BYTES})
      for format in ("svg", "png")),
    Operation("post", "/v1/games/{game}/replay-picture", "replayPicture",
              "Animated picture of a game",
              "A replay's plies as an animated GIF or PNG, for a bot to post a finished game: "
              f"one frame for the start, then one per ply with its move highlighted (at most "
              f"{MAX_PLIES} plies, frames of at most {MAX_ANIMATION_SIZE} px), seen from the "
              "orientation's player, looping. A ply that cannot be played is replay's 422 "
              "with its index; invalid_orientation and render_unavailable as for render.",
              None, ReplayPictureRequestSchema, answer=replay_picture_answer,
              cost=replay_picture_cost, dice_per_move=True, body_required=True,
              errors=GAME_ERRORS, request_example="replay",
              media={"image/gif": {"type": "string", "format": "binary"},
                     "image/png": {"type": "string", "format": "binary"},
                     OCTETS: PLAIN_BYTES}),
    *(Operation("get", f"/v1/games/{{game}}/replay.{suffix}",
                f"replayPicture{suffix.capitalize()}",
                f"Animated picture of a game by URL ({format.upper()})",
                "The animated picture of POST /v1/games/{game}/replay-picture by URL (for a "
                "chat embed): its fields are query parameters, moves comma-separated "
                "(e2e4,e7e5), dice and options as JSON text; the seed is 0 when none is "
                "given, so that rolled dice, and the picture, are a pure function of the URL. "
                "Cached as the pictures by URL are: a strong ETag, Cache-Control: public, "
                "max-age=31536000, immutable, 304 on If-None-Match.",
                None, ReplayPictureQuerySchema, answer=replay_picture_as(format),
                cost=replay_picture_cost_as(format), etag=replay_picture_etag(format),
                dice_per_move=True, errors=tuple(sorted((*GAME_ERRORS, 414))),
                media={ANIMATED[format][1]: {"type": "string", "format": "binary"},
                       OCTETS: PLAIN_BYTES})
      for suffix, format in (("png", "apng"), ("gif", "gif"))),
    Operation("post", "/v1/games/{game}/suggest", "suggest", "Suggest a move",
              SUGGEST_DESCRIPTION, SuggestResponseSchema, SuggestRequestSchema,
              answer=suggest_answer, cost=suggest_cost, errors=GAME_ERRORS,
              request_example="suggest",
              links={"ApplySuggestedMove": _play("$response.body#/move")}),
    Operation("get", "/play", "playground", "Playground",
              "A web page to try the games: choose a game and options, play on the "
              "<referee-board> element by mouse or keyboard, see the status, undo, let the "
              "computer play a side. Plain HTML and JavaScript served by the service (script "
              "and style under /static/), over this API.",
              None, page=play, tag="operations", media=HTML),
    Operation("get", "/v1/elements/referee-board.js", "boardElement",
              "The <referee-board> element",
              "A plain ES module (no dependency, no build step) defining the custom element "
              "<referee-board>: a playable board of any game over this API, by mouse, touch "
              "and keyboard, with a live region for screen readers. A page loads it as a module "
              "script (type=module) from this URL; it calls the service it was loaded from "
              "unless its service attribute names another.",
              None, view=board_element, tag="operations", conditional=True,
              media={JAVASCRIPT: {"type": "string"}}),
    Operation("get", "/favicon.ico", "favicon", "Site icon",
              "The icon browsers show for the playground and the API docs (an SVG).",
              None, page=favicon, tag="operations",
              media={SVG: {"type": "string"}, OCTETS: {"type": "string", "format": "binary"}}),
    Operation("get", "/", "home", "Home",
              "Sends a browser on to the playground at /play (an HTML page that redirects), "
              "with links to the API documentation.",
              None, page=home, tag="operations", media=HTML),
    Operation("get", "/openapi.yaml", "openapi", "This document",
              "The OpenAPI document of this service, in YAML (as text/yaml when the Accept "
              "header prefers it).",
              None, page=openapi, tag="operations", answer_description="The OpenAPI document.",
              media={media: {"type": "string"} for media in SPEC_TYPES}),
    Operation("get", "/docs", "docs", "Interactive documentation (Swagger UI)",
              "A page that shows this document and tries its operations.",
              None, page=docs, tag="operations", answer_description="An HTML page.",
              media=HTML, also_with_slash=True),
)


def operation(operation_id: str) -> Operation:
    """The operation declared with ``operation_id``."""
    for op in OPERATIONS:
        if op.operation_id == operation_id:
            return op
    raise KeyError(operation_id)
