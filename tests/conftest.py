"""Shared test settings.

Under CI (``CI=true``) hypothesis and schemathesis run derandomized, so a CI run is
reproducible and a submission never fails on a draw the developer never saw; locally they
explore new examples on every run.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
