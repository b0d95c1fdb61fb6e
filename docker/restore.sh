#!/bin/sh
# Restores a backup made by docker/backup.sh into DATABASE_URL, in one transaction (all or nothing):
#   docker compose stop app1 app2
#   docker compose run --rm --entrypoint sh backup /usr/local/bin/restore /backups/forgeline-….dump
#   docker compose start app1 app2
set -eu
file=${1:?usage: restore.sh BACKUP_FILE}
: "${DATABASE_URL:?set DATABASE_URL}"
pg_restore --clean --if-exists --no-owner --single-transaction --exit-on-error --dbname="$DATABASE_URL" "$file"
echo "restored: $file"
