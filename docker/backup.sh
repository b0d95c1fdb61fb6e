#!/bin/sh
# Scheduled PostgreSQL backups (the compose file's `backup` service): a custom-format pg_dump of
# DATABASE_URL into BACKUP_DIR every BACKUP_INTERVAL_HOURS, keeping the BACKUP_KEEP newest. Each dump is
# written beside its name and renamed only once pg_restore can read it back, so a half dump is never
# taken for a backup. BACKUP_ONCE=1 takes one and exits (cron, tests). Restore: docker/restore.sh.
set -eu
: "${DATABASE_URL:?set DATABASE_URL}"
: "${BACKUP_DIR:=/backups}"
: "${BACKUP_INTERVAL_HOURS:=24}"
: "${BACKUP_KEEP:=14}"
mkdir -p "$BACKUP_DIR"

# Each step checked by hand: `set -e` does not apply inside a function called with `||`.
backup_once() {
  file="$BACKUP_DIR/forgeline-$(date -u +%Y%m%dT%H%M%S%NZ).dump"
  if ! pg_dump --format=custom --no-owner --file="$file.partial" "$DATABASE_URL" ||
    ! pg_restore --list "$file.partial" >/dev/null ||
    ! mv "$file.partial" "$file"; then
    rm -f -- "$file.partial"
    return 1
  fi
  echo "backup: $file ($(wc -c <"$file") bytes)"
  # The newest BACKUP_KEEP stay; names sort by time.
  ls -1 "$BACKUP_DIR"/forgeline-*.dump | sort -r | tail -n +"$((BACKUP_KEEP + 1))" | while read -r old; do
    rm -f -- "$old"
  done
}

if [ "${BACKUP_ONCE:-0}" = 1 ]; then
  backup_once || { echo "backup: FAILED" >&2; exit 1; }
  exit 0
fi
while :; do
  backup_once || echo "backup: FAILED (the next try is in ${BACKUP_INTERVAL_HOURS} h)" >&2
  sleep "$((BACKUP_INTERVAL_HOURS * 3600))"
done
