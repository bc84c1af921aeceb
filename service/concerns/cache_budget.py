"""The worker's cache budget: ``REFEREE_CACHE_MIB``, the bytes every memo cache of a process
may hold together (the engines' analyses, parsed positions, tables, the service's pictures
and documents), shared among them by :mod:`rules.core.memo`.

The default, 32 MiB, keeps a worker under the size ``docs/deploy.md`` states for the
Deployment's memory, and lets the caches fill within minutes under load; a larger budget
keeps more positions' analyses (more hits for clients that come back to a position), a
smaller one fewer.
"""

from __future__ import annotations

import os
from typing import Any, Mapping

from rules.core import memo

SETTING = "REFEREE_CACHE_MIB"
#: the budget when the setting is not given, in MiB
DEFAULT_MIB = 32
#: the smallest budget accepted, in MiB: every cache keeps at least one entry, and the
#: largest (the pictures' font, the API document) hold about 0.6 MiB each
MIN_MIB = 4


class CacheBudgetError(ValueError):
    """``REFEREE_CACHE_MIB`` is not a number of MiB the service can work with."""


def budget_from(raw: Any) -> int:
    """The budget in bytes that the setting's value ``raw`` gives (None or blank: the
    default); raises CacheBudgetError naming the setting for anything but a number of MiB
    of at least MIN_MIB."""
    if raw is None or str(raw).strip() == "":
        return DEFAULT_MIB * memo.MIB
    try:
        mib = float(raw)
    except ValueError:
        raise CacheBudgetError(f"{SETTING} must be a number of MiB, not {raw!r}.") from None
    if not mib >= MIN_MIB:
        raise CacheBudgetError(f"{SETTING} must be at least {MIN_MIB} (MiB), not {raw!r}.")
    return int(mib * memo.MIB)


def apply(config: Mapping[str, Any]) -> int:
    """Set the process's cache budget from ``config`` or, failing that, the environment;
    the budget in bytes."""
    total = budget_from(config.get(SETTING, os.environ.get(SETTING)))
    memo.set_budget(total)
    return total
