"""Which media type an answer that comes in two is given (service/http/media.py): the
client's preference read from its Accept header, kept per header text for headers up to
``LONGEST_KEPT`` characters, and read again each time for longer ones, so that no client can
fill the cache (played over HTTP against a running service)."""

from __future__ import annotations

import http.client
import json
from urllib.parse import urlsplit

import pytest

from service.http import media
from service.http.media import JSON, NDJSON, OCTETS, preferred_type
from tests.live_service import running_service

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


def test_over_http_headers_too_long_to_keep_do_not_grow_the_cache(tmp_path):
    """A running service sent 300 distinct Accept headers each over ``LONGEST_KEPT``
    characters (a client trying to fill the cache) and 3 short ones: every answer is in the
    type its header prefers, and the worker's cache (its counts written when it stops) holds
    the short headers' verdicts only, having read the long ones each time."""
    short = ["image/svg+xml", "application/octet-stream", "*/*"]
    long = [f"x/y{i}, " * (media.LONGEST_KEPT // 6) + ("application/octet-stream" if i % 2
                                                        else "image/svg+xml")
            for i in range(300)]
    assert min(map(len, long)) > media.LONGEST_KEPT
    with running_service(env={"REFEREE_CACHE_STATS_DIR": str(tmp_path)}) as url:
        conn = http.client.HTTPConnection(urlsplit(url).netloc, timeout=60)
        try:
            for accept in short + long:
                conn.request("GET", "/favicon.ico", headers={"Accept": accept})
                answer = conn.getresponse()
                answer.read()
                assert answer.status == 200
                expected = OCTETS if accept.endswith(OCTETS) else SVG
                assert answer.getheader("Content-Type").startswith(expected), accept[-30:]
        finally:
            conn.close()
    dumps = list(tmp_path.glob("*.json"))
    assert len(dumps) == 1   # one worker, stopped: its counts written
    counts = json.loads(dumps[0].read_text())["service.http.media._preferred"]
    assert counts["currsize"] == len(short), counts
    assert counts["misses"] == len(short), counts
