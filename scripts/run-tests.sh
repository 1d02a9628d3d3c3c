#!/usr/bin/env bash
# Runs the pytest suite; the GUI tests run on a private Xvfb (pytest-xvfb, see
# tests/conftest.py). pytest's exit 5 ("no tests collected") is a failure here.
set -uo pipefail
cd "$(dirname "$0")/.."
# Keep the tests away from the real user profile.
export FOEBOOK_DATA_DIR="${FOEBOOK_DATA_DIR:-$(mktemp -d)}"
export XDG_CONFIG_HOME="${XDG_CONFIG_HOME:-$FOEBOOK_DATA_DIR/config}"
.venv/bin/python -m pytest "$@"
status=$?
if [ "$status" -eq 5 ]; then
  echo "run-tests: pytest collected no tests; that is a failure" >&2
  exit 1
fi
exit "$status"
