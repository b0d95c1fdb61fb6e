#!/bin/sh
# The image's entrypoint: refuse to start production without the settings it cannot guess, make the
# data folder, then run the command (by default the server, which migrates the database at start).
set -eu

: "${DATA_DIR:=/data}"
mkdir -p "$DATA_DIR"

if [ "${NODE_ENV:-production}" = production ]; then
  missing=""
  [ -n "${AUTH_SECRET:-}" ] || missing="$missing AUTH_SECRET"
  [ -n "${PUBLIC_URL:-}" ] || missing="$missing PUBLIC_URL"
  if [ -n "$missing" ]; then
    echo "forgeline: set$missing before starting in production (README, Production)." >&2
    exit 64
  fi
  if [ -z "${DATABASE_URL:-}" ]; then
    echo "forgeline: no DATABASE_URL: using the embedded database in $DATA_DIR (one instance only)." >&2
  fi
fi

exec "$@"
