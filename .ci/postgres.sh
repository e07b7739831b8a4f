# Starts a throwaway PostgreSQL cluster on 127.0.0.1 for the test suite, from Debian's packages,
# and exports TOURNEY_TEST_PG_URL. Source it: `. .ci/postgres.sh`. Stop it with `tourney_pg_stop`.
#
# The cluster lives in its own directory with its own port and superuser; nothing else on the
# machine is touched. Fails (non-zero) if PostgreSQL cannot be installed or started.

TOURNEY_PG_PORT="${TOURNEY_PG_PORT:-55432}"

tourney_pg_install() {
    if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
        echo "installing PostgreSQL from Debian packages"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null || return 1
    fi
}

tourney_pg_start() {
    tourney_pg_install || { echo "cannot install PostgreSQL" >&2; return 1; }
    local bin
    bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
    TOURNEY_PG_DIR="$(mktemp -d /tmp/tourney-pg.XXXXXX)"
    chown postgres:postgres "$TOURNEY_PG_DIR"
    # initdb refuses to run as root: the cluster belongs to the postgres system user.
    runuser -u postgres -- "$bin/initdb" -D "$TOURNEY_PG_DIR/data" -U postgres --auth=trust >/dev/null || return 1
    runuser -u postgres -- "$bin/pg_ctl" -D "$TOURNEY_PG_DIR/data" -l "$TOURNEY_PG_DIR/data/server.log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $TOURNEY_PG_PORT -k $TOURNEY_PG_DIR -c fsync=off -c max_connections=300" \
        start >/dev/null || { cat "$TOURNEY_PG_DIR/data/server.log" >&2; return 1; }
    TOURNEY_PG_BIN="$bin"
    export TOURNEY_PG_DIR TOURNEY_PG_BIN
    export TOURNEY_TEST_PG_URL="postgres://postgres@127.0.0.1:$TOURNEY_PG_PORT/postgres"
    echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') is up: $TOURNEY_TEST_PG_URL"
}

tourney_pg_stop() {
    [ -n "${TOURNEY_PG_DIR:-}" ] || return 0
    runuser -u postgres -- "$TOURNEY_PG_BIN/pg_ctl" -D "$TOURNEY_PG_DIR/data" -m fast stop >/dev/null 2>&1
    rm -rf "$TOURNEY_PG_DIR"
}
