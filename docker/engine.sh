#!/usr/bin/env bash
# Make sure a Docker engine answers (make test-docker runs this first).
#   - docker info works: nothing to do.
#   - no dockerd: install Debian's docker.io (root on Debian only), and docker-compose when no compose exists.
#   - dockerd not running: start it, with no default bridge and no iptables rules, so containers can
#     only use the host's network or share another container's namespace: test traffic stays on loopback.
set -euo pipefail

LOG=${VEIL_DOCKERD_LOG:-/var/log/veil-dockerd.log}

have_compose() { docker compose version >/dev/null 2>&1 || command -v docker-compose >/dev/null; }
can_apt() { [ "$(id -u)" = 0 ] && [ -r /etc/debian_version ] && command -v apt-get >/dev/null; }

if docker info >/dev/null 2>&1; then
  echo "engine: running ($(docker version -f '{{.Server.Version}}'))"
  if ! have_compose && can_apt; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker-compose >/dev/null
  fi
  exit 0
fi

if ! command -v dockerd >/dev/null; then
  if ! can_apt; then
    echo "engine: no Docker engine, and installing one needs root on Debian; install Docker and retry" >&2
    exit 1
  fi
  packages=(docker.io)
  have_compose || packages+=(docker-compose)
  echo "engine: installing ${packages[*]} from Debian"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

if [ "$(id -u)" != 0 ]; then
  echo "engine: dockerd is installed but not running; start it (sudo service docker start) and retry" >&2
  exit 1
fi
echo "engine: starting dockerd (no default bridge; log: $LOG)"
nohup dockerd --bridge=none --iptables=false >"$LOG" 2>&1 &
for _ in $(seq 60); do
  if docker info >/dev/null 2>&1; then
    echo "engine: running ($(docker version -f '{{.Server.Version}}'))"
    exit 0
  fi
  sleep 0.5
done
echo "engine: dockerd did not start; last lines of $LOG:" >&2
tail -20 "$LOG" >&2
exit 1
