#!/usr/bin/env bash
# A stand-in for python:3.11-slim made from Debian's own packages, for engines that cannot pull from an
# image registry. Usage: docker/debian-base.sh [IMAGE]   (default veil-base:bookworm; make docker-base)
#
# The image is cached: it is kept by the engine and, as a root-fs tarball, under
# ${XDG_CACHE_HOME:-~/.cache}/veil/docker/, and rebuilt only when this recipe or the host's local CAs change.
# It trusts the CAs this host trusts (Debian's bundle plus /usr/local/share/ca-certificates), so pip
# inside a build works behind the same TLS-inspecting gateway as pip on the host.
set -euo pipefail

IMAGE=${1:-${VEIL_BASE_IMAGE:-veil-base:bookworm}}
SUITE=bookworm
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
# python3.11 + venv (pip and setuptools wheels for ensurepip), `python`, a trust store, useradd.
PACKAGES=python3,python3-venv,python-is-python3,ca-certificates,passwd
RECIPE_VERSION=1   # bump when the steps below change what goes into the image
LOCAL_CAS=/usr/local/share/ca-certificates
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/veil/docker

recipe_id() {  # what the image depends on: the recipe, the package list, the host's local CAs
  { echo "$RECIPE_VERSION $SUITE $PACKAGES"; find "$LOCAL_CAS" -name '*.crt' -type f -print0 2>/dev/null \
      | sort -z | xargs -0r cat; } | sha256sum | cut -c1-16
}
RECIPE=$(recipe_id)

if [ "$(docker image inspect -f '{{ index .Config.Labels "veil.base.recipe" }}' "$IMAGE" 2>/dev/null)" = "$RECIPE" ]; then
  echo "debian-base: $IMAGE is up to date (recipe $RECIPE)"
  exit 0
fi

IMPORT_CHANGES=(--change "LABEL veil.base.recipe=$RECIPE"
                --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8'
                --change 'CMD ["python3"]')
TARBALL="$CACHE/$SUITE-$RECIPE.tar"
if [ -f "$TARBALL" ]; then
  docker import "${IMPORT_CHANGES[@]}" "$TARBALL" "$IMAGE" >/dev/null
  echo "debian-base: imported $IMAGE from the cached $TARBALL"
  exit 0
fi

if [ "$(id -u)" != 0 ]; then
  echo "debian-base: debootstrap needs root (or pull python:3.11-slim from a registry instead)" >&2
  exit 1
fi
if ! command -v debootstrap >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap
fi

ROOTFS=$(mktemp -d "${TMPDIR:-/tmp}/veil-rootfs.XXXXXX")
trap 'rm -rf "$ROOTFS"' EXIT
start=$(date +%s)
debootstrap --variant=minbase --include="$PACKAGES" "$SUITE" "$ROOTFS" "$MIRROR" >"$ROOTFS.log" 2>&1 \
  || { tail -20 "$ROOTFS.log" >&2; rm -f "$ROOTFS.log"; exit 1; }
rm -f "$ROOTFS.log"

if compgen -G "$LOCAL_CAS/*.crt" >/dev/null; then
  cp "$LOCAL_CAS"/*.crt "$ROOTFS$LOCAL_CAS/"
  chroot "$ROOTFS" update-ca-certificates >/dev/null 2>&1
fi
# Debian's pip (23.0) trusts only its own bundled CAs; point it at the system store, as newer pips do.
printf '[global]\ncert = /etc/ssl/certs/ca-certificates.crt\n' >"$ROOTFS/etc/pip.conf"
# Slim it like the python images: no package caches, docs, man pages or locales.
rm -rf "$ROOTFS"/var/cache/apt/*.bin "$ROOTFS"/var/cache/apt/archives/*.deb "$ROOTFS"/var/lib/apt/lists/* \
  "$ROOTFS"/usr/share/doc/* "$ROOTFS"/usr/share/man/* "$ROOTFS"/usr/share/info/* "$ROOTFS"/usr/share/locale/* \
  "$ROOTFS"/var/log/*.log "$ROOTFS"/tmp/* 2>/dev/null || true

mkdir -p "$CACHE"
rm -f "$CACHE/$SUITE-"*.tar
tar --numeric-owner -C "$ROOTFS" -cf "$TARBALL.tmp" . && mv "$TARBALL.tmp" "$TARBALL"
docker import "${IMPORT_CHANGES[@]}" "$TARBALL" "$IMAGE" >/dev/null
echo "debian-base: built $IMAGE from Debian $SUITE in $(( $(date +%s) - start )) s" \
     "($(docker image inspect -f '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1/1e6}'))"
