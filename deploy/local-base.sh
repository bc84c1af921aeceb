#!/usr/bin/env bash
# A local base image for the Dockerfile (any Debian with python3 and its venv module will do),
# made without any container registry: debootstrap a minimal Debian from a Debian mirror and
# import it into the engine.
#
#   deploy/local-base.sh ENGINE [TAG] [MIRROR]
#   deploy/local-base.sh podman localhost/referee-base:bookworm http://deb.debian.org/debian
#
# Needs root and debootstrap (apt-get install debootstrap). About a minute. The image keeps the
# mirror in its apt sources, so the Dockerfile's apt-get uses the same mirror.
set -euo pipefail

engine=${1:?usage: deploy/local-base.sh ENGINE [TAG] [MIRROR]}
tag=${2:-localhost/referee-base:bookworm}
mirror=${3:-http://deb.debian.org/debian}
suite=bookworm      # Debian 12: python3 is 3.11, as in python:3.11-slim

command -v debootstrap >/dev/null || { echo "local-base: no debootstrap here" >&2; exit 2; }
rootfs=$(mktemp -d /tmp/referee-base.XXXXXX)
trap 'rm -rf "$rootfs"' EXIT

debootstrap --variant=minbase --include=python3,python3-venv "$suite" "$rootfs" "$mirror" >&2
# No package cache or lists in the base either.
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/cache/apt/*.bin \
       "$rootfs"/var/lib/apt/lists/*
tar -C "$rootfs" -c . | "$engine" import --change 'CMD ["python3"]' - "$tag" >&2
echo "$tag"
