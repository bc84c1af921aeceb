"""``python -m service.spec``: rewrite ``openapi.yaml`` (``--check``: exit 1 when it is stale)."""

import sys

from .openapi import main

sys.exit(main(sys.argv[1:]))
