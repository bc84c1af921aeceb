#!/usr/bin/env bash
# Build the image with every engine and builder here (docker's classic builder and BuildKit,
# podman, buildah) and check each image as a hardened deployment runs it; see deploy/smoke.py for
# the checks and options. Exit 0 passed, 1 failed, 77 no engine (skipped).
exec python3 "$(dirname "$0")/smoke.py" "$@"
