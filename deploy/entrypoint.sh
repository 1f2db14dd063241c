#!/bin/sh
# The container's entry point (deploy/Containerfile): wait for the database, bring its
# schema up to date, then become the zoogames command (exec: it gets the SIGTERM a stop
# sends, and stops gracefully).
#
#   entrypoint.sh serve            zoogames serve on $ZOOGAMES_HOST:$ZOOGAMES_PORT
#   entrypoint.sh bots --workers 2 any other zoogames command, as given
#
# ZOOGAMES_DB names the database (required); ZOOGAMES_DB_WAIT is how long to wait for it
# (seconds, default 60: PostgreSQL started beside the server takes a few seconds).
set -eu

: "${ZOOGAMES_DB:?set ZOOGAMES_DB to the database URL (postgresql+psycopg://user:password@host/db)}"

# Servers migrate at their start too; doing it here first means a schema change is made
# once, before any server of the new version answers (docs/deploy.md, Upgrades).
zoogames migrate --wait "${ZOOGAMES_DB_WAIT:-60}"

if [ "$#" -eq 0 ] || [ "$1" = serve ]; then
    [ "$#" -gt 0 ] && shift
    exec zoogames serve --host "${ZOOGAMES_HOST:-0.0.0.0}" --port "${ZOOGAMES_PORT:-8000}" "$@"
fi
exec zoogames "$@"
