#!/usr/bin/env bash
# Runs the pytest suite; the GUI tests run on a private Xvfb (pytest-xvfb, see
# tests/conftest.py). pytest's exit 5 ("no tests collected") is a failure here.
#
# Whatever way the run ends (passed, failed, a hang the faulthandler backstop ended, Ctrl+C,
# a CI job killed), the servers the tests started are stopped: every run has a temporary
# folder of its own (TMPDIR), where the throwaway PostgreSQL clusters live, and a marker in
# the environment that every process it starts inherits (Xvfb, servers, app children).
set -uo pipefail
cd "$(dirname "$0")/.."

run_dir="$(mktemp -d "${TMPDIR:-/tmp}/foebook-test-run.XXXXXX")"
chmod 755 "$run_dir"  # the PostgreSQL clusters run as the postgres user when we are root
export TMPDIR="$run_dir"
export FOEBOOK_TEST_RUN="$run_dir"
# Keep the tests away from the real user profile.
export FOEBOOK_DATA_DIR="${FOEBOOK_DATA_DIR:-$run_dir/data}"
export XDG_CONFIG_HOME="${XDG_CONFIG_HOME:-$FOEBOOK_DATA_DIR/config}"

stop_leftovers() {
  local data pid
  # PostgreSQL clusters a test did not get to stop (scripts/pg-test-server.sh puts them here).
  for data in "$run_dir"/foebook-pg.*/data; do
    [ -f "$data/postmaster.pid" ] || continue
    pid="$(head -n 1 "$data/postmaster.pid" 2>/dev/null)"
    [ -n "$pid" ] || continue
    # A server a test froze (pg-test-server.sh hang) runs again first: a stopped process
    # acts on no signal but SIGKILL and SIGCONT.
    kill -CONT $(pgrep -P "$pid") "$pid" 2>/dev/null
    kill -QUIT "$pid" 2>/dev/null  # immediate shutdown
  done
  # Anything else this run started that is still alive (Xvfb, app children): it carries
  # the marker in its environment.
  for pid in $(grep -lsz "^FOEBOOK_TEST_RUN=$run_dir\$" /proc/[0-9]*/environ | cut -d/ -f3); do
    [ "$pid" != "$$" ] && kill -KILL "$pid" 2>/dev/null
  done
  sleep 0.2
  rm -rf "$run_dir"
}
trap stop_leftovers EXIT
trap 'exit 130' INT TERM

.venv/bin/python -m pytest "$@"
status=$?
if [ "$status" -eq 5 ]; then
  echo "run-tests: pytest collected no tests; that is a failure" >&2
  exit 1
fi
exit "$status"
