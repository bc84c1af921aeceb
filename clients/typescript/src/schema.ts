/**
 * The service's API as TypeScript types, generated from openapi.yaml by openapi-typescript.
 * Do not edit: run `npm run generate` (see scripts/generate.mjs).
 */

export interface paths {
    "/v1/games": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the games
         * @description Every game with its players and options (names, defaults, allowed values).
         */
        get: operations["listGames"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Describe one game
         * @description Pieces, setups, options and a summary of the notation.
         */
        get: operations["getGame"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Initial position
         * @description The initial position under the options, with every option resolved.
         */
        post: operations["setup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/legal-moves": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Legal moves
         * @description Every legal move of the position, each with its canonical notation and structured fields; none when the game is over.
         */
        post: operations["legalMoves"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a move
         * @description Validates and plays one move, returning the new position, what happened and the status. A chance move uses the dice given or rolls them (with seed, reproducibly). An illegal move is a 422 whose reason names the rule.
         */
        post: operations["apply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Game status
         * @description Ongoing, won or drawn; the winner and the reason; whose turn it is.
         */
        post: operations["status"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay a game
         * @description Plays the moves in order; the final position and status, or a 422 naming the index of the first move that fails.
         */
        post: operations["replay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/records/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a record
         * @description Judges a whole game's record (text, as docs/record-format.md writes it): its tags, options and start, every ply played with its position, events, dice and status, its comments and off-board events (resignations, departures, losses on time, a draw agreed), the final status, and whether the record's result agrees with the board. A record that does not parse is a 422 invalid_record with its line and column; a bad tag invalid_tag (tag, line, column); another game's record game_mismatch; a ply that fails its own code (illegal_move with the rule's reason, invalid_dice, game_over) with its index, line and column; a result the moves do not lead to result_contradicts_board. At most 1000 plies (422 work_limit_exceeded beyond, before any is played). With signing, the final position's token is given only for a record that starts from the initial position and holds no off-board event.
         */
        post: operations["importRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/records/import-many": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a file of records
         * @description Judges every game of a text of several records (a tournament's round, a club's archive) on its own, in order: each answered with its index, the line, column and text of its first line, and either the game as records/import answers it (record) or its first fault as records/import's problem document (problem), its line and column the whole text's. One bad game does not hide the others. A game without a Game tag is one of the path's game; a Game tag names its own. At most 100 games (422 too_many_records beyond, before any is judged) and 1000 plies a game. No token is given. A client whose Accept header prefers application/x-ndjson gets one JSON line a game instead, each an item of games, written as soon as that game is judged; an error found before the first game is still a problem document.
         */
        post: operations["importRecords"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/records/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export a record
         * @description Writes a whole game as a record (docs/records.md): the moves played from the position with their dice, the tags, comments and off-board events given, and the result (the game's own, or the one given, checked). The answer is JSON holding the record's text (`record`), its result and the game's status. Errors as replay's: the first move that fails is a 422 with its index; a bad tag is invalid_tag, a result the game does not reach result_contradicts_board.
         */
        post: operations["exportRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/records/export-many": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export a file of records
         * @description Writes several games of the game as one text of records, one after the other, each as records/export writes it (its own position, options, moves, dice, tags, comments, events, annotations and variations); records/import-many reads it back game by game. The first game that fails is a 422 with its index (game) beside export's own fields. At most 100 games and 1000 plies a game. No token is read.
         */
        post: operations["exportRecords"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/tokens/inspect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Inspect a token
         * @description What a token proves, for those who hold no key: whether this service made it for the position (the initial one when none is given), game and options sent, and, when it does, its claims: the game's id, the ply, the date, the key id and the clocks. A token that does not verify (forged, edited, retired key, another position's) is answered valid false with the code a request carrying it would be refused with (bad_signature) and a sentence why; with game_id or ply stated, a token of another game or ply is valid false with token_wrong_game, token_superseded or token_ahead. Served whatever the signing mode; 422 signing_not_configured on a service without keys.
         */
        post: operations["inspectToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/perft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count move-tree leaves
         * @description perft: the number of leaves of the legal-move tree at the given depth; depth and total work are capped per game so one call stays bounded (422 work_limit_exceeded beyond).
         */
        post: operations["perft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description 200 while the process serves requests.
         */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness
         * @description 200 once the rules engines are loaded and their tables built, 503 before.
         */
        get: operations["ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Metrics
         * @description Prometheus metrics in the text exposition format, summed over every worker of the process: requests by operation, game and status, their duration, heavy requests in flight and shed, suggest's playouts and search time, limit hits, signing refusals, readiness.
         */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/render": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Picture of a position
         * @description An SVG or PNG picture of the position: board, terrain, marked squares, pieces in their players' colours, stacks with their counts and badges, coordinates; optionally the previous move and chosen squares highlighted. Each square of the SVG is a <g data-square=...> group, for clickable boards. The board can be seen from any player taking part (orientation), and the SVG says what it shows to a screen reader (role img, a title, and a desc listing the pieces by square). 422 invalid_highlight for a square the board lacks, invalid_last_move for a last_move that is not a move on this board, invalid_orientation for a player who does not take part, render_unavailable for a game without pictures yet.
         */
        post: operations["render"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/render.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Picture of a position by URL (SVG)
         * @description The SVG picture of POST /v1/games/{game}/render, by URL (for an <img>, a chat embed, a link preview): the render body's fields are query parameters, with the same bounds and problem documents; options is JSON text, highlight a comma-separated list of squares (a1,h8), last_move true, false or a move; an unknown or repeated parameter is a 400 naming it. The picture is a pure function of the query: the answer carries a strong ETag (the same in every worker and replica) and Cache-Control: public, max-age=31536000, immutable; a request whose If-None-Match names the ETag (or is *) is answered 304 without drawing (the tag names the representation: the plain bytes a client whose Accept header prefers application/octet-stream gets have their own). A query string over 4094 bytes is a 414 request_line_too_long: use the POST form.
         */
        get: operations["renderSvg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/render.png": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Picture of a position by URL (PNG)
         * @description The PNG picture of POST /v1/games/{game}/render, by URL (for an <img>, a chat embed, a link preview): the render body's fields are query parameters, with the same bounds and problem documents; options is JSON text, highlight a comma-separated list of squares (a1,h8), last_move true, false or a move; an unknown or repeated parameter is a 400 naming it. The picture is a pure function of the query: the answer carries a strong ETag (the same in every worker and replica) and Cache-Control: public, max-age=31536000, immutable; a request whose If-None-Match names the ETag (or is *) is answered 304 without drawing (the tag names the representation: the plain bytes a client whose Accept header prefers application/octet-stream gets have their own). A query string over 4094 bytes is a 414 request_line_too_long: use the POST form.
         */
        get: operations["renderPng"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/replay-picture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Animated picture of a game
         * @description A replay's plies as an animated GIF or PNG, for a bot to post a finished game: one frame for the start, then one per ply with its move highlighted (at most 200 plies, frames of at most 800 px), seen from the orientation's player, looping. A ply that cannot be played is replay's 422 with its index; invalid_orientation and render_unavailable as for render.
         */
        post: operations["replayPicture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/replay.png": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Animated picture of a game by URL (APNG)
         * @description The animated picture of POST /v1/games/{game}/replay-picture by URL (for a chat embed): its fields are query parameters, moves comma-separated (e2e4,e7e5), dice and options as JSON text; the seed is 0 when none is given, so that rolled dice, and the picture, are a pure function of the URL. Cached as the pictures by URL are: a strong ETag, Cache-Control: public, max-age=31536000, immutable, 304 on If-None-Match.
         */
        get: operations["replayPicturePng"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/replay.gif": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Animated picture of a game by URL (GIF)
         * @description The animated picture of POST /v1/games/{game}/replay-picture by URL (for a chat embed): its fields are query parameters, moves comma-separated (e2e4,e7e5), dice and options as JSON text; the seed is 0 when none is given, so that rolled dice, and the picture, are a pure function of the URL. Cached as the pictures by URL are: a strong ETag, Cache-Control: public, max-age=31536000, immutable, 304 on If-None-Match.
         */
        get: operations["replayPictureGif"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games/{game}/suggest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suggest a move
         * @description The computer's move for the side to act: random, greedy, or Monte Carlo tree search (the default) with short random playouts scored by the game's evaluation, chance moves weighted by their exact odds and, with three or four players, each player maximising its own result. Every budget is capped: playouts per game, time_ms at most 2000; past a cap the answer is a 400. A finished game is a 422 game_over. The same seed and playouts give the same move.
         */
        post: operations["suggest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/play": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Playground
         * @description A web page to try the games: choose a game and options, play on the <referee-board> element by mouse or keyboard, see the status, undo, let the computer play a side. Plain HTML and JavaScript served by the service (script and style under /static/), over this API.
         */
        get: operations["playground"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/elements/referee-board.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The <referee-board> element
         * @description A plain ES module (no dependency, no build step) defining the custom element <referee-board>: a playable board of any game over this API, by mouse, touch and keyboard, with a live region for screen readers. A page loads it as a module script (type=module) from this URL; it calls the service it was loaded from unless its service attribute names another.
         */
        get: operations["boardElement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/favicon.ico": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Site icon
         * @description The icon browsers show for the playground and the API docs (an SVG).
         */
        get: operations["favicon"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Home
         * @description Sends a browser on to the playground at /play (an HTML page that redirects), with links to the API documentation.
         */
        get: operations["home"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.yaml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document
         * @description The OpenAPI document of this service, in YAML (as text/yaml when the Accept header prefers it).
         */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Interactive documentation (Swagger UI)
         * @description A page that shows this document and tries its operations.
         */
        get: operations["docs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        TimeControl: {
            /** @description Each player's time at the start, in seconds (with increment_seconds). */
            base_seconds?: number;
            /** @description Seconds added to the mover's clock each time his turn ends (with base_seconds; 0 when omitted). */
            increment_seconds?: number;
            /** @description Instead of the other two: the time for each turn, in seconds (86400 for a day per move). */
            per_move_seconds?: number;
        };
        Clocks: {
            time_control: components["schemas"]["TimeControl"];
            /** @description Each seat's remaining time in milliseconds, as of as_of. */
            remaining_ms: {
                [key: string]: number;
            };
            /** @description The seat whose clock runs (null once the game is over). */
            running: string | null;
            /** @description The service's time of this answer, in epoch milliseconds. */
            as_of: number;
            /** @description The seat whose time ran out, once one has. */
            out_of_time?: string;
        };
        Problem: {
            type: string;
            title: string;
            status: number;
            detail: string;
            /**
             * @description Stable machine-readable code, one of these; `title` names it for people.
             * @enum {string}
             */
            code: "malformed_request" | "unknown_game" | "not_found" | "method_not_allowed" | "body_too_large" | "unsupported_media_type" | "invalid_position" | "invalid_options" | "illegal_move" | "invalid_dice" | "game_over" | "work_limit_exceeded" | "invalid_record" | "invalid_tag" | "game_mismatch" | "too_many_records" | "result_contradicts_board" | "invalid_departure" | "invalid_highlight" | "invalid_last_move" | "render_unavailable" | "invalid_orientation" | "unsigned_position" | "bad_signature" | "token_wrong_game" | "token_superseded" | "token_ahead" | "signing_not_configured" | "clocks_need_signing" | "invalid_time_control" | "clock_skew" | "clock_running" | "origin_not_allowed" | "not_ready" | "overloaded" | "rate_limited" | "internal_error" | "request_line_too_long" | "headers_too_large" | "unsupported_transfer_coding";
            /** @description The id of the request this answers, as in its X-Request-ID header: the client's own when sane (1 to 128 letters, digits, '.', '_', ':', '-'), else one the service made. Quote it when reporting a problem. */
            request_id?: string;
            reason?: components["schemas"]["IllegalMoveReason"];
            /** @description malformed_request: the offending fields. */
            errors?: {
                [key: string]: unknown;
            };
            /** @description replay, records: index of the first failing move (from 0). */
            index?: number;
            /** @description records/import: the line of the record at fault (from 1); too_many_records: where the first game past the limit starts. */
            line?: number;
            /** @description records/import: the column of the record at fault (from 1); too_many_records: where the first game past the limit starts. */
            column?: number;
            /** @description work_limit_exceeded: the bound the request went past (the most plies, the deepest perft); too_many_records: the most games one text may hold. */
            limit?: number;
            /** @description records: an illegal move inside a variation: the path to that variation from the main line, one [index, n] pair per level (the index of the ply it replaces, counted in the game, and which of that ply's variations it is, from 0). */
            variation?: number[][];
            /** @description records/export-many: the index (from 0) of the game at fault. */
            game?: number;
            /** @description invalid_tag, and an error in a tag's value (invalid_options, invalid_position, a result): the tag at fault. */
            tag?: string;
            /** @description invalid_position: the field at fault. */
            field?: string;
            /** @description invalid_options: the option at fault. */
            option?: string;
            /** @description game_over on time: the clocks, the mover's run out. */
            clocks?: components["schemas"]["Clocks"];
            /** @description token_wrong_game, token_superseded, token_ahead: the game id the token claims. */
            token_game_id?: string;
            /** @description token_wrong_game, token_superseded, token_ahead: the ply the token claims. */
            token_ply?: number;
            /** @description game_over on time: the game id of the token. */
            game_id?: string;
            /** @description game_over on time: the ply of the token. */
            ply?: number;
            /** @description game_over on time: the token of the position lost on time (status with it reports the loss). */
            token?: string;
        } & {
            [key: string]: unknown;
        };
        OptionDoc: {
            name: string;
            /** @enum {string} */
            type: "choice" | "bool" | "int" | "json";
            /** @description The default value (any JSON value, null included). */
            default: unknown;
            description: string;
            choices?: unknown[];
            minimum?: number;
            maximum?: number;
            nullable?: boolean;
        };
        GameSummary: {
            id: components["schemas"]["GameId"];
            name: string;
            /** @description Side or player names, in turn order. */
            players: string[];
            options: components["schemas"]["OptionDoc"][];
        };
        GameList: {
            games: components["schemas"]["GameSummary"][];
        };
        GameDetail: {
            id: components["schemas"]["GameId"];
            name: string;
            /** @description Side or player names, in turn order. */
            players: string[];
            options: components["schemas"]["OptionDoc"][];
            pieces: {
                [key: string]: unknown;
            }[];
            /** @description Named initial positions. */
            setups: {
                [key: string]: unknown;
            };
            /** @description Position and move notation. */
            notation: {
                [key: string]: unknown;
            };
            max_perft_depth: number;
            /** @description Anything else the game documents. */
            details?: {
                [key: string]: unknown;
            };
            /** @description Every reason code the game answers, each with a sentence: illegal_move (why a move is refused: the `reason` of a 422 illegal_move) and end (why a game ended: the status `reason`). */
            reasons: {
                [key: string]: unknown;
            };
            /** @description JSON Schema of the dice the game's chance moves take (the `dice` of apply and replay); null for a game without dice. */
            dice: {
                [key: string]: unknown;
            } | null;
        };
        SetupRequest: {
            /** @description The game's options (see GET /v1/games); defaults fill in what is omitted (null: all defaults), unknown names are refused. */
            options?: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"] | (null);
            /** @description Clocks, for a game of two players on a service that signs positions (422 clocks_need_signing otherwise): base_seconds and increment_seconds (300 and 2: five minutes, two seconds added per turn), or per_move_seconds alone (86400: a day per move). Every answer of the game then carries the clocks, kept in its token; neither kind, or both, is a 422 invalid_time_control. */
            time_control?: components["schemas"]["TimeControl"];
        };
        SetupResponse: {
            position: string;
            /** @description Every option, resolved. */
            options: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"];
            /** @description Present only when the service signs positions and this position was reached by legal play from the initial position or from a position sent with a valid token: send it back beside the position. */
            token?: string;
            /** @description With token: the id of the game the token belongs to (128 random bits, URL-safe), minted when a game starts from its initial position (setup, or replay and records/import without a token) and kept by every position played on from it. An app keeps it, with ply, and states both in the game's next request. */
            game_id?: string;
            /** @description With token: the plies played since the game's start (0 at setup), as the token claims. */
            ply?: number;
            /** @description Present when the game was set up with a time_control: each seat's clock as of this answer (see docs/clocks.md). */
            clocks?: components["schemas"]["Clocks"];
        };
        LegalMovesRequest: {
            /** @description The position in the game's compact notation (see GET /v1/games/{game}); the initial position when omitted or null. Whitespace around it is ignored. */
            position?: string | null;
            /** @description The game's options (see GET /v1/games); defaults fill in what is omitted (null: all defaults), unknown names are refused. */
            options?: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"] | (null);
            /** @description The token the service returned with this position, when the service signs positions (it then proves the service produced the position by legal play). Required with every position when the service requires signed positions (422 unsigned_position or bad_signature otherwise); ignored without a position, and when signing is off. */
            token?: string | null;
            /** @description The app's check: the id of the game this request belongs to, as the game's signed answers gave it (game_id). The position must then come with a valid token of that game (422 token_wrong_game for another game's, unsigned_position or bad_signature for none or a bad one), whatever the signing mode; 422 signing_not_configured on a service without signing keys. */
            game_id?: string | null;
            /** @description The app's check: the latest ply of the game the app knows (the ply of the game's latest signed answer). The token must be of that ply: 422 token_superseded for an earlier one (a take-back), token_ahead for a later one (played without the app). */
            ply?: number | null;
            /**
             * @description true: answer each move as its notation string only, instead of an entry with its structured fields (smaller and faster, for clients that need only what apply accepts).
             * @default false
             */
            moves_only?: boolean;
        };
        LegalMovesResponse: {
            to_move: string | null;
            count: number;
            /** @description Every legal move, each once: an entry each, or with moves_only its notation string. */
            moves: (components["schemas"]["LegalMoveEntry"] | string)[];
            /** @description The position the answer is about, in canonical notation (the initial position when the request gave none): send it with the next call. */
            position: string;
            /** @description Every option, resolved (defaults filled in): send them with the next call. */
            options: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"];
        };
        ApplyRequest: {
            /** @description The position in the game's compact notation (see GET /v1/games/{game}); the initial position when omitted or null. Whitespace around it is ignored. */
            position?: string | null;
            /** @description The game's options (see GET /v1/games); defaults fill in what is omitted (null: all defaults), unknown names are refused. */
            options?: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"] | (null);
            /** @description The token the service returned with this position, when the service signs positions (it then proves the service produced the position by legal play). Required with every position when the service requires signed positions (422 unsigned_position or bad_signature otherwise); ignored without a position, and when signing is off. */
            token?: string | null;
            /** @description The app's check: the id of the game this request belongs to, as the game's signed answers gave it (game_id). The position must then come with a valid token of that game (422 token_wrong_game for another game's, unsigned_position or bad_signature for none or a bad one), whatever the signing mode; 422 signing_not_configured on a service without signing keys. */
            game_id?: string | null;
            /** @description The app's check: the latest ply of the game the app knows (the ply of the game's latest signed answer). The token must be of that ply: 422 token_superseded for an earlier one (a take-back), token_ahead for a later one (played without the app). */
            ply?: number | null;
            /** @description The move in the game's notation, as listed by legal-moves (whitespace around it is ignored). */
            move: string;
            /** @description Dice for a chance move (a referee's physical dice), shaped as the game's `dice` schema (GET /v1/games/{game}); rolled by the service when omitted or null. Refused for a move that takes no dice. */
            dice?: components["schemas"]["KingsMateDice"] | components["schemas"]["MaestriaDice"] | (null);
            /** @description Seed for the service's dice, for reproducible rolls. */
            seed?: number | null;
        };
        Status: {
            /** @enum {string} */
            state: "ongoing" | "win" | "draw";
            winner: string | null;
            /** @description Why the game ended (null while it goes on): one of the game's end reasons, listed with a sentence each by GET /v1/games/{game}. */
            reason: components["schemas"]["EndReason"] | (null);
            to_move: string | null;
            /** @description Games with check: the side to move is in check. */
            in_check?: boolean;
            /** @description The answer of status for a clocked position (set up with a time_control): the clocks at the time of asking; a clock run out is a win of the other seat, reason out_of_time. Never inside another answer's status. */
            clocks?: components["schemas"]["Clocks"];
        } & {
            [key: string]: unknown;
        };
        ApplyResponse: {
            position: string;
            /** @description The move, canonical. */
            move: string;
            /** @description What the move did, in order. */
            events: components["schemas"]["Event"][];
            /** @description The dice used, if any. */
            dice?: components["schemas"]["KingsMateDice"] | components["schemas"]["MaestriaDice"] | (null);
            status: components["schemas"]["Status"];
            /** @description Every option, resolved (defaults filled in): send them with the next call. */
            options: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"];
            /** @description Present only when the service signs positions and this position was reached by legal play from the initial position or from a position sent with a valid token: send it back beside the position. */
            token?: string;
            /** @description With token: the id of the game the token belongs to (128 random bits, URL-safe), minted when a game starts from its initial position (setup, or replay and records/import without a token) and kept by every position played on from it. An app keeps it, with ply, and states both in the game's next request. */
            game_id?: string;
            /** @description With token: the plies played since the game's start (0 at setup), as the token claims. */
            ply?: number;
            /** @description Present when the game was set up with a time_control: each seat's clock as of this answer (see docs/clocks.md). */
            clocks?: components["schemas"]["Clocks"];
        };
        GameRequest: {
            /** @description The position in the game's compact notation (see GET /v1/games/{game}); the initial position when omitted or null. Whitespace around it is ignored. */
            position?: string | null;
            /** @description The game's options (see GET /v1/games); defaults fill in what is omitted (null: all defaults), unknown names are refused. */
            options?: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"] | (null);
            /** @description The token the service returned with this position, when the service signs positions (it then proves the service produced the position by legal play). Required with every position when the service requires signed positions (422 unsigned_position or bad_signature otherwise); ignored without a position, and when signing is off. */
            token?: string | null;
            /** @description The app's check: the id of the game this request belongs to, as the game's signed answers gave it (game_id). The position must then come with a valid token of that game (422 token_wrong_game for another game's, unsigned_position or bad_signature for none or a bad one), whatever the signing mode; 422 signing_not_configured on a service without signing keys. */
            game_id?: string | null;
            /** @description The app's check: the latest ply of the game the app knows (the ply of the game's latest signed answer). The token must be of that ply: 422 token_superseded for an earlier one (a take-back), token_ahead for a later one (played without the app). */
            ply?: number | null;
        };
        ReplayRequest: {
            /** @description The position in the game's compact notation (see GET /v1/games/{game}); the initial position when omitted or null. Whitespace around it is ignored. */
            position?: string | null;
            /** @description The game's options (see GET /v1/games); defaults fill in what is omitted (null: all defaults), unknown names are refused. */
            options?: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"] | (null);
            /** @description The token the service returned with this position, when the service signs positions (it then proves the service produced the position by legal play). Required with every position when the service requires signed positions (422 unsigned_position or bad_signature otherwise); ignored without a position, and when signing is off. */
            token?: string | null;
            /** @description The app's check: the id of the game this request belongs to, as the game's signed answers gave it (game_id). The position must then come with a valid token of that game (422 token_wrong_game for another game's, unsigned_position or bad_signature for none or a bad one), whatever the signing mode; 422 signing_not_configured on a service without signing keys. */
            game_id?: string | null;
            /** @description The app's check: the latest ply of the game the app knows (the ply of the game's latest signed answer). The token must be of that ply: 422 token_superseded for an earlier one (a take-back), token_ahead for a later one (played without the app). */
            ply?: number | null;
            /** @description Moves to play in order from the position. */
            moves: string[];
            /** @description Dice per move, aligned with moves (null where the service should roll or the move takes none). */
            dice?: (components["schemas"]["KingsMateDice"] | components["schemas"]["MaestriaDice"] | (null))[];
            /** @description Seed for every roll of the replay. */
            seed?: number | null;
            /**
             * @description true: also answer `history`, every ply's move, dice, events, mover, and the position and status after it (for a game viewer to step through the game). Without it the answer has no `history`.
             * @default false
             */
            history?: boolean;
        };
        Ply: {
            /** @description The move, canonical. */
            move: string;
            /** @description The dice the move took, or null for a move without. */
            dice: components["schemas"]["KingsMateDice"] | components["schemas"]["MaestriaDice"] | (null);
            /** @description What the move did, in order. */
            events: components["schemas"]["Event"][];
            /** @description The player who played the move. */
            mover: string;
            /** @description The position after the move, canonical. */
            position: string;
            /** @description The status after the move. */
            status: components["schemas"]["Status"];
            /** @description records/import: the mover's clock after the ply, in milliseconds, when the record gives it (a [%clk h:mm:ss] comment). */
            clock_ms?: number;
            /**
             * @description records/import: the move's annotation suffix, when the record gives it.
             * @enum {string}
             */
            suffix?: "!" | "?" | "!!" | "??" | "!?" | "?!";
            /** @description records/import: the move's numeric annotation glyphs ($1 is 1), in order, when the record gives any. */
            nags?: number[];
            /**
             * @description records/import: the check (+) or mate (#) mark the record wrote after the move (verified against the position), in a game with check.
             * @enum {string}
             */
            mark?: "+" | "#";
            /** @description records/import: the evaluation after the ply as written in a [%eval ...] comment: a score in pawns (0.25, -1.5) or a mate (#3, #-2). */
            eval?: string;
        };
        ReplayResponse: {
            position: string;
            plies: number;
            /** @description The moves played, canonical. */
            moves: string[];
            /** @description The dice of each move, null for a move that took none. */
            dice: (components["schemas"]["KingsMateDice"] | components["schemas"]["MaestriaDice"] | (null))[];
            status: components["schemas"]["Status"];
            /** @description Present only when the service signs positions and this position was reached by legal play from the initial position or from a position sent with a valid token: send it back beside the position. */
            token?: string;
            /** @description With token: the id of the game the token belongs to (128 random bits, URL-safe), minted when a game starts from its initial position (setup, or replay and records/import without a token) and kept by every position played on from it. An app keeps it, with ply, and states both in the game's next request. */
            game_id?: string;
            /** @description With token: the plies played since the game's start (0 at setup), as the token claims. */
            ply?: number;
            /** @description Only when the request asked for `history`: every ply in order, with its move, dice, events, mover, and the position and status after it. */
            history?: components["schemas"]["Ply"][];
        };
        RecordImportRequest: {
            /** @description The record's text, as docs/record-format.md writes it: tag pairs such as [Game "<game id>"], then the numbered moves in the game's notation (dice in <...> after a chance move, {comments}, off-board events such as (black resigns)), then the result. At most 1000 plies (422 work_limit_exceeded beyond, before any is played). */
            record: string;
        };
        RecordComment: {
            /** @description How many plies were played before it (0: before the first). */
            after: number;
            text: string;
        };
        RecordVariation: {
            /** @description The variation's plies, from the position before the ply it replaces (their index in the game counts on from that ply's), each as the main line's are, with variations of its own. */
            plies: components["schemas"]["RecordPly"][];
            /** @description Its comments, after counted from the variation's start. */
            comments: components["schemas"]["RecordComment"][];
        };
        RecordPly: {
            /** @description The move, canonical. */
            move: string;
            /** @description The dice the move took, or null for a move without. */
            dice: components["schemas"]["KingsMateDice"] | components["schemas"]["MaestriaDice"] | (null);
            /** @description What the move did, in order. */
            events: components["schemas"]["Event"][];
            /** @description The player who played the move. */
            mover: string;
            /** @description The position after the move, canonical. */
            position: string;
            /** @description The status after the move. */
            status: components["schemas"]["Status"];
            /** @description records/import: the mover's clock after the ply, in milliseconds, when the record gives it (a [%clk h:mm:ss] comment). */
            clock_ms?: number;
            /**
             * @description records/import: the move's annotation suffix, when the record gives it.
             * @enum {string}
             */
            suffix?: "!" | "?" | "!!" | "??" | "!?" | "?!";
            /** @description records/import: the move's numeric annotation glyphs ($1 is 1), in order, when the record gives any. */
            nags?: number[];
            /**
             * @description records/import: the check (+) or mate (#) mark the record wrote after the move (verified against the position), in a game with check.
             * @enum {string}
             */
            mark?: "+" | "#";
            /** @description records/import: the evaluation after the ply as written in a [%eval ...] comment: a score in pawns (0.25, -1.5) or a mate (#3, #-2). */
            eval?: string;
            /** @description Present when the record gives any: the lines written in parentheses after this ply, each what might have been played instead of it, from the position before it (a tree: their plies may have variations too). */
            variations?: components["schemas"]["RecordVariation"][];
        };
        RecordAside: {
            /** @description How many plies were played before it. */
            after: number;
            /** @enum {string} */
            kind: "resigns" | "leaves" | "runs_out_of_time" | "draw_agreed";
            /** @description The player it concerns (null for a draw agreed). */
            player: string | null;
            /** @description What it changed on the board, in order (a player leaving a game of more than two may change it). */
            events: components["schemas"]["Event"][];
        };
        TokenVerdict: {
            /** @description Whether this service made the token for this position, game and options (and, when the request states them, for that game_id and ply). */
            valid: boolean;
            /**
             * @description When not valid: the code a request carrying this token would be refused with.
             * @enum {string}
             */
            code?: "bad_signature" | "token_wrong_game" | "token_superseded" | "token_ahead";
            /** @description When not valid: why, in a sentence. */
            detail?: string;
            /** @description The id of the key the token names (when it verifies). */
            key_id?: string;
            /** @description When the token verifies: the id of its game. */
            game_id?: string;
            /** @description When the token verifies: the plies played since its game's start. */
            ply?: number;
            /** @description When the token verifies: the service's time of the answer that gave it, epoch milliseconds. */
            signed_at?: number;
            /** @description When the token verifies and its game has a clock: the clocks as of signed_at (status charges them up to now). */
            clocks?: components["schemas"]["Clocks"];
        };
        ImportedRecord: {
            game: components["schemas"]["GameId"];
            /** @description Every option, resolved (defaults filled in): send them with the next call. */
            options: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"];
            /** @description Every tag pair of the record, in its order. */
            tags: {
                [key: string]: string;
            };
            /** @description The start position, canonical (the Position tag's, else the initial one). */
            start: string;
            /** @description Whether the record starts from the game's initial position. */
            from_initial: boolean;
            /** @description Every ply of the main line in order, as replay's history gives it: the move (canonical), its dice, events and mover, the position and status after it; with its annotations and variations when the record gives them. */
            plies: components["schemas"]["RecordPly"][];
            /** @description The off-board events: resignations, departures, losses on time, a draw agreed. */
            asides: components["schemas"]["RecordAside"][];
            comments: components["schemas"]["RecordComment"][];
            /** @description The final position, canonical: after the last ply or departure. */
            position: string;
            /** @description How the game stands: the board's status, or the off-board ending that overrides it (reason resignation, abandoned, out_of_time or agreement). */
            status: components["schemas"]["Status"];
            /** @description The final position's own status, as the status operation answers it. */
            board_status: components["schemas"]["Status"];
            /** @description The result token: the record's, or the board's when the record gives none (* for a game that goes on). One score per seat in seat order: 1-0, 0-1, 0-0-1, 1/2-1/2... */
            result: string;
            /**
             * @description How the result agrees with the board: board (the board ended so), off_board (an off-board event ended it so), unfinished (* and the game goes on), unrecorded (no result given, the board ended: result is the board's). A result that contradicts the board is a 422 result_contradicts_board instead.
             * @enum {string}
             */
            agreement: "board" | "off_board" | "unfinished" | "unrecorded";
            /** @description Present only when the service signs positions, the record starts from the initial position and holds no off-board event: the final position's token, to go on playing from it (a new game: a new game_id). */
            token?: string;
            /** @description With token: the id of the game the token belongs to (128 random bits, URL-safe), minted when a game starts from its initial position (setup, or replay and records/import without a token) and kept by every position played on from it. An app keeps it, with ply, and states both in the game's next request. */
            game_id?: string;
            /** @description With token: the plies played since the game's start (0 at setup), as the token claims. */
            ply?: number;
            /** @description Present when the record has a Token tag and the service signs positions: whether that token verifies for the record's final position, options and last ply (and its GameId tag's game, if any): a game played through the service, not written by hand. As tokens/inspect answers. */
            final_token?: components["schemas"]["TokenVerdict"];
        };
        RecordsImportRequest: {
            /** @description The text of one or more records, one after the other (a file of games, as docs/records.md writes them): a game ends with its result token, or where the next game's tag pairs begin. A record without a Game tag is a game of the path's game; a record's own Game tag names its game. At most 100 games (422 too_many_records beyond) and 1000 plies a game (that game's 422 work_limit_exceeded). */
            records: string;
        };
        RecordProblem: {
            type: string;
            title: string;
            status: number;
            detail: string;
            /**
             * @description Stable machine-readable code, one of these; `title` names it for people.
             * @enum {string}
             */
            code: "malformed_request" | "unknown_game" | "not_found" | "method_not_allowed" | "body_too_large" | "unsupported_media_type" | "invalid_position" | "invalid_options" | "illegal_move" | "invalid_dice" | "game_over" | "work_limit_exceeded" | "invalid_record" | "invalid_tag" | "game_mismatch" | "too_many_records" | "result_contradicts_board" | "invalid_departure" | "invalid_highlight" | "invalid_last_move" | "render_unavailable" | "invalid_orientation" | "unsigned_position" | "bad_signature" | "token_wrong_game" | "token_superseded" | "token_ahead" | "signing_not_configured" | "clocks_need_signing" | "invalid_time_control" | "clock_skew" | "clock_running" | "origin_not_allowed" | "not_ready" | "overloaded" | "rate_limited" | "internal_error" | "request_line_too_long" | "headers_too_large" | "unsupported_transfer_coding";
            /** @description The id of the request this answers, as in its X-Request-ID header: the client's own when sane (1 to 128 letters, digits, '.', '_', ':', '-'), else one the service made. Quote it when reporting a problem. */
            request_id?: string;
            /** @description illegal_move: the rule that forbids it, one of the game's illegal_move reasons (GET /v1/games/{game}). */
            reason?: string;
            /** @description malformed_request: the offending fields. */
            errors?: {
                [key: string]: unknown;
            };
            /** @description replay, records: index of the first failing move (from 0). */
            index?: number;
            /** @description records/import: the line of the record at fault (from 1); too_many_records: where the first game past the limit starts. */
            line?: number;
            /** @description records/import: the column of the record at fault (from 1); too_many_records: where the first game past the limit starts. */
            column?: number;
            /** @description work_limit_exceeded: the bound the request went past (the most plies, the deepest perft); too_many_records: the most games one text may hold. */
            limit?: number;
            /** @description records: an illegal move inside a variation: the path to that variation from the main line, one [index, n] pair per level (the index of the ply it replaces, counted in the game, and which of that ply's variations it is, from 0). */
            variation?: number[][];
            /** @description records/export-many: the index (from 0) of the game at fault. */
            game?: number;
            /** @description invalid_tag, and an error in a tag's value (invalid_options, invalid_position, a result): the tag at fault. */
            tag?: string;
            /** @description invalid_position: the field at fault. */
            field?: string;
            /** @description invalid_options: the option at fault. */
            option?: string;
            /** @description game_over on time: the clocks, the mover's run out. */
            clocks?: components["schemas"]["Clocks"];
            /** @description token_wrong_game, token_superseded, token_ahead: the game id the token claims. */
            token_game_id?: string;
            /** @description token_wrong_game, token_superseded, token_ahead: the ply the token claims. */
            token_ply?: number;
            /** @description game_over on time: the game id of the token. */
            game_id?: string;
            /** @description game_over on time: the ply of the token. */
            ply?: number;
            /** @description game_over on time: the token of the position lost on time (status with it reports the loss). */
            token?: string;
        } & {
            [key: string]: unknown;
        };
        ImportedRecordsEntry: {
            /** @description The game's place in the text, from 0. */
            index: number;
            /** @description The line (from 1) of the text where the game starts. */
            line: number;
            /** @description The column (from 1) where the game starts on that line. */
            column: number;
            /** @description That line's text, trimmed (at most 80 characters), to name the game. */
            first_line: string;
            /** @description Whether the game is judged valid: `record` holds it, else `problem`. */
            valid: boolean;
            /** @description A valid game, as records/import answers it (no token). */
            record?: components["schemas"]["ImportedRecord"];
            /** @description A game at fault: its first fault, as records/import answers it; its line and column are the whole text's. */
            problem?: components["schemas"]["RecordProblem"];
        };
        ImportedRecords: {
            /** @description Every game of the text, in order, each judged on its own. */
            games: components["schemas"]["ImportedRecordsEntry"][];
            /** @description How many games. */
            count: number;
            /** @description How many of them are at fault. */
            failed: number;
        };
        RecordCommentRequest: {
            /** @description How many plies are played before it (0: before the first). */
            after: number;
            text: string;
        };
        RecordAsideRequest: {
            /** @description How many plies are played before it. */
            after: number;
            /**
             * @description resigns, leaves (a player leaves the game), runs_out_of_time or draw_agreed.
             * @enum {string}
             */
            kind: "resigns" | "leaves" | "runs_out_of_time" | "draw_agreed";
            /** @description The player it concerns (as the game names its players); none for a draw agreed. */
            player?: string | null;
        };
        ExportClocks: {
            /** @description Each seat's remaining milliseconds after the ply: the mover's is written. */
            remaining_ms: {
                [key: string]: number;
            };
            /** @description The game's time control: written as the TimeControl tag (from the first ply's clocks that give it) unless the tags give one. */
            time_control?: components["schemas"]["TimeControl"];
            running?: string | null;
            as_of?: number;
            out_of_time?: string;
        };
        RecordAnnotationRequest: {
            /**
             * @description The move's suffix: !, ?, !!, ??, !? or ?!.
             * @enum {string}
             */
            suffix?: "!!" | "??" | "!?" | "?!" | "!" | "?";
            /** @description Numeric annotation glyphs ($1 is 1), in order. */
            nags?: number[];
            /**
             * @description + (check) or # (mate), in a game with check: verified against the position (422 invalid_record with the ply's index when wrong).
             * @enum {string}
             */
            mark?: "+" | "#";
            /** @description The evaluation after the ply: a score in pawns (0.25) or a mate (#-3), written as [%eval ...]. */
            eval?: string;
        };
        RecordVariationRequest: {
            /** @description The index, in its line (the moves it is given beside), of the ply it replaces: it is played from the position before that ply. */
            after: number;
            /** @description Moves to play in order from the position. */
            moves: string[];
            /** @description Dice per move, aligned with moves (null where the service should roll or the move takes none). */
            dice?: (components["schemas"]["KingsMateDice"] | components["schemas"]["MaestriaDice"] | (null))[];
            /** @description Comments, after counted in the variation. */
            comments?: components["schemas"]["RecordCommentRequest"][];
            /** @description Each ply's annotations, aligned with moves ({} or fewer entries: none). */
            annotations?: components["schemas"]["RecordAnnotationRequest"][];
            /** @description Variations of this variation's plies, nested at most 8 deep. */
            variations?: components["schemas"]["RecordVariationRequest"][];
        };
        RecordExportRequest: {
            /** @description The position in the game's compact notation (see GET /v1/games/{game}); the initial position when omitted or null. Whitespace around it is ignored. */
            position?: string | null;
            /** @description The game's options (see GET /v1/games); defaults fill in what is omitted (null: all defaults), unknown names are refused. */
            options?: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"] | (null);
            /** @description The token the service returned with this position, when the service signs positions (it then proves the service produced the position by legal play). Required with every position when the service requires signed positions (422 unsigned_position or bad_signature otherwise); ignored without a position, and when signing is off. */
            token?: string | null;
            /** @description The app's check: the id of the game this request belongs to, as the game's signed answers gave it (game_id). The position must then come with a valid token of that game (422 token_wrong_game for another game's, unsigned_position or bad_signature for none or a bad one), whatever the signing mode; 422 signing_not_configured on a service without signing keys. */
            game_id?: string | null;
            /** @description The app's check: the latest ply of the game the app knows (the ply of the game's latest signed answer). The token must be of that ply: 422 token_superseded for an earlier one (a take-back), token_ahead for a later one (played without the app). */
            ply?: number | null;
            /** @description Moves to play in order from the position. */
            moves: string[];
            /** @description Dice per move, aligned with moves (null where the service should roll or the move takes none). */
            dice?: (components["schemas"]["KingsMateDice"] | components["schemas"]["MaestriaDice"] | (null))[];
            /** @description Tag pairs to write, name -> value, such as Event, Site, Date (YYYY.MM.DD), Round and one per seat (White, Black...); Game, Options and Position come from the request itself, Result and Termination from the game unless given (and then checked). */
            tags?: {
                [key: string]: string;
            };
            /** @description Comments, each after a number of plies. */
            comments?: components["schemas"]["RecordCommentRequest"][];
            /** @description Off-board events, each after a number of plies: a resignation, a player leaving, a loss on time, a draw agreed. */
            asides?: components["schemas"]["RecordAsideRequest"][];
            /** @description The result token to write (1-0, 0-1, 1/2-1/2, 0-0-1...), checked against the game (422 result_contradicts_board); the game's own when omitted. */
            result?: string | null;
            /** @description The clocks after each ply, aligned with moves (the first plies', when fewer), as the apply answers carried them: the mover's time is written after the ply as a [%clk h:mm:ss] comment, the time control as the TimeControl tag (300+2, or 1/86400 for a time per move). Clocks no game under that time control could show (growing by more than the increment) are a 422 invalid_record with the ply's index. */
            clocks?: components["schemas"]["ExportClocks"][];
            /** @description Each ply's annotations, aligned with moves ({} or fewer entries: none). */
            annotations?: components["schemas"]["RecordAnnotationRequest"][];
            /** @description Variations, each replacing a ply of the moves (after: its index) and played from the position before it, written in parentheses after that ply; they may hold variations of their own, nested at most 8 deep. As an import answers them, the moves under plies. */
            variations?: components["schemas"]["RecordVariationRequest"][];
        };
        ExportedRecord: {
            /** @description The record's text (docs/records.md): it imports back to the same game. */
            record: string;
            /** @description Its result token. */
            result: string;
            /** @description How the game stands, off-board endings included. */
            status: components["schemas"]["Status"];
        };
        RecordExportItem: {
            /** @description The position in the game's compact notation (see GET /v1/games/{game}); the initial position when omitted or null. Whitespace around it is ignored. */
            position?: string | null;
            /** @description The game's options (see GET /v1/games); defaults fill in what is omitted (null: all defaults), unknown names are refused. */
            options?: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"] | (null);
            /** @description Moves to play in order from the position. */
            moves: string[];
            /** @description Dice per move, aligned with moves (null where the service should roll or the move takes none). */
            dice?: (components["schemas"]["KingsMateDice"] | components["schemas"]["MaestriaDice"] | (null))[];
            /** @description Tag pairs to write, name -> value, such as Event, Site, Date (YYYY.MM.DD), Round and one per seat (White, Black...); Game, Options and Position come from the request itself, Result and Termination from the game unless given (and then checked). */
            tags?: {
                [key: string]: string;
            };
            /** @description Comments, each after a number of plies. */
            comments?: components["schemas"]["RecordCommentRequest"][];
            /** @description Off-board events, each after a number of plies: a resignation, a player leaving, a loss on time, a draw agreed. */
            asides?: components["schemas"]["RecordAsideRequest"][];
            /** @description The result token to write (1-0, 0-1, 1/2-1/2, 0-0-1...), checked against the game (422 result_contradicts_board); the game's own when omitted. */
            result?: string | null;
            /** @description The clocks after each ply, aligned with moves (the first plies', when fewer), as the apply answers carried them: the mover's time is written after the ply as a [%clk h:mm:ss] comment, the time control as the TimeControl tag (300+2, or 1/86400 for a time per move). Clocks no game under that time control could show (growing by more than the increment) are a 422 invalid_record with the ply's index. */
            clocks?: components["schemas"]["ExportClocks"][];
            /** @description Each ply's annotations, aligned with moves ({} or fewer entries: none). */
            annotations?: components["schemas"]["RecordAnnotationRequest"][];
            /** @description Variations, each replacing a ply of the moves (after: its index) and played from the position before it, written in parentheses after that ply; they may hold variations of their own, nested at most 8 deep. As an import answers them, the moves under plies. */
            variations?: components["schemas"]["RecordVariationRequest"][];
        };
        RecordsExportRequest: {
            /** @description The games to write, in order, each as records/export takes it (its own position and options). At most 100 games and 1000 plies a game. */
            games: components["schemas"]["RecordExportItem"][];
        };
        ExportedRecordsEntry: {
            /** @description The game's result. */
            result: string;
            status: components["schemas"]["Status"];
        };
        ExportedRecords: {
            /** @description The records' text, one game after the other, a blank line between: records/import-many reads it back game by game. */
            records: string;
            count: number;
            /** @description Each game's result and status, in order. */
            games: components["schemas"]["ExportedRecordsEntry"][];
        };
        TokenInspectionRequest: {
            /** @description The position in the game's compact notation (see GET /v1/games/{game}); the initial position when omitted or null. Whitespace around it is ignored. */
            position?: string | null;
            /** @description The game's options (see GET /v1/games); defaults fill in what is omitted (null: all defaults), unknown names are refused. */
            options?: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"] | (null);
            /** @description The token to inspect, as an answer of the service gave it. */
            token: string;
            /** @description The app's check: the id of the game this request belongs to, as the game's signed answers gave it (game_id). The position must then come with a valid token of that game (422 token_wrong_game for another game's, unsigned_position or bad_signature for none or a bad one), whatever the signing mode; 422 signing_not_configured on a service without signing keys. */
            game_id?: string | null;
            /** @description The app's check: the latest ply of the game the app knows (the ply of the game's latest signed answer). The token must be of that ply: 422 token_superseded for an earlier one (a take-back), token_ahead for a later one (played without the app). */
            ply?: number | null;
        };
        TokenInspection: {
            /** @description Whether this service made the token for this position, game and options (and, when the request states them, for that game_id and ply). */
            valid: boolean;
            /**
             * @description When not valid: the code a request carrying this token would be refused with.
             * @enum {string}
             */
            code?: "bad_signature" | "token_wrong_game" | "token_superseded" | "token_ahead";
            /** @description When not valid: why, in a sentence. */
            detail?: string;
            /** @description The id of the key the token names (when it verifies). */
            key_id?: string;
            /** @description When the token verifies: the id of its game. */
            game_id?: string;
            /** @description When the token verifies: the plies played since its game's start. */
            ply?: number;
            /** @description When the token verifies: the service's time of the answer that gave it, epoch milliseconds. */
            signed_at?: number;
            /** @description When the token verifies and its game has a clock: the clocks as of signed_at (status charges them up to now). */
            clocks?: components["schemas"]["Clocks"];
            /** @description The game (its id in the path). */
            game: string;
            /** @description The position the token was checked against, as sent (the initial position, canonical, when none was sent). */
            position: string;
            /** @description Every option, resolved (defaults filled in): send them with the next call. */
            options: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"];
        };
        PerftRequest: {
            /** @description The position in the game's compact notation (see GET /v1/games/{game}); the initial position when omitted or null. Whitespace around it is ignored. */
            position?: string | null;
            /** @description The game's options (see GET /v1/games); defaults fill in what is omitted (null: all defaults), unknown names are refused. */
            options?: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"] | (null);
            /** @description The token the service returned with this position, when the service signs positions (it then proves the service produced the position by legal play). Required with every position when the service requires signed positions (422 unsigned_position or bad_signature otherwise); ignored without a position, and when signing is off. */
            token?: string | null;
            /** @description The app's check: the id of the game this request belongs to, as the game's signed answers gave it (game_id). The position must then come with a valid token of that game (422 token_wrong_game for another game's, unsigned_position or bad_signature for none or a bad one), whatever the signing mode; 422 signing_not_configured on a service without signing keys. */
            game_id?: string | null;
            /** @description The app's check: the latest ply of the game the app knows (the ply of the game's latest signed answer). The token must be of that ply: 422 token_superseded for an earlier one (a take-back), token_ahead for a later one (played without the app). */
            ply?: number | null;
            /** @description Plies to search; each game has its own lower cap (max_perft_depth). */
            depth: number;
            /**
             * @description Also count leaves per first move.
             * @default false
             */
            divide?: boolean;
        };
        PerftResponse: {
            depth: number;
            nodes: number;
            divide?: {
                [key: string]: number;
            };
        };
        Health: {
            status: string;
        };
        RenderRequest: {
            /** @description The position in the game's compact notation (see GET /v1/games/{game}); the initial position when omitted or null. Whitespace around it is ignored. */
            position?: string | null;
            /** @description The game's options (see GET /v1/games); defaults fill in what is omitted (null: all defaults), unknown names are refused. */
            options?: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"] | (null);
            /** @description The token the service returned with this position, when the service signs positions (it then proves the service produced the position by legal play). Required with every position when the service requires signed positions (422 unsigned_position or bad_signature otherwise); ignored without a position, and when signing is off. */
            token?: string | null;
            /** @description The app's check: the id of the game this request belongs to, as the game's signed answers gave it (game_id). The position must then come with a valid token of that game (422 token_wrong_game for another game's, unsigned_position or bad_signature for none or a bad one), whatever the signing mode; 422 signing_not_configured on a service without signing keys. */
            game_id?: string | null;
            /** @description The app's check: the latest ply of the game the app knows (the ply of the game's latest signed answer). The token must be of that ply: 422 token_superseded for an earlier one (a take-back), token_ahead for a later one (played without the app). */
            ply?: number | null;
            /**
             * @description svg (image/svg+xml) or png (image/png).
             * @default svg
             * @enum {string}
             */
            format?: "svg" | "png";
            /**
             * @description Pixels of the picture's longer side; omitted or null: chosen from the board's dimensions, squares of about 48 px (at least 480, at most 1600).
             * @default null
             */
            size?: number | null;
            /** @description Squares to highlight (e.g. a piece's legal destinations). */
            highlight?: string[];
            /**
             * @description true: highlight the previous move where the position's notation records it; false: none; a move in the game's notation (e.g. "e2e4"): highlight its squares, for games whose positions do not record the last move. 422 invalid_last_move for a string that is not a move on this board.
             * @default true
             */
            last_move?: boolean | string;
            /**
             * @description The player the board is seen from: one of the players taking part (the game's `players` in GET /v1/games/{game}, as the options seat them); the board is turned by quarter turns so that this player's side is at the bottom (the coordinates and each square's group turn with it). Omitted or null: the board as the game draws it, the first player at the bottom. 422 invalid_orientation for anyone else.
             * @default null
             */
            orientation?: string | null;
        };
        ReplayPictureRequest: {
            /** @description The position in the game's compact notation (see GET /v1/games/{game}); the initial position when omitted or null. Whitespace around it is ignored. */
            position?: string | null;
            /** @description The game's options (see GET /v1/games); defaults fill in what is omitted (null: all defaults), unknown names are refused. */
            options?: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"] | (null);
            /** @description The token the service returned with this position, when the service signs positions (it then proves the service produced the position by legal play). Required with every position when the service requires signed positions (422 unsigned_position or bad_signature otherwise); ignored without a position, and when signing is off. */
            token?: string | null;
            /** @description The app's check: the id of the game this request belongs to, as the game's signed answers gave it (game_id). The position must then come with a valid token of that game (422 token_wrong_game for another game's, unsigned_position or bad_signature for none or a bad one), whatever the signing mode; 422 signing_not_configured on a service without signing keys. */
            game_id?: string | null;
            /** @description The app's check: the latest ply of the game the app knows (the ply of the game's latest signed answer). The token must be of that ply: 422 token_superseded for an earlier one (a take-back), token_ahead for a later one (played without the app). */
            ply?: number | null;
            /** @description The plies to show, in order from the position (at most 200): one frame each after the start's. */
            moves: string[];
            /** @description Dice per move, aligned with moves (null where the service should roll or the move takes none), as for replay; in a query string, JSON text. */
            dice?: (components["schemas"]["KingsMateDice"] | components["schemas"]["MaestriaDice"] | (null))[];
            /** @description Seed for every roll of the replay. */
            seed?: number | null;
            /**
             * @description Pixels of each frame's longer side (at most 800); omitted or null: 360, or the board's own default size when smaller.
             * @default null
             */
            size?: number | null;
            /**
             * @description The player the board is seen from: one of the players taking part (the game's `players` in GET /v1/games/{game}, as the options seat them); the board is turned by quarter turns so that this player's side is at the bottom (the coordinates and each square's group turn with it). Omitted or null: the board as the game draws it, the first player at the bottom. 422 invalid_orientation for anyone else.
             * @default null
             */
            orientation?: string | null;
            /**
             * @description How long each frame shows, in ms.
             * @default 1000
             */
            frame_ms?: number;
            /**
             * @description gif (image/gif) or apng (an animated PNG, image/png).
             * @default gif
             * @enum {string}
             */
            format?: "apng" | "gif";
        };
        SuggestRequest: {
            /** @description The position in the game's compact notation (see GET /v1/games/{game}); the initial position when omitted or null. Whitespace around it is ignored. */
            position?: string | null;
            /** @description The game's options (see GET /v1/games); defaults fill in what is omitted (null: all defaults), unknown names are refused. */
            options?: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"] | (null);
            /** @description The token the service returned with this position, when the service signs positions (it then proves the service produced the position by legal play). Required with every position when the service requires signed positions (422 unsigned_position or bad_signature otherwise); ignored without a position, and when signing is off. */
            token?: string | null;
            /** @description The app's check: the id of the game this request belongs to, as the game's signed answers gave it (game_id). The position must then come with a valid token of that game (422 token_wrong_game for another game's, unsigned_position or bad_signature for none or a bad one), whatever the signing mode; 422 signing_not_configured on a service without signing keys. */
            game_id?: string | null;
            /** @description The app's check: the latest ply of the game the app knows (the ply of the game's latest signed answer). The token must be of that ply: 422 token_superseded for an earlier one (a take-back), token_ahead for a later one (played without the app). */
            ply?: number | null;
            /**
             * @description random (uniform over the legal moves), greedy (a win in one, else the best move by the game's one-ply evaluation) or mcts (Monte Carlo tree search, the default).
             * @default mcts
             * @enum {string}
             */
            level?: "random" | "greedy" | "mcts";
            /** @description mcts: the number of playouts, the budget that makes the answer reproducible. Each game has its own default and cap (a game's default may change with the number of players); past a game's cap the answer is a 400 naming playouts. Default and cap per game: kings-mate 1000 (at most 10000), maestria 1000 (at most 10000), mastery 1000 (at most 10000), sceptre 300 (at most 3000). */
            playouts?: number | null;
            /** @description The most milliseconds the search may take (at most and by default 2000). A search stopped by it has done fewer playouts than asked, which the answer says, and may differ from run to run. */
            time_ms?: number | null;
            /** @description Seed of the search's random choices (0 when omitted): the same seed and budget give the same move. */
            seed?: number | null;
        };
        Alternative: {
            move: string;
            /** @description mcts: playouts through the move; 0 otherwise. */
            visits: number;
            /** @description The mover's estimated chance of winning after it. */
            value: number;
        };
        SuggestResponse: {
            /** @description The move to play, as legal-moves lists it. */
            move: string;
            entry: components["schemas"]["LegalMoveEntry"];
            /** @enum {string} */
            level: "random" | "greedy" | "mcts";
            /** @description Playouts done (0 outside mcts). */
            playouts: number;
            /** @description Milliseconds searched. */
            time_ms: number;
            /** @description The mover's estimated chance of winning after the move, 0 to 1. */
            value: number;
            /** @description The best few moves, the suggestion first, with their visits and values. */
            alternatives: components["schemas"]["Alternative"][];
            /** @description The position the answer is about, in canonical notation (the initial position when the request gave none): send it with the next call. */
            position: string;
            /** @description Every option, resolved (defaults filled in): send them with the next call. */
            options: components["schemas"]["KingsMateOptions"] | components["schemas"]["MaestriaOptions"] | components["schemas"]["MasteryOptions"] | components["schemas"]["SceptreOptions"];
        };
        /**
         * @description Why a game ended: one of the games' end reasons (GET /v1/games/{game} lists each game's with a sentence).
         * @enum {string}
         */
        EndReason: "checkmate" | "stalemate" | "fools_gambit" | "quiet_plies" | "resignation" | "abandoned" | "out_of_time" | "agreement" | "general_eliminated" | "no_masters" | "no_officers_or_pawns" | "no_legal_moves" | "last_king_standing";
        /**
         * @description The rule that forbids a move: one of the games' illegal_move reasons (GET /v1/games/{game} lists each game's with a sentence).
         * @enum {string}
         */
        IllegalMoveReason: "malformed_move" | "empty_square" | "not_your_piece" | "failed_attempt" | "own_piece" | "piece_movement" | "defense_of_the_crown" | "path_blocked" | "raised_square" | "defended_king" | "promotion_not_allowed" | "promotion_required" | "king_in_check" | "swordmaster_formation" | "illegal_move" | "wrong_phase" | "fight_pending" | "not_own_camp" | "wrong_cell_colour" | "cell_full" | "general_already_placed" | "general_required" | "not_your_stack" | "not_adjacent" | "not_enough_pawns" | "no_general_here" | "general_must_move" | "no_action_points" | "retreat_blocked" | "general_alone" | "lost_power" | "not_in_zone_of_control" | "rank_capture" | "reflection_rule" | "ko_rule" | "resurrection_not_allowed" | "no_lost_piece" | "square_occupied" | "off_board" | "pass_not_allowed" | "pawn_capture" | "terrain";
        /**
         * @description The id of a game this service plays. Its `x-game-components` name each game's own components: its `options`, its `dice` (absent for a game without dice), the `entries` its legal moves are answered as and the `events` its moves report.
         * @enum {string}
         */
        GameId: "kings-mate" | "maestria" | "mastery" | "sceptre";
        /** @description The options of King's Mate; defaults fill in what is omitted. */
        KingsMateOptions: {
            stalemate?: components["schemas"]["KingsMateOptionsStalemate"];
            /**
             * @description Fool's Gambit: a Fool on its own King Square opens every raised square to the other Fools of its side; a Fool moved onto the enemy King Square wins at once.
             * @default false
             */
            fools_gambit?: boolean;
            /**
             * @description Defense of the Crown: a King that has never moved jumps 3 squares over his two Swordmasters standing in line from him, to the empty square beyond.
             * @default false
             */
            defense_of_the_crown?: boolean;
            /**
             * @description Active Play: every capture is an attempt decided by two d6 (attacker and defender); it fails when the defender rolls at least as high, and the player then moves another piece.
             * @default false
             */
            active_play?: boolean;
            /**
             * @description House rule, off by default (null): the game is drawn when the position's quiet counter reaches this number. The counter counts plies since the last capture (under active_play, the last successful capture attempt).
             * @default null
             */
            draw_after_quiet_plies?: number | null;
        };
        /** @description The options of Maestria; defaults fill in what is omitted. */
        MaestriaOptions: {
            /**
             * @description The terrain of the 24 cells: two rows of 12 letters P (plain), F (forest), M (mountain), row 2 (white's camp) first, files a to l, e.g. 'PFMPFMMFPMFP/PFMPFMMFPMFP' (the default).
             * @default PFMPFMMFPMFP/PFMPFMMFPMFP
             */
            terrain?: string | string[];
            /**
             * @description House rule, off by default (null): the game is drawn when the position's quiet counter reaches this number. The counter counts turn changes since the last pawn was lost, in a fight or a retreat (each passing of the turn in play adds one).
             * @default null
             */
            draw_after_quiet_plies?: number | null;
        };
        /** @description The options of Mastery; defaults fill in what is omitted. */
        MasteryOptions: {
            ruleset?: components["schemas"]["MasteryOptionsRuleset"];
            setup?: components["schemas"]["MasteryOptionsSetup"];
            /**
             * @description House rule, off by default (null): the game is drawn when the position's quiet counter reaches this number. The counter counts plies since the last capture, devour or resurrection.
             * @default null
             */
            draw_after_quiet_plies?: number | null;
        };
        /** @description The options of Sceptre; defaults fill in what is omitted. */
        SceptreOptions: {
            /**
             * @description The players, 2 to 4 colour letters among w (white), r (red), b (black), y (yellow); turn order is always white, red, black, yellow.
             * @default [
             *       "w",
             *       "b"
             *     ]
             */
            players?: components["schemas"]["SceptreOptionsPlayersItem"][];
            /**
             * @description The board: a list of 8x8 sections, each {"origin": "a1", "name": <library section>} or {"origin": "a1", "terrain": [8 strings of 8 letters . F R P B C, top row first]}, optionally with "home": <colour>. null: the default layout for the number of players.
             * @default null
             */
            sections?: components["schemas"]["SceptreOptionsSectionsItem"][] | null;
            /**
             * @description Another name for 'sections'; give one of the two, or both with the same value. The resolved options carry both.
             * @default null
             */
            board?: components["schemas"]["SceptreOptionsSectionsItem"][] | null;
            /**
             * @description Each player's forward direction, e.g. {"w": "north", "b": "south"}; players left out take the default for their seat.
             * @default null
             */
            forward?: {
                w?: components["schemas"]["SceptreOptionsForwardW"];
                r?: components["schemas"]["SceptreOptionsForwardW"];
                b?: components["schemas"]["SceptreOptionsForwardW"];
                y?: components["schemas"]["SceptreOptionsForwardW"];
            } | null;
            /**
             * @description House rule, off by default (null): the game is drawn when the position's quiet counter reaches this number. The counter counts plies since the last capture of any piece, passes included.
             * @default null
             */
            draw_after_quiet_plies?: number | null;
        };
        /** @description A capture attempt's two d6 under active_play: it succeeds when the attacker rolls higher than the defender. */
        KingsMateDice: {
            /** @description The attacker's d6. */
            attacker: number;
            /** @description The defender's d6. */
            defender: number;
        };
        /** @description The dice of a fight: each side's d6 values, then its d4 if its terrain beats the other's. A side rolls one d6, a second d6 if it has more pawns in the fight, and the d4 on the better terrain; a d6 shows 1 to 6, the d4 1 to 4. */
        MaestriaDice: {
            /** @description The attacker's d6 values (one or two), then its d4 if it has one. */
            attacker: number[];
            /** @description The defender's d6 values (one or two), then its d4 if it has one. */
            defender: number[];
        };
        /** @description A capture attempt under active play, decided by two d6: it succeeds when the attacker rolls higher. */
        AttemptEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "attempt";
            /** @description A square in the game's notation. */
            from: string;
            /** @description A square in the game's notation. */
            to: string;
            /** @description A piece in the game's notation. */
            piece: string;
            /** @description Whether the capture goes ahead. */
            success: boolean;
            /** @description The attacker's d6. */
            attacker: number;
            /** @description The defender's d6. */
            defender: number;
        };
        /** @description A piece moves from one square to another. */
        MoveEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "move";
            /** @description A square in the game's notation. */
            from: string;
            /** @description A square in the game's notation. */
            to: string;
            /** @description A piece in the game's notation. */
            piece: string;
        };
        /** @description A piece is taken off its square. */
        CaptureEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "capture";
            /** @description A square in the game's notation. */
            square: string;
            /** @description A piece in the game's notation. */
            piece: string;
        };
        /** @description A piece is promoted on its square; piece is what it becomes. */
        PromotionEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "promotion";
            /** @description A square in the game's notation. */
            square: string;
            /** @description A piece in the game's notation. */
            piece: string;
        };
        /** @description The ply ends after a failed attempt, no other piece being able to move. */
        PlyEndsEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "ply_ends";
            /** @description What happened, in a sentence. */
            detail: string;
        };
        /** @description The side ends its turn. */
        EndEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "end";
            side: components["schemas"]["EndEventSide"];
        };
        /** @description The turn passes. */
        TurnEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "turn";
            to_move: components["schemas"]["EndEventSide"];
        };
        /** @description In setup, a pawn (or the General) is placed on a cell. */
        PlaceEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "place";
            side: components["schemas"]["EndEventSide"];
            /** @description A cell in the game's notation. */
            cell: string;
            /** @description Whether the General is among them. */
            general: boolean;
        };
        /** @description The game enters a new phase. */
        PhaseEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "phase";
            phase: components["schemas"]["PhaseEventPhase"];
        };
        /** @description Pawns step to an adjacent cell. */
        StepEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "step";
            side: components["schemas"]["EndEventSide"];
            /** @description A square in the game's notation. */
            from: string;
            /** @description A square in the game's notation. */
            to: string;
            /** @description How many pawns. */
            count: number;
            /** @description Whether the General is among them. */
            general: boolean;
        };
        /** @description Pawns step onto an enemy stack: the defender fights or retreats. */
        AttackEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "attack";
            side: components["schemas"]["EndEventSide"];
            /** @description A square in the game's notation. */
            from: string;
            /** @description A square in the game's notation. */
            to: string;
            /** @description How many pawns. */
            count: number;
            /** @description Whether the General is among them. */
            general: boolean;
        };
        /** @description The attackers enter the cell they emptied. */
        EnterEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "enter";
            side: components["schemas"]["EndEventSide"];
            /** @description A square in the game's notation. */
            from: string;
            /** @description A square in the game's notation. */
            to: string;
            /** @description How many pawns. */
            count: number;
        };
        /** @description The attacked stack retreats to an adjacent cell. */
        RetreatEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "retreat";
            side: components["schemas"]["EndEventSide"];
            /** @description A square in the game's notation. */
            from: string;
            /** @description A square in the game's notation. */
            to: string;
            /** @description How many pawns. */
            count: number;
        };
        /** @description A fight is rolled. */
        FightEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "fight";
            /** @description The dice of a fight: each side's d6 values, then its d4 if its terrain beats the other's. A side rolls one d6, a second d6 if it has more pawns in the fight, and the d4 on the better terrain; a d6 shows 1 to 6, the d4 1 to 4. */
            dice: {
                /** @description The attacker's d6 values (one or two), then its d4 if it has one. */
                attacker: number[];
                /** @description The defender's d6 values (one or two), then its d4 if it has one. */
                defender: number[];
            };
            /** @description The attacker's total. */
            attacker_total: number;
            /** @description The defender's total. */
            defender_total: number;
            /** @description The side with the higher total; null on a tie. */
            winner: components["schemas"]["FightEventWinner"] | (null);
        };
        /** @description Equal totals: nothing happens. */
        TieEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "tie";
            /** @description What happened, in a sentence. */
            detail: string;
        };
        /** @description A side loses pawns on a cell. */
        LossEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "loss";
            side: components["schemas"]["EndEventSide"];
            /** @description A cell in the game's notation. */
            cell: string;
            /** @description How many pawns are lost. */
            pawns: number;
            /** @description Whether the General falls. */
            general: boolean;
        };
        /** @description A General falls: the other side wins. */
        GeneralEliminatedEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "general_eliminated";
            side: components["schemas"]["EndEventSide"];
            winner: components["schemas"]["EndEventSide"];
        };
        /** @description A piece of the other side, under control, is moved. */
        ControlEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "control";
            /** @description A square in the game's notation. */
            from: string;
            /** @description A square in the game's notation. */
            to: string;
            /** @description A piece in the game's notation. */
            piece: string;
        };
        /** @description A piece of the mover's own side is taken by a controlled piece. */
        DevourEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "devour";
            /** @description A square in the game's notation. */
            square: string;
            /** @description A piece in the game's notation. */
            piece: string;
        };
        /** @description A captured piece comes back on a square. */
        ResurrectionEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "resurrection";
            /** @description A square in the game's notation. */
            square: string;
            /** @description A piece in the game's notation. */
            piece: string;
        };
        /** @description The player passes. */
        PassEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "pass";
            player: components["schemas"]["PassEventPlayer"];
        };
        /** @description A King is captured: the armies its player controlled go to the capturer. */
        KingCapturedEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "king_captured";
            player: components["schemas"]["PassEventPlayer"];
            /** @description The armies that change hands. */
            armies: components["schemas"]["PassEventPlayer"][];
            to: components["schemas"]["PassEventPlayer"];
        };
        /** @description A player with no legal move, not in check, leaves the game. */
        RemovedEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "removed";
            player: components["schemas"]["PassEventPlayer"];
            /** @description What happened, in a sentence. */
            detail: string;
        };
        /** @description A move to an empty square. */
        MoveEntry: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "move";
            /** @description Canonical notation; apply accepts exactly this string. */
            move: string;
            /** @description The move is decided by dice. */
            chance?: boolean;
            /** @description The square it leaves. */
            from: string;
            /** @description The square it reaches. */
            to: string;
            /** @description The piece moved. */
            piece: string;
            /** @description The piece moved is the other side's, under control. */
            control?: boolean;
        };
        /** @description King's Mate: A capture (an attempt decided by dice under active play). Mastery: A capture of an enemy piece, perhaps with a resurrection. Sceptre: A capture of an enemy piece. */
        CaptureEntry: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "capture";
            /** @description Canonical notation; apply accepts exactly this string. */
            move: string;
            /** @description The move is decided by dice. */
            chance?: boolean;
            /** @description The square it leaves. */
            from: string;
            /** @description The square it reaches. */
            to: string;
            /** @description The piece moved. */
            piece: string;
            /** @description The piece taken. */
            captured: string;
            /** @description Under active play: the chance the capture attempt succeeds. */
            probability?: number;
            /** @description The kind the piece becomes. */
            promotion?: string;
            /** @description The piece moved is the other side's, under control. */
            control?: boolean;
            resurrect?: components["schemas"]["CaptureEntryResurrect"];
        };
        /** @description King's Mate: A move to an empty square that promotes the piece. Sceptre: A move that promotes the piece, perhaps capturing. */
        PromotionEntry: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "promotion";
            /** @description Canonical notation; apply accepts exactly this string. */
            move: string;
            /** @description The move is decided by dice. */
            chance?: boolean;
            /** @description The square it leaves. */
            from: string;
            /** @description The square it reaches. */
            to: string;
            /** @description The piece moved. */
            piece: string;
            /** @description The kind the piece becomes. */
            promotion: string;
            /** @description The piece taken. */
            captured?: string;
        };
        /** @description Defense of the Crown: the King's jump over his two Swordmasters. */
        CrownEntry: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "crown";
            /** @description Canonical notation; apply accepts exactly this string. */
            move: string;
            /** @description The move is decided by dice. */
            chance?: boolean;
            /** @description The square it leaves. */
            from: string;
            /** @description The square it reaches. */
            to: string;
            /** @description The piece moved. */
            piece: string;
        };
        /** @description Fool's Gambit: a Fool onto the enemy King Square, which wins. */
        GambitEntry: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "gambit";
            /** @description Canonical notation; apply accepts exactly this string. */
            move: string;
            /** @description The move is decided by dice. */
            chance?: boolean;
            /** @description The square it leaves. */
            from: string;
            /** @description The square it reaches. */
            to: string;
            /** @description The piece moved. */
            piece: string;
            /** @description The piece taken. */
            captured?: string;
            /** @description Under active play: the chance the capture attempt succeeds. */
            probability?: number;
            /** @description The kind the piece becomes. */
            promotion?: string;
        };
        /** @description In setup: a pawn (or the General) placed on a cell. */
        PlaceEntry: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "place";
            /** @description Canonical notation; apply accepts exactly this string. */
            move: string;
            /** @description The move is decided by dice. */
            chance?: boolean;
            /** @description The cell the pawns reach. */
            to: string;
            /** @description How many pawns move. */
            count: number;
            /** @description Whether the General is among them. */
            general: boolean;
        };
        /** @description Pawns step to an adjacent cell; onto an enemy stack, an attack. */
        StepEntry: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "step";
            /** @description Canonical notation; apply accepts exactly this string. */
            move: string;
            /** @description The move is decided by dice. */
            chance?: boolean;
            /** @description The cell the pawns leave. */
            from: string;
            /** @description The cell the pawns reach. */
            to: string;
            /** @description How many pawns move. */
            count: number;
            /** @description Whether the General is among them. */
            general: boolean;
            /** @description The action points it spends. */
            cost: number;
            /** @description The step attacks a stack. */
            attack?: boolean;
            /** @description The exact odds of the fight (each outcome with its probability, as a float and as an exact fraction). */
            odds?: Record<string, never>;
        };
        /** @description The side ends its turn. */
        EndEntry: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "end";
            /** @description Canonical notation; apply accepts exactly this string. */
            move: string;
            /** @description The move is decided by dice. */
            chance?: boolean;
        };
        /** @description The attacked side fights: dice decide. */
        FightEntry: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "fight";
            /** @description Canonical notation; apply accepts exactly this string. */
            move: string;
            /** @description The move is decided by dice. */
            chance?: boolean;
            /** @description The exact odds of the fight (each outcome with its probability, as a float and as an exact fraction). */
            odds: Record<string, never>;
        };
        /** @description The attacked stack retreats to an adjacent cell, losing a pawn. */
        RetreatEntry: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "retreat";
            /** @description Canonical notation; apply accepts exactly this string. */
            move: string;
            /** @description The move is decided by dice. */
            chance?: boolean;
            /** @description The cell the pawns leave. */
            from: string;
            /** @description The cell the pawns reach. */
            to: string;
            /** @description How many pawns move. */
            count: number;
        };
        /** @description A controlled piece takes a piece of the mover's own side. */
        DevourEntry: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "devour";
            /** @description Canonical notation; apply accepts exactly this string. */
            move: string;
            /** @description The move is decided by dice. */
            chance?: boolean;
            /** @description The square it leaves. */
            from: string;
            /** @description The square it reaches. */
            to: string;
            /** @description The piece moved. */
            piece: string;
            /** @description The piece moved is the other side's, under control. */
            control: boolean;
            /** @description The piece taken. */
            captured: string;
            resurrect?: components["schemas"]["CaptureEntryResurrect"];
        };
        /** @description The player passes. */
        PassEntry: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "pass";
            /** @description Canonical notation; apply accepts exactly this string. */
            move: string;
            /** @description The move is decided by dice. */
            chance?: boolean;
        };
        /**
         * @description What a stalemate (no legal move, not in check) means for the stalemated side: a draw, or a loss.
         * @default draw
         * @enum {string}
         */
        KingsMateOptionsStalemate: "draw" | "loss";
        /**
         * @description ross-2002: any piece captures any piece, reflection rule. classic-1990: rank-limited capture, KO rule on control moves.
         * @default ross-2002
         * @enum {string}
         */
        MasteryOptionsRuleset: "ross-2002" | "classic-1990";
        /**
         * @description Initial layout: imperial (pawns tangled in the centre) or draume-crown.
         * @default imperial
         * @enum {string}
         */
        MasteryOptionsSetup: "imperial" | "draume-crown";
        /** @enum {string} */
        SceptreOptionsPlayersItem: "w" | "r" | "b" | "y";
        /**
         * @description A section of the library (give name or terrain).
         * @enum {string}
         */
        SceptreOptionsSectionsItemName: "southern-march" | "northern-march" | "western-march" | "eastern-march" | "crossroads" | "old-forest" | "twin-ponds" | "river-bend" | "castle-ruins";
        SceptreOptionsSectionsItem: {
            /** @description The section's bottom-left square. */
            origin: string;
            name?: components["schemas"]["SceptreOptionsSectionsItemName"];
            /** @description Rows of terrain letters, top row first. */
            terrain?: string[];
            home?: components["schemas"]["SceptreOptionsPlayersItem"];
        };
        /** @enum {string} */
        SceptreOptionsForwardW: "north" | "east" | "south" | "west";
        /** @enum {string} */
        AttemptEventType: "attempt";
        /** @enum {string} */
        MoveEventType: "move";
        /** @enum {string} */
        CaptureEventType: "capture";
        /** @enum {string} */
        PromotionEventType: "promotion";
        /** @enum {string} */
        PlyEndsEventType: "ply_ends";
        /** @enum {string} */
        EndEventType: "end";
        /**
         * @description A side.
         * @enum {string}
         */
        EndEventSide: "black" | "white";
        /** @enum {string} */
        TurnEventType: "turn";
        /** @enum {string} */
        PlaceEventType: "place";
        /** @enum {string} */
        PhaseEventType: "phase";
        /** @enum {string} */
        PhaseEventPhase: "setup" | "play";
        /** @enum {string} */
        StepEventType: "step";
        /** @enum {string} */
        AttackEventType: "attack";
        /** @enum {string} */
        EnterEventType: "enter";
        /** @enum {string} */
        RetreatEventType: "retreat";
        /** @enum {string} */
        FightEventType: "fight";
        /** @enum {string} */
        FightEventWinner: "attacker" | "defender";
        /** @enum {string} */
        TieEventType: "tie";
        /** @enum {string} */
        LossEventType: "loss";
        /** @enum {string} */
        GeneralEliminatedEventType: "general_eliminated";
        /** @enum {string} */
        ControlEventType: "control";
        /** @enum {string} */
        DevourEventType: "devour";
        /** @enum {string} */
        ResurrectionEventType: "resurrection";
        /** @enum {string} */
        PassEventType: "pass";
        /**
         * @description A player's colour.
         * @enum {string}
         */
        PassEventPlayer: "white" | "red" | "black" | "yellow";
        /** @enum {string} */
        KingCapturedEventType: "king_captured";
        /** @enum {string} */
        RemovedEventType: "removed";
        /** @enum {string} */
        MoveEntryKind: "move";
        /** @enum {string} */
        CaptureEntryKind: "capture";
        /** @description The piece brought back by this capture, and where. */
        CaptureEntryResurrect: {
            /** @description A piece in the game's notation. */
            piece: string;
            /** @description A square in the game's notation. */
            square: string;
        };
        /** @enum {string} */
        PromotionEntryKind: "promotion";
        /** @enum {string} */
        CrownEntryKind: "crown";
        /** @enum {string} */
        GambitEntryKind: "gambit";
        /** @enum {string} */
        PlaceEntryKind: "place";
        /** @enum {string} */
        StepEntryKind: "step";
        /** @enum {string} */
        EndEntryKind: "end";
        /** @enum {string} */
        FightEntryKind: "fight";
        /** @enum {string} */
        RetreatEntryKind: "retreat";
        /** @enum {string} */
        DevourEntryKind: "devour";
        /** @enum {string} */
        PassEntryKind: "pass";
        /** @description What a move did, one of the event types below by its `type`. */
        Event: components["schemas"]["AttemptEvent"] | components["schemas"]["MoveEvent"] | components["schemas"]["CaptureEvent"] | components["schemas"]["PromotionEvent"] | components["schemas"]["PlyEndsEvent"] | components["schemas"]["EndEvent"] | components["schemas"]["TurnEvent"] | components["schemas"]["PlaceEvent"] | components["schemas"]["PhaseEvent"] | components["schemas"]["StepEvent"] | components["schemas"]["AttackEvent"] | components["schemas"]["EnterEvent"] | components["schemas"]["RetreatEvent"] | components["schemas"]["FightEvent"] | components["schemas"]["TieEvent"] | components["schemas"]["LossEvent"] | components["schemas"]["GeneralEliminatedEvent"] | components["schemas"]["ControlEvent"] | components["schemas"]["DevourEvent"] | components["schemas"]["ResurrectionEvent"] | components["schemas"]["PassEvent"] | components["schemas"]["KingCapturedEvent"] | components["schemas"]["RemovedEvent"];
        /** @description One legal move: its notation, its `kind` (one of the kinds below) and the fields of that kind. */
        LegalMoveEntry: components["schemas"]["MoveEntry"] | components["schemas"]["CaptureEntry"] | components["schemas"]["PromotionEntry"] | components["schemas"]["CrownEntry"] | components["schemas"]["GambitEntry"] | components["schemas"]["PlaceEntry"] | components["schemas"]["StepEntry"] | components["schemas"]["EndEntry"] | components["schemas"]["FightEntry"] | components["schemas"]["RetreatEntry"] | components["schemas"]["DevourEntry"] | components["schemas"]["PassEntry"];
    };
    responses: {
        /** @description The body is not JSON or breaks the schema (code malformed_request); `errors` lists the offending fields. */
        MalformedRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:boardgame-referee:problem:malformed_request",
                 *       "title": "Malformed request",
                 *       "status": 400,
                 *       "detail": "The request body does not match the schema; fix move: Missing data for required field.",
                 *       "code": "malformed_request"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No such game (code unknown_game). */
        UnknownGame: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:boardgame-referee:problem:unknown_game",
                 *       "title": "Unknown game",
                 *       "status": 404,
                 *       "detail": "There is no game 'chess'; this service plays: kings-mate, maestria, mastery, sceptre.",
                 *       "code": "unknown_game"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The body is over 64 KiB (code body_too_large). */
        BodyTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:boardgame-referee:problem:body_too_large",
                 *       "title": "Body too large",
                 *       "status": 413,
                 *       "detail": "The request body is larger than the service accepts; send less than 64 KiB.",
                 *       "code": "body_too_large"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The body is not sent as application/json (code unsupported_media_type). */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:boardgame-referee:problem:unsupported_media_type",
                 *       "title": "Unsupported media type",
                 *       "status": 415,
                 *       "detail": "Send the request body as JSON with 'Content-Type: application/json'.",
                 *       "code": "unsupported_media_type"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Well-formed but refused by the rules: invalid_position, invalid_options, illegal_move (with `reason`), invalid_dice, game_over, work_limit_exceeded; unsigned_position and bad_signature when the service requires signed positions. */
        Unprocessable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:boardgame-referee:problem:illegal_move",
                 *       "title": "Illegal move",
                 *       "status": 422,
                 *       "detail": "A move must go somewhere; b1b1 stays on b1.",
                 *       "code": "illegal_move"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request line, or a GET operation's query string, is over 4094 bytes (code request_line_too_long): send the same fields as a JSON body to the POST form. */
        RequestLineTooLong: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:boardgame-referee:problem:request_line_too_long",
                 *       "title": "Request line too long",
                 *       "status": 414,
                 *       "detail": "The query string is longer than 4094 bytes; send the same fields as a JSON body to the POST form of this operation.",
                 *       "code": "request_line_too_long"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Not now: the rules engines are still loading (code not_ready), or this worker already runs as many expensive requests as it may (code overloaded: a perft, search, replay or PNG whose estimated cost is over the heavy threshold, answered at once without doing its work; retry after Retry-After seconds or ask for less). */
        Unavailable: {
            headers: {
                /** @description overloaded: seconds to wait before retrying. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:boardgame-referee:problem:overloaded",
                 *       "title": "Overloaded",
                 *       "status": 503,
                 *       "detail": "The service is busy with other expensive requests; retry this one after 1 s, or ask for less work (a smaller depth, fewer moves, a smaller picture).",
                 *       "code": "overloaded"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type TimeControl = components['schemas']['TimeControl'];
export type Clocks = components['schemas']['Clocks'];
export type Problem = components['schemas']['Problem'];
export type OptionDoc = components['schemas']['OptionDoc'];
export type GameSummary = components['schemas']['GameSummary'];
export type GameList = components['schemas']['GameList'];
export type GameDetail = components['schemas']['GameDetail'];
export type SetupRequest = components['schemas']['SetupRequest'];
export type SetupResponse = components['schemas']['SetupResponse'];
export type LegalMovesRequest = components['schemas']['LegalMovesRequest'];
export type LegalMovesResponse = components['schemas']['LegalMovesResponse'];
export type ApplyRequest = components['schemas']['ApplyRequest'];
export type Status = components['schemas']['Status'];
export type ApplyResponse = components['schemas']['ApplyResponse'];
export type GameRequest = components['schemas']['GameRequest'];
export type ReplayRequest = components['schemas']['ReplayRequest'];
export type Ply = components['schemas']['Ply'];
export type ReplayResponse = components['schemas']['ReplayResponse'];
export type RecordImportRequest = components['schemas']['RecordImportRequest'];
export type RecordComment = components['schemas']['RecordComment'];
export type RecordVariation = components['schemas']['RecordVariation'];
export type RecordPly = components['schemas']['RecordPly'];
export type RecordAside = components['schemas']['RecordAside'];
export type TokenVerdict = components['schemas']['TokenVerdict'];
export type ImportedRecord = components['schemas']['ImportedRecord'];
export type RecordsImportRequest = components['schemas']['RecordsImportRequest'];
export type RecordProblem = components['schemas']['RecordProblem'];
export type ImportedRecordsEntry = components['schemas']['ImportedRecordsEntry'];
export type ImportedRecords = components['schemas']['ImportedRecords'];
export type RecordCommentRequest = components['schemas']['RecordCommentRequest'];
export type RecordAsideRequest = components['schemas']['RecordAsideRequest'];
export type ExportClocks = components['schemas']['ExportClocks'];
export type RecordAnnotationRequest = components['schemas']['RecordAnnotationRequest'];
export type RecordVariationRequest = components['schemas']['RecordVariationRequest'];
export type RecordExportRequest = components['schemas']['RecordExportRequest'];
export type ExportedRecord = components['schemas']['ExportedRecord'];
export type RecordExportItem = components['schemas']['RecordExportItem'];
export type RecordsExportRequest = components['schemas']['RecordsExportRequest'];
export type ExportedRecordsEntry = components['schemas']['ExportedRecordsEntry'];
export type ExportedRecords = components['schemas']['ExportedRecords'];
export type TokenInspectionRequest = components['schemas']['TokenInspectionRequest'];
export type TokenInspection = components['schemas']['TokenInspection'];
export type PerftRequest = components['schemas']['PerftRequest'];
export type PerftResponse = components['schemas']['PerftResponse'];
export type Health = components['schemas']['Health'];
export type RenderRequest = components['schemas']['RenderRequest'];
export type ReplayPictureRequest = components['schemas']['ReplayPictureRequest'];
export type SuggestRequest = components['schemas']['SuggestRequest'];
export type Alternative = components['schemas']['Alternative'];
export type SuggestResponse = components['schemas']['SuggestResponse'];
export type EndReason = components['schemas']['EndReason'];
export type IllegalMoveReason = components['schemas']['IllegalMoveReason'];
export type GameId = components['schemas']['GameId'];
export type KingsMateOptions = components['schemas']['KingsMateOptions'];
export type MaestriaOptions = components['schemas']['MaestriaOptions'];
export type MasteryOptions = components['schemas']['MasteryOptions'];
export type SceptreOptions = components['schemas']['SceptreOptions'];
export type KingsMateDice = components['schemas']['KingsMateDice'];
export type MaestriaDice = components['schemas']['MaestriaDice'];
export type AttemptEvent = components['schemas']['AttemptEvent'];
export type MoveEvent = components['schemas']['MoveEvent'];
export type CaptureEvent = components['schemas']['CaptureEvent'];
export type PromotionEvent = components['schemas']['PromotionEvent'];
export type PlyEndsEvent = components['schemas']['PlyEndsEvent'];
export type EndEvent = components['schemas']['EndEvent'];
export type TurnEvent = components['schemas']['TurnEvent'];
export type PlaceEvent = components['schemas']['PlaceEvent'];
export type PhaseEvent = components['schemas']['PhaseEvent'];
export type StepEvent = components['schemas']['StepEvent'];
export type AttackEvent = components['schemas']['AttackEvent'];
export type EnterEvent = components['schemas']['EnterEvent'];
export type RetreatEvent = components['schemas']['RetreatEvent'];
export type FightEvent = components['schemas']['FightEvent'];
export type TieEvent = components['schemas']['TieEvent'];
export type LossEvent = components['schemas']['LossEvent'];
export type GeneralEliminatedEvent = components['schemas']['GeneralEliminatedEvent'];
export type ControlEvent = components['schemas']['ControlEvent'];
export type DevourEvent = components['schemas']['DevourEvent'];
export type ResurrectionEvent = components['schemas']['ResurrectionEvent'];
export type PassEvent = components['schemas']['PassEvent'];
export type KingCapturedEvent = components['schemas']['KingCapturedEvent'];
export type RemovedEvent = components['schemas']['RemovedEvent'];
export type MoveEntry = components['schemas']['MoveEntry'];
export type CaptureEntry = components['schemas']['CaptureEntry'];
export type PromotionEntry = components['schemas']['PromotionEntry'];
export type CrownEntry = components['schemas']['CrownEntry'];
export type GambitEntry = components['schemas']['GambitEntry'];
export type PlaceEntry = components['schemas']['PlaceEntry'];
export type StepEntry = components['schemas']['StepEntry'];
export type EndEntry = components['schemas']['EndEntry'];
export type FightEntry = components['schemas']['FightEntry'];
export type RetreatEntry = components['schemas']['RetreatEntry'];
export type DevourEntry = components['schemas']['DevourEntry'];
export type PassEntry = components['schemas']['PassEntry'];
export type KingsMateOptionsStalemate = components['schemas']['KingsMateOptionsStalemate'];
export type MasteryOptionsRuleset = components['schemas']['MasteryOptionsRuleset'];
export type MasteryOptionsSetup = components['schemas']['MasteryOptionsSetup'];
export type SceptreOptionsPlayersItem = components['schemas']['SceptreOptionsPlayersItem'];
export type SceptreOptionsSectionsItemName = components['schemas']['SceptreOptionsSectionsItemName'];
export type SceptreOptionsSectionsItem = components['schemas']['SceptreOptionsSectionsItem'];
export type SceptreOptionsForwardW = components['schemas']['SceptreOptionsForwardW'];
export type AttemptEventType = components['schemas']['AttemptEventType'];
export type MoveEventType = components['schemas']['MoveEventType'];
export type CaptureEventType = components['schemas']['CaptureEventType'];
export type PromotionEventType = components['schemas']['PromotionEventType'];
export type PlyEndsEventType = components['schemas']['PlyEndsEventType'];
export type EndEventType = components['schemas']['EndEventType'];
export type EndEventSide = components['schemas']['EndEventSide'];
export type TurnEventType = components['schemas']['TurnEventType'];
export type PlaceEventType = components['schemas']['PlaceEventType'];
export type PhaseEventType = components['schemas']['PhaseEventType'];
export type PhaseEventPhase = components['schemas']['PhaseEventPhase'];
export type StepEventType = components['schemas']['StepEventType'];
export type AttackEventType = components['schemas']['AttackEventType'];
export type EnterEventType = components['schemas']['EnterEventType'];
export type RetreatEventType = components['schemas']['RetreatEventType'];
export type FightEventType = components['schemas']['FightEventType'];
export type FightEventWinner = components['schemas']['FightEventWinner'];
export type TieEventType = components['schemas']['TieEventType'];
export type LossEventType = components['schemas']['LossEventType'];
export type GeneralEliminatedEventType = components['schemas']['GeneralEliminatedEventType'];
export type ControlEventType = components['schemas']['ControlEventType'];
export type DevourEventType = components['schemas']['DevourEventType'];
export type ResurrectionEventType = components['schemas']['ResurrectionEventType'];
export type PassEventType = components['schemas']['PassEventType'];
export type PassEventPlayer = components['schemas']['PassEventPlayer'];
export type KingCapturedEventType = components['schemas']['KingCapturedEventType'];
export type RemovedEventType = components['schemas']['RemovedEventType'];
export type MoveEntryKind = components['schemas']['MoveEntryKind'];
export type CaptureEntryKind = components['schemas']['CaptureEntryKind'];
export type CaptureEntryResurrect = components['schemas']['CaptureEntryResurrect'];
export type PromotionEntryKind = components['schemas']['PromotionEntryKind'];
export type CrownEntryKind = components['schemas']['CrownEntryKind'];
export type GambitEntryKind = components['schemas']['GambitEntryKind'];
export type PlaceEntryKind = components['schemas']['PlaceEntryKind'];
export type StepEntryKind = components['schemas']['StepEntryKind'];
export type EndEntryKind = components['schemas']['EndEntryKind'];
export type FightEntryKind = components['schemas']['FightEntryKind'];
export type RetreatEntryKind = components['schemas']['RetreatEntryKind'];
export type DevourEntryKind = components['schemas']['DevourEntryKind'];
export type PassEntryKind = components['schemas']['PassEntryKind'];
export type Event = components['schemas']['Event'];
export type LegalMoveEntry = components['schemas']['LegalMoveEntry'];
export type ResponseMalformedRequest = components['responses']['MalformedRequest'];
export type ResponseUnknownGame = components['responses']['UnknownGame'];
export type ResponseBodyTooLarge = components['responses']['BodyTooLarge'];
export type ResponseUnsupportedMediaType = components['responses']['UnsupportedMediaType'];
export type ResponseUnprocessable = components['responses']['Unprocessable'];
export type ResponseRequestLineTooLong = components['responses']['RequestLineTooLong'];
export type ResponseUnavailable = components['responses']['Unavailable'];
export type $defs = Record<string, never>;
export interface operations {
    listGames: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GameList"];
                };
            };
        };
    };
    getGame: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GameDetail"];
                };
            };
            404: components["responses"]["UnknownGame"];
        };
    };
    setup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SetupRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SetupResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    legalMoves: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["LegalMovesRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegalMovesResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    apply: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplyRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplyResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    status: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GameRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Status"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    replay: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplayRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplayResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    importRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordImportRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportedRecord"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    importRecords: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordsImportRequest"];
            };
        };
        responses: {
            /** @description Every game judged: as one JSON object, or, to a client that prefers application/x-ndjson, as one JSON line a game (each an item of games, in order, ending with a newline). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportedRecords"];
                    "application/x-ndjson": components["schemas"]["ImportedRecordsEntry"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    exportRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordExportRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportedRecord"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    exportRecords: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordsExportRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportedRecords"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    inspectToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenInspectionRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenInspection"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    perft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PerftRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PerftResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics, in the Prometheus text format. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; version=0.0.4": string;
                };
            };
        };
    };
    render: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RenderRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                    "image/png": string;
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    renderSvg: {
        parameters: {
            query?: {
                /** @description The position in the game's compact notation (see GET /v1/games/{game}); the initial position when omitted or null. Whitespace around it is ignored. */
                position?: string;
                /** @description The game's options (see GET /v1/games); defaults fill in what is omitted (null: all defaults), unknown names are refused. */
                options?: string;
                /** @description The token the service returned with this position, when the service signs positions (it then proves the service produced the position by legal play). Required with every position when the service requires signed positions (422 unsigned_position or bad_signature otherwise); ignored without a position, and when signing is off. */
                token?: string;
                /** @description The app's check: the id of the game this request belongs to, as the game's signed answers gave it (game_id). The position must then come with a valid token of that game (422 token_wrong_game for another game's, unsigned_position or bad_signature for none or a bad one), whatever the signing mode; 422 signing_not_configured on a service without signing keys. */
                game_id?: string;
                /** @description The app's check: the latest ply of the game the app knows (the ply of the game's latest signed answer). The token must be of that ply: 422 token_superseded for an earlier one (a take-back), token_ahead for a later one (played without the app). */
                ply?: number;
                /** @description Pixels of the picture's longer side; omitted or null: chosen from the board's dimensions, squares of about 48 px (at least 480, at most 1600). */
                size?: number;
                /** @description Squares to highlight (e.g. a piece's legal destinations). */
                highlight?: string[];
                /** @description true: highlight the previous move where the position's notation records it; false: none; a move in the game's notation (e.g. "e2e4"): highlight its squares, for games whose positions do not record the last move. 422 invalid_last_move for a string that is not a move on this board. */
                last_move?: boolean | string;
                /** @description The player the board is seen from: one of the players taking part (the game's `players` in GET /v1/games/{game}, as the options seat them); the board is turned by quarter turns so that this player's side is at the bottom (the coordinates and each square's group turn with it). Omitted or null: the board as the game draws it, the first player at the bottom. 422 invalid_orientation for anyone else. */
                orientation?: string;
            };
            header?: {
                /** @description ETags of copies the client holds (or *): 304 without a body when one is this answer's. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong entity tag of the answer: the same for the same request in every worker and replica; send it back in If-None-Match. */
                    ETag?: string;
                    /** @description public, max-age=31536000, immutable: the answer is a pure function of the query. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                    "application/octet-stream": string;
                };
            };
            /** @description Not modified: the If-None-Match header names this answer's ETag; no body. */
            304: {
                headers: {
                    /** @description A strong entity tag of the answer: the same for the same request in every worker and replica; send it back in If-None-Match. */
                    ETag?: string;
                    /** @description public, max-age=31536000, immutable: the answer is a pure function of the query. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            414: components["responses"]["RequestLineTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    renderPng: {
        parameters: {
            query?: {
                /** @description The position in the game's compact notation (see GET /v1/games/{game}); the initial position when omitted or null. Whitespace around it is ignored. */
                position?: string;
                /** @description The game's options (see GET /v1/games); defaults fill in what is omitted (null: all defaults), unknown names are refused. */
                options?: string;
                /** @description The token the service returned with this position, when the service signs positions (it then proves the service produced the position by legal play). Required with every position when the service requires signed positions (422 unsigned_position or bad_signature otherwise); ignored without a position, and when signing is off. */
                token?: string;
                /** @description The app's check: the id of the game this request belongs to, as the game's signed answers gave it (game_id). The position must then come with a valid token of that game (422 token_wrong_game for another game's, unsigned_position or bad_signature for none or a bad one), whatever the signing mode; 422 signing_not_configured on a service without signing keys. */
                game_id?: string;
                /** @description The app's check: the latest ply of the game the app knows (the ply of the game's latest signed answer). The token must be of that ply: 422 token_superseded for an earlier one (a take-back), token_ahead for a later one (played without the app). */
                ply?: number;
                /** @description Pixels of the picture's longer side; omitted or null: chosen from the board's dimensions, squares of about 48 px (at least 480, at most 1600). */
                size?: number;
                /** @description Squares to highlight (e.g. a piece's legal destinations). */
                highlight?: string[];
                /** @description true: highlight the previous move where the position's notation records it; false: none; a move in the game's notation (e.g. "e2e4"): highlight its squares, for games whose positions do not record the last move. 422 invalid_last_move for a string that is not a move on this board. */
                last_move?: boolean | string;
                /** @description The player the board is seen from: one of the players taking part (the game's `players` in GET /v1/games/{game}, as the options seat them); the board is turned by quarter turns so that this player's side is at the bottom (the coordinates and each square's group turn with it). Omitted or null: the board as the game draws it, the first player at the bottom. 422 invalid_orientation for anyone else. */
                orientation?: string;
            };
            header?: {
                /** @description ETags of copies the client holds (or *): 304 without a body when one is this answer's. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong entity tag of the answer: the same for the same request in every worker and replica; send it back in If-None-Match. */
                    ETag?: string;
                    /** @description public, max-age=31536000, immutable: the answer is a pure function of the query. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                    "application/octet-stream": string;
                };
            };
            /** @description Not modified: the If-None-Match header names this answer's ETag; no body. */
            304: {
                headers: {
                    /** @description A strong entity tag of the answer: the same for the same request in every worker and replica; send it back in If-None-Match. */
                    ETag?: string;
                    /** @description public, max-age=31536000, immutable: the answer is a pure function of the query. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            414: components["responses"]["RequestLineTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    replayPicture: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplayPictureRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/gif": string;
                    "image/png": string;
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    replayPicturePng: {
        parameters: {
            query: {
                /** @description The position in the game's compact notation (see GET /v1/games/{game}); the initial position when omitted or null. Whitespace around it is ignored. */
                position?: string;
                /** @description The game's options (see GET /v1/games); defaults fill in what is omitted (null: all defaults), unknown names are refused. */
                options?: string;
                /** @description The token the service returned with this position, when the service signs positions (it then proves the service produced the position by legal play). Required with every position when the service requires signed positions (422 unsigned_position or bad_signature otherwise); ignored without a position, and when signing is off. */
                token?: string;
                /** @description The app's check: the id of the game this request belongs to, as the game's signed answers gave it (game_id). The position must then come with a valid token of that game (422 token_wrong_game for another game's, unsigned_position or bad_signature for none or a bad one), whatever the signing mode; 422 signing_not_configured on a service without signing keys. */
                game_id?: string;
                /** @description The app's check: the latest ply of the game the app knows (the ply of the game's latest signed answer). The token must be of that ply: 422 token_superseded for an earlier one (a take-back), token_ahead for a later one (played without the app). */
                ply?: number;
                /** @description The plies to show, in order from the position (at most 200): one frame each after the start's. */
                moves: string[];
                /** @description Dice per move, aligned with moves (null where the service should roll or the move takes none), as for replay; in a query string, JSON text. */
                dice?: string;
                /** @description Seed for every roll of the replay. */
                seed?: number;
                /** @description Pixels of each frame's longer side (at most 800); omitted or null: 360, or the board's own default size when smaller. */
                size?: number;
                /** @description The player the board is seen from: one of the players taking part (the game's `players` in GET /v1/games/{game}, as the options seat them); the board is turned by quarter turns so that this player's side is at the bottom (the coordinates and each square's group turn with it). Omitted or null: the board as the game draws it, the first player at the bottom. 422 invalid_orientation for anyone else. */
                orientation?: string;
                /** @description How long each frame shows, in ms. */
                frame_ms?: number;
            };
            header?: {
                /** @description ETags of copies the client holds (or *): 304 without a body when one is this answer's. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong entity tag of the answer: the same for the same request in every worker and replica; send it back in If-None-Match. */
                    ETag?: string;
                    /** @description public, max-age=31536000, immutable: the answer is a pure function of the query. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                    "application/octet-stream": string;
                };
            };
            /** @description Not modified: the If-None-Match header names this answer's ETag; no body. */
            304: {
                headers: {
                    /** @description A strong entity tag of the answer: the same for the same request in every worker and replica; send it back in If-None-Match. */
                    ETag?: string;
                    /** @description public, max-age=31536000, immutable: the answer is a pure function of the query. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            414: components["responses"]["RequestLineTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    replayPictureGif: {
        parameters: {
            query: {
                /** @description The position in the game's compact notation (see GET /v1/games/{game}); the initial position when omitted or null. Whitespace around it is ignored. */
                position?: string;
                /** @description The game's options (see GET /v1/games); defaults fill in what is omitted (null: all defaults), unknown names are refused. */
                options?: string;
                /** @description The token the service returned with this position, when the service signs positions (it then proves the service produced the position by legal play). Required with every position when the service requires signed positions (422 unsigned_position or bad_signature otherwise); ignored without a position, and when signing is off. */
                token?: string;
                /** @description The app's check: the id of the game this request belongs to, as the game's signed answers gave it (game_id). The position must then come with a valid token of that game (422 token_wrong_game for another game's, unsigned_position or bad_signature for none or a bad one), whatever the signing mode; 422 signing_not_configured on a service without signing keys. */
                game_id?: string;
                /** @description The app's check: the latest ply of the game the app knows (the ply of the game's latest signed answer). The token must be of that ply: 422 token_superseded for an earlier one (a take-back), token_ahead for a later one (played without the app). */
                ply?: number;
                /** @description The plies to show, in order from the position (at most 200): one frame each after the start's. */
                moves: string[];
                /** @description Dice per move, aligned with moves (null where the service should roll or the move takes none), as for replay; in a query string, JSON text. */
                dice?: string;
                /** @description Seed for every roll of the replay. */
                seed?: number;
                /** @description Pixels of each frame's longer side (at most 800); omitted or null: 360, or the board's own default size when smaller. */
                size?: number;
                /** @description The player the board is seen from: one of the players taking part (the game's `players` in GET /v1/games/{game}, as the options seat them); the board is turned by quarter turns so that this player's side is at the bottom (the coordinates and each square's group turn with it). Omitted or null: the board as the game draws it, the first player at the bottom. 422 invalid_orientation for anyone else. */
                orientation?: string;
                /** @description How long each frame shows, in ms. */
                frame_ms?: number;
            };
            header?: {
                /** @description ETags of copies the client holds (or *): 304 without a body when one is this answer's. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong entity tag of the answer: the same for the same request in every worker and replica; send it back in If-None-Match. */
                    ETag?: string;
                    /** @description public, max-age=31536000, immutable: the answer is a pure function of the query. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/gif": string;
                    "application/octet-stream": string;
                };
            };
            /** @description Not modified: the If-None-Match header names this answer's ETag; no body. */
            304: {
                headers: {
                    /** @description A strong entity tag of the answer: the same for the same request in every worker and replica; send it back in If-None-Match. */
                    ETag?: string;
                    /** @description public, max-age=31536000, immutable: the answer is a pure function of the query. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            414: components["responses"]["RequestLineTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    suggest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The game's id. */
                game: components["schemas"]["GameId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SuggestRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuggestResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            404: components["responses"]["UnknownGame"];
            413: components["responses"]["BodyTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            503: components["responses"]["Unavailable"];
        };
    };
    playground: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    boardElement: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of copies the client holds (or *): 304 without a body when one is this answer's. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong entity tag of the answer: the same for the same request in every worker and replica; send it back in If-None-Match. */
                    ETag?: string;
                    /** @description public, max-age=3600: a cache may keep the answer an hour, then asks again with If-None-Match. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
            /** @description Not modified: the If-None-Match header names this answer's ETag; no body. */
            304: {
                headers: {
                    /** @description A strong entity tag of the answer: the same for the same request in every worker and replica; send it back in If-None-Match. */
                    ETag?: string;
                    /** @description public, max-age=3600: a cache may keep the answer an hour, then asks again with If-None-Match. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    favicon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                    "application/octet-stream": string;
                };
            };
        };
    };
    home: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/yaml": string;
                    "text/yaml": string;
                };
            };
        };
    };
    docs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
}
