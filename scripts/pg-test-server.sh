#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests, on a free loopback port.
#   scripts/pg-test-server.sh start [DIR]   initdb + start in DIR (default: a new temp dir);
#                                            prints the SQLAlchemy URL, then "dir=DIR"
#   scripts/pg-test-server.sh stop DIR      stop the cluster and delete DIR
#   scripts/pg-test-server.sh pause DIR     stop the server, keeping its data (a lost server)
#   scripts/pg-test-server.sh resume DIR    start it again on the same port
#   scripts/pg-test-server.sh hang DIR      freeze the server (SIGSTOP to the postmaster and
#                                            every backend): it accepts connections and
#                                            never answers, as a hung machine does
#   scripts/pg-test-server.sh unhang DIR    let it run again (SIGCONT)
# As root the cluster runs as the `postgres` user (PostgreSQL refuses to run as root).
set -euo pipefail

find_bin() {
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then
    pg_config --bindir; return
  fi
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [ -x "$dir/initdb" ] && { echo "$dir"; return; }
  done
  echo "pg-test-server: PostgreSQL server binaries (initdb, pg_ctl) not found;" \
       "install them with: scripts/system-deps.sh test" >&2
  exit 1
}

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start_server() {  # bin dir port
  as_owner "$1/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start \
    -o "-c listen_addresses=127.0.0.1 -p $3 -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    >/dev/null 2>&1
}

cmd="${1:-}"
case "$cmd" in
  start)
    bin="$(find_bin)"
    dir="${2:-$(mktemp -d "${TMPDIR:-/tmp}/foebook-pg.XXXXXX")}"
    mkdir -p "$dir"
    if [ "$(id -u)" -eq 0 ]; then
      id postgres >/dev/null 2>&1 || { echo "pg-test-server: no 'postgres' user to run the server as" >&2; exit 1; }
      chown postgres "$dir"
    fi
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-sync \
      >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    for attempt in 1 2 3; do
      port="$(free_port)"
      if start_server "$bin" "$dir" "$port"; then
        echo "$port" >"$dir/port"
        echo "postgresql+psycopg://postgres@127.0.0.1:$port/postgres"
        echo "dir=$dir"
        exit 0
      fi
    done
    echo "pg-test-server: the server did not start; its log:" >&2
    cat "$dir/server.log" >&2 || true
    exit 1
    ;;
  stop)
    dir="${2:?usage: pg-test-server.sh stop DIR}"
    bin="$(find_bin)"
    if [ -d "$dir/data" ]; then
      as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  pause)
    dir="${2:?usage: pg-test-server.sh pause DIR}"
    as_owner "$(find_bin)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  resume)
    dir="${2:?usage: pg-test-server.sh resume DIR}"
    start_server "$(find_bin)" "$dir" "$(cat "$dir/port")" || { cat "$dir/server.log" >&2; exit 1; }
    ;;
  hang|unhang)
    dir="${2:?usage: pg-test-server.sh $cmd DIR}"
    [ -f "$dir/data/postmaster.pid" ] || exit 0  # not running: nothing to freeze or thaw
    postmaster="$(head -n 1 "$dir/data/postmaster.pid")"
    children="$(pgrep -P "$postmaster" | tr '\n' ' ' || true)"
    # The postmaster first when freezing (it forks no new backend meanwhile), last when
    # thawing.
    if [ "$cmd" = hang ]; then
      kill -STOP "$postmaster"
      if [ -n "$children" ]; then kill -STOP $children; fi
    else
      if [ -n "$children" ]; then kill -CONT $children; fi
      kill -CONT "$postmaster"
    fi
    ;;
  *)
    echo "usage: $0 start [DIR] | stop DIR | pause DIR | resume DIR | hang DIR | unhang DIR" >&2
    exit 2
    ;;
esac
