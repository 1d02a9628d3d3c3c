#!/usr/bin/env bash
# Makes sure the Debian packages Foebook needs are present.
#   scripts/system-deps.sh run    - Qt runtime libraries for a real window
#   scripts/system-deps.sh test   - the above, plus PostgreSQL 15, PDF tools, and Xvfb with
#                                    xauth so the GUI tests run on a real (virtual) X server
#   scripts/system-deps.sh package - the run libraries, plus binutils for the bundle build and
#                                    the .desktop / AppStream validators for its smoke test
# As root it installs what is missing with apt-get; otherwise it prints the command to run.
set -euo pipefail

want=(libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libdbus-1-3 libglib2.0-0
      libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0
      libxcb-shape0 libxcb-xkb1 libxcb-randr0)
if [ "${1:-run}" = "test" ]; then
  want+=(postgresql poppler-utils xvfb xauth)
fi
if [ "${1:-run}" = "package" ]; then
  want+=(binutils desktop-file-utils appstream)
fi
if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  want+=(python3-venv)
fi

missing=()
for pkg in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Foebook needs these system libraries (Debian names): ${missing[*]}" >&2
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages. Please run:" >&2
  echo "  sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
