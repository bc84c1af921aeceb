"""A slow, obviously-correct Sceptre move generator, written from docs/rules/sceptre.md alone.

It shares nothing with ``rules.sceptre`` but the square naming and the terrain letters of a
layout: no move tables, no pin logic. Every (from, to) pair of squares is tried against a
direct reading of the movement rules and of the terrain table, and King safety is
judged by asking, for every hostile piece, whether it could capture on the King's square.
"""

from __future__ import annotations

FILES = "abcdefghijklmnopqrstuvwx"
COLOURS = "wrby"
FORWARD = {"north": (0, 1), "east": (1, 0), "south": (0, -1), "west": (-1, 0)}
ORTHODOX = {"Q": 1, "R": 2, "B": 2, "N": 2}

# The terrain table: normal, no (cannot enter or cross), slow, river (the Pawn's rule).
TABLE = {
    "K": {"F": "normal", "R": "no", "P": "no", "B": "normal", "C": "no"},
    "Q": {"F": "normal", "R": "no", "P": "no", "B": "normal", "C": "no"},
    "R": {"F": "no", "R": "no", "P": "no", "B": "normal", "C": "slow"},
    "B": {"F": "slow", "R": "no", "P": "no", "B": "normal", "C": "no"},
    "N": {"F": "normal", "R": "normal", "P": "normal", "B": "normal", "C": "no"},
    "P": {"F": "normal", "R": "river", "P": "no", "B": "normal", "C": "slow"},
}


def rule(kind: str, terrain: str) -> str:
    return "normal" if terrain == "." else TABLE[kind][terrain]


class Ref:
    """A board: ``terrain`` maps (file, rank) -> letter for every square of the board."""

    def __init__(self, terrain: dict, files: int, ranks: int, players: str, forward: dict):
        self.terrain = terrain
        self.files, self.ranks = files, ranks
        self.players = players  # colour letters in seat order
        self.forward = {c: FORWARD[d] for c, d in forward.items()}

    def name(self, sq) -> str:
        return f"{FILES[sq[0]]}{sq[1] + 1}"

    def reaches(self, pieces: dict, colour: str, kind: str, src, dst, capture: bool) -> bool:
        """Whether the piece could move (or capture) from src to dst, pieces and terrain
        considered, King safety not."""
        if dst not in self.terrain or src == dst:
            return False
        if rule(kind, self.terrain[dst]) == "no":
            return False
        df, dr = dst[0] - src[0], dst[1] - src[1]
        if kind == "N":
            return sorted((abs(df), abs(dr))) in ([1, 2], [3, 3], [0, 3])
        if not (df == 0 or dr == 0 or abs(df) == abs(dr)):
            return False
        dist = max(abs(df), abs(dr))
        sx, sy = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
        if kind == "K" and dist != 1:
            return False
        if kind == "R" and df and dr:
            return False
        if kind == "B" and not (df and dr):
            return False
        if kind == "P":
            fx, fy = self.forward[colour]
            ahead = df * fx + dr * fy          # steps forward
            aside = df * fy - dr * fx          # steps sideways
            if capture:
                return ahead == 1 and abs(aside) == 1
            ok = dist <= 3 and (ahead > 0 and (aside == 0 or abs(aside) == ahead) or ahead == 0)
            back = self.terrain[src] == "R" and ahead == -1 and aside == 0
            if not (ok or back):
                return False
        start = rule(kind, self.terrain[src])
        if dist > 1 and start in ("slow", "river"):
            return False
        if dist > 1 and rule(kind, self.terrain[dst]) == "slow":
            return False
        for k in range(1, dist):
            step = (src[0] + k * sx, src[1] + k * sy)
            if step not in self.terrain or step in pieces:
                return False
            if rule(kind, self.terrain[step]) != "normal":
                return False
        return True

    def legal(self, pieces: dict, side: str, control: dict) -> list[str]:
        """Every legal move in notation (without pass)."""
        out = []
        for src, (colour, kind) in sorted(pieces.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            if control[colour] != side:
                continue
            for dst in self.terrain:
                target = pieces.get(dst)
                if target and control[target[0]] == side:
                    continue
                if not self.reaches(pieces, colour, kind, src, dst, target is not None):
                    continue
                promos = [""]
                if kind == "P" and self.terrain[dst] == "." and self.last_line(colour, dst):
                    counts = [k for (c, k) in pieces.values() if c == colour]
                    lost = [k for k in "QRBN" if counts.count(k) < ORTHODOX[k]]
                    promos = ["=" + k for k in lost] or [""]
                for promo in promos:
                    after, new_control = self.play(pieces, control, side, src, dst, promo)
                    if not self.king_attacked(after, side, new_control):
                        out.append(self.name(src) + self.name(dst) + promo)
        return out

    def last_line(self, colour: str, sq) -> bool:
        fx, fy = self.forward[colour]
        if fy:
            return sq[1] == (self.ranks - 1 if fy > 0 else 0)
        return sq[0] == (self.files - 1 if fx > 0 else 0)

    def play(self, pieces, control, side, src, dst, promo):
        after = dict(pieces)
        colour, kind = after.pop(src)
        target = after.get(dst)
        after[dst] = (colour, promo[1:] or kind)
        control = dict(control)
        if target and target[1] == "K" and control[target[0]] == target[0]:
            loser = target[0]
            for army, owner in control.items():
                if owner == loser:
                    control[army] = side
        return after, control

    def king_attacked(self, pieces, player, control) -> bool:
        king = next(sq for sq, p in pieces.items() if p == (player, "K"))
        for sq, (colour, kind) in pieces.items():
            owner = control[colour]
            if owner is None or owner == player:
                continue
            if self.reaches(pieces, colour, kind, sq, king, True):
                return True
        return False

    def next_turn(self, pieces, control, mover):
        """Seat order from the mover, removing stalemated players while 3+ remain."""
        seats = self.players
        i = seats.index(mover)
        while True:
            active = [c for c in seats if control[c] == c]
            if len(active) == 1:
                return active[0], control
            i = (i + 1) % len(seats)
            player = seats[i]
            if control[player] != player:
                continue
            if len(active) == 2 or self.legal(pieces, player, control) or self.king_attacked(
                    pieces, player, control):
                return player, control
            control = {a: (None if o == player else o) for a, o in control.items()}

    def perft(self, pieces, side, control, depth: int) -> int:
        active = [c for c in self.players if control[c] == c]
        if len(active) == 1:
            return 0
        moves = self.legal(pieces, side, control)
        if not moves:
            if len(active) == 2:
                return 0
            moves = ["pass"]
        if depth == 1:
            return len(moves)
        total = 0
        for text in moves:
            total += self.perft(*self.after_text(pieces, side, control, text), depth - 1)
        return total

    def after_text(self, pieces, side, control, text):
        if text == "pass":
            after, new_control = pieces, control
        else:
            src, dst, promo = self.parse(text)
            after, new_control = self.play(pieces, control, side, src, dst, promo)
        nxt, new_control = self.next_turn(after, new_control, side)
        return after, nxt, new_control

    def parse(self, text):
        import re
        m = re.fullmatch(r"([a-x])(\d+)([a-x])(\d+)(=[QRBN])?", text)
        return ((FILES.index(m[1]), int(m[2]) - 1), (FILES.index(m[3]), int(m[4]) - 1),
                m[5] or "")


def from_game(game, position):
    """A Ref board and (pieces, side, control) for an engine position, via the notation
    only for pieces: squares and terrain letters come from the layout's option value."""
    layout = game.layout
    grid = layout.grid
    terrain = {grid.coords[sq]: layout.terrain[sq] for sq in grid.squares}
    opts = layout.option_value()
    ref = Ref(terrain, grid.files, grid.ranks, "".join(opts["players"]), opts["forward"])
    text = game.format_position(position)
    board, side, armies, _, _ = text.split(" ")
    pieces = {}
    for i, row in enumerate(board.split("/")):
        rank = grid.ranks - 1 - i
        f = 0
        import re
        for m in re.finditer(r"(\d+)|([wrby])([KQRBNP])", row):
            if m[1]:
                f += int(m[1])
            else:
                pieces[(f, rank)] = (m[2], m[3])
                f += 1
    control = {c: None for c in COLOURS}
    for entry in armies.split(","):
        control[entry[0]] = None if entry[1] == "-" else entry[1]
    return ref, pieces, side, control
