"""Where the app and the spec find their operations.

Each module listed here defines ``OPERATIONS``, a tuple of
:class:`service.views.Operation`; the app routes them and the spec documents
them, in this order.
"""

from __future__ import annotations

import importlib

from .views import Operation

OPERATION_MODULES = (
    "service.views",
    "service.render",
    "service.suggest",
    "service.playground",
)


def all_operations() -> tuple[Operation, ...]:
    ops: list[Operation] = []
    for name in OPERATION_MODULES:
        ops.extend(importlib.import_module(name).OPERATIONS)
    return tuple(ops)
