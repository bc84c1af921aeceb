"""A slow, obviously-correct Mastery move generator, written from docs/rules/mastery.md alone.

It shares no code with ``rules.mastery``: squares are (file, rank) pairs, the
board a dict, and every candidate (from, to) pair on the board is judged by a
direct reading of each rule. The tests compare it with the engine at every
node of small perft trees and along random games.
"""

from __future__ import annotations

FILES = "abcdefgh"
RANK = {"M": 3, "O": 2, "P": 1}


def parse(text: str) -> tuple[dict, str, tuple | None]:
    board_text, side, last, _quiet, _n = text.split()
    board = {}
    for i, row in enumerate(board_text.split("/")):
        r = 7 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[(f, r)] = ch
                f += 1
    lastmove = None
    if last != "-":
        sq = lambda s: (FILES.index(s[0]), int(s[1]) - 1)  # noqa: E731
        lastmove = (sq(last[:2]), sq(last[3:]), last[2] == "x")
    return board, side, lastmove


def name(sq) -> str:
    return f"{FILES[sq[0]]}{sq[1] + 1}"


def moves(text: str, ruleset: str = "ross-2002") -> set[str]:
    board, side, last = parse(text)
    classic = ruleset == "classic-1990"

    def mine(piece):
        return piece.isupper() == (side == "d")

    own_count = {k: sum(1 for p in board.values() if mine(p) and p.upper() == k) for k in "MOP"}
    power = own_count["O"] > 0 and own_count["P"] > 0

    def controlled(a):
        piece = board[a]
        for c, q in board.items():
            if not mine(q):
                continue
            dist = abs(a[0] - c[0]) + abs(a[1] - c[1])
            if q.upper() == "M" and piece.upper() in "OP" and dist == 2:
                return True
            near = max(abs(a[0] - c[0]), abs(a[1] - c[1])) == 1
            if q.upper() == "O" and piece.upper() == "P" and near:
                return True
        return False

    result = set()
    for a, piece in list(board.items()):
        kind = piece.upper()
        if mine(piece):
            treacherous = False
        elif kind in "OP" and power and controlled(a):
            treacherous = True
        else:
            continue
        for bf in range(8):
            for br in range(8):
                b = (bf, br)
                if b == a:
                    continue
                df, dr = bf - a[0], br - a[1]
                straight = df == 0 or dr == 0
                diagonal = abs(df) == abs(dr)
                dist = max(abs(df), abs(dr))
                if kind == "M" and not (straight and dist <= 3):
                    continue
                if kind == "O" and not (straight and dist <= 2):
                    continue
                if kind == "P" and not treacherous and dist != 1:
                    continue
                if kind == "P" and treacherous and not ((straight or diagonal) and dist <= 3):
                    continue
                sf = (df > 0) - (df < 0)
                sr = (dr > 0) - (dr < 0)
                if any((a[0] + sf * i, a[1] + sr * i) in board for i in range(1, dist)):
                    continue
                target = board.get(b)
                captured_kind = None
                if target is not None:
                    if mine(target):
                        if treacherous or kind != "M" or target.upper() == "M":
                            continue
                    else:
                        if classic and RANK[kind] < RANK[target.upper()]:
                            continue
                        captured_kind = target.upper()
                if last is not None and a == last[1] and b == last[0]:
                    if not classic:
                        continue
                    if treacherous and not last[2]:
                        continue
                base = name(a) + name(b)
                result.add(base)
                if captured_kind in ("M", "O"):
                    allowed = "OP" if captured_kind == "M" else "P"
                    after = dict(board)
                    del after[a]
                    after[b] = piece
                    empties = [(f, r) for f in range(8) for r in range(8) if (f, r) not in after]
                    for k in allowed:
                        full = {"O": 4, "P": 6}[k]
                        if own_count[k] < full:
                            for e in empties:
                                result.add(f"{base}+{k}@{name(e)}")
    return result
