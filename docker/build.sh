#!/usr/bin/env bash
# Build docker/Dockerfile wherever a Docker engine runs (make docker). Usage: docker/build.sh [TAG [ARGS...]]
# TAG defaults to veil:latest; ARGS go to `docker build` as they are.
#
#   base     The Dockerfile's default (python:3.11-slim) when it is present or a registry serves it; else a
#            stand-in made from Debian packages (docker/debian-base.sh). PYTHON_IMAGE=... forces one.
#   torch    The Dockerfile's default (the PyTorch CPU index), unless a local CPU wheel of $TORCH_SPEC is
#            found in TORCH_WHEEL_DIR or in pip's find-links (PIP_FIND_LINKS, pip config): that wheel is
#            served on the host's loopback for the build (which then uses the host's network).
#   network  The host's, when the engine has no default bridge (docker/engine.sh starts it that way).
# With a registry and no local wheel this runs exactly: docker build -f docker/Dockerfile -t veil:latest .
set -euo pipefail
cd "$(dirname "$0")/.."

TAG=${1:-veil:latest}
shift || true
TORCH_SPEC=${TORCH_SPEC:-torch==2.13.0}
PY_TAG=cp311  # python:3.11-slim and Debian bookworm both ship CPython 3.11
args=(-f docker/Dockerfile -t "$TAG")

# ---- base image ----------------------------------------------------------------------------------
default_base=$(sed -n 's/^ARG PYTHON_IMAGE=//p' docker/Dockerfile)
if [ -n "${PYTHON_IMAGE:-}" ]; then
  args+=(--build-arg "PYTHON_IMAGE=$PYTHON_IMAGE")
elif ! docker image inspect "$default_base" >/dev/null 2>&1 && ! docker pull -q "$default_base" >/dev/null 2>&1; then
  echo "build: no registry serves $default_base; using a base made from Debian packages"
  docker/debian-base.sh
  args+=(--build-arg "PYTHON_IMAGE=${VEIL_BASE_IMAGE:-veil-base:bookworm}")
fi

# ---- torch wheel ---------------------------------------------------------------------------------
find_links() {  # the directories pip would search, most explicit first
  echo "${TORCH_WHEEL_DIR:-}"
  echo "${PIP_FIND_LINKS:-}" | tr ' ' '\n'
  local py
  for py in .venv/bin/python python3; do
    if "$py" -m pip --version >/dev/null 2>&1; then
      "$py" -m pip config list 2>/dev/null | sed -n "s/^[^=]*find-links='\(.*\)'$/\1/p" | tr ' ' '\n'
      break
    fi
  done
}
local_torch_wheel() {
  local version=${TORCH_SPEC#torch==} dir found
  [[ "$TORCH_SPEC" == torch==* ]] || return 0
  while read -r dir; do
    dir=${dir#file://}
    [[ -n "$dir" && -d "$dir" ]] || continue
    found=$(compgen -G "$dir/torch-$version+cpu-$PY_TAG-$PY_TAG-*linux*_$(uname -m).whl" | head -1 || true)
    if [ -n "$found" ]; then echo "$found"; return 0; fi
  done < <(find_links)
}
server_pid="" serve_dir=""
cleanup() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
  [ -z "$serve_dir" ] || rm -rf "$serve_dir"
}
trap cleanup EXIT
wheel=$(local_torch_wheel)
if [ -n "$wheel" ]; then
  # Served to the build over the host's loopback for the one install step, so the wheel never
  # becomes an image layer (a COPY would add its 190 MB to the image).
  serve_dir=$(mktemp -d "${TMPDIR:-/tmp}/veil-wheel.XXXXXX")
  ln -s "$(realpath "$wheel")" "$serve_dir/"
  # A fixed port keeps the build argument, and so the layer cache, the same from one build to the next.
  for port in "${VEIL_WHEEL_PORT:-47811}" 0; do
    python3 -u -m http.server --bind 127.0.0.1 --directory "$serve_dir" "$port" >"$serve_dir.log" 2>&1 &
    server_pid=$!
    served=""
    for _ in $(seq 100); do
      served=$(sed -n 's/.* port \([0-9]*\) .*/\1/p' "$serve_dir.log" | head -1)
      [ -n "$served" ] && break
      kill -0 "$server_pid" 2>/dev/null || break
      sleep 0.1
    done
    [ -n "$served" ] && break
  done
  rm -f "$serve_dir.log"
  [ -n "$served" ] || { echo "build: could not serve $wheel" >&2; exit 1; }
  name=$(basename "$wheel")
  echo "build: torch from the local wheel $wheel"
  args+=(--network host --build-arg "TORCH_SPEC=http://127.0.0.1:$served/${name//+/%2B}" --build-arg "TORCH_PIP_ARGS=")
fi

# ---- network -------------------------------------------------------------------------------------
if ! docker network inspect bridge >/dev/null 2>&1 && [ -z "$wheel" ]; then
  args+=(--network host)
fi

echo "build: docker build ${args[*]} $* ."
start=$(date +%s)
docker build "${args[@]}" "$@" .
size=$(docker image inspect -f '{{.Size}}' "$TAG")
echo "build: $TAG built in $(( $(date +%s) - start )) s, image size $(awk -v s="$size" 'BEGIN{printf "%.2f GB", s/1e9}')"
