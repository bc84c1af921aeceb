"""Which media type an answer that comes in two is given (service/http/media.py): the
client's preference read from its Accept header, kept per header text for headers up to
``LONGEST_KEPT`` characters, and read again each time for longer ones."""

from __future__ import annotations

import pytest

from service.http import media
from service.http.media import JSON, NDJSON, OCTETS, preferred_type

SVG = "image/svg+xml"


@pytest.mark.parametrize("accept, own, alternative, expected", [
    (None, JSON, NDJSON, JSON),
    ("", JSON, NDJSON, JSON),
    ("*/*", JSON, NDJSON, JSON),
    ("application/json", JSON, NDJSON, JSON),
    ("application/x-ndjson", JSON, NDJSON, NDJSON),
    ("application/x-ndjson, application/json;q=0.5", JSON, NDJSON, NDJSON),
    ("application/json, application/x-ndjson;q=0.9", JSON, NDJSON, JSON),
    ("application/x-ndjson;q=0", JSON, NDJSON, JSON),
    ("application/octet-stream", SVG, OCTETS, OCTETS),
    ("image/*", SVG, OCTETS, SVG),
])
def test_the_preferred_type_is_the_one_the_header_ranks_higher(accept, own, alternative,
                                                                expected):
    for _ in range(2):  # read, then recalled
        assert preferred_type(accept, own, alternative) == expected


def test_a_short_header_is_kept_and_a_long_one_read_each_time():
    media._preferred.cache_clear()
    short = "application/x-ndjson, application/json;q=0.5"
    assert preferred_type(short, JSON, NDJSON) == NDJSON
    assert media._preferred.cache_info().currsize == 1
    long = "x/y, " * (media.LONGEST_KEPT // 5) + "application/x-ndjson"
    assert len(long) > media.LONGEST_KEPT
    for _ in range(3):
        assert preferred_type(long, JSON, NDJSON) == NDJSON
    info = media._preferred.cache_info()
    assert info.currsize == 1 and info.misses == 1
