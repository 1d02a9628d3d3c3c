#!/usr/bin/env bash
# Builds the desktop bundle: dist/foebook/ (PyInstaller one-dir, plus share/ with the
# Linux desktop files and install-desktop.sh) and dist/foebook-<version>-linux-<arch>.tar.gz.
# `make package` runs it after installing the `package` extra into .venv.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-.venv/bin/python}"
APP_ID=org.foebook.Foebook
LINUX_DIR=packaging/linux

if ! "$PY" -c 'import PyInstaller' 2>/dev/null; then
  echo "package: PyInstaller is missing; run: $PY -m pip install -e '.[package]'" >&2
  exit 1
fi
version="$("$PY" -c 'import desktop; print(desktop.__version__)')"
# The version lives in desktop/__init__.py; the AppStream file must list it as its newest release.
release="$("$PY" - "$LINUX_DIR/$APP_ID.metainfo.xml" <<'PYEOF'
import sys
import xml.etree.ElementTree as ET
print(ET.parse(sys.argv[1]).getroot().find("releases/release").get("version"))
PYEOF
)"
if [ "$release" != "$version" ]; then
  echo "package: $LINUX_DIR/$APP_ID.metainfo.xml's newest release is $release, but" \
       "desktop.__version__ is $version; add a <release> for $version" >&2
  exit 1
fi

rm -rf dist/foebook
QT_QPA_PLATFORM=offscreen "$PY" -m PyInstaller --noconfirm --log-level WARN \
  --distpath dist --workpath build/pyinstaller packaging/pyinstaller/foebook.spec

# Desktop integration, laid out as under a prefix (share/applications, ...).
share=dist/foebook/share
install -D -m 644 "$LINUX_DIR/$APP_ID.desktop" "$share/applications/$APP_ID.desktop"
install -D -m 644 "$LINUX_DIR/$APP_ID.metainfo.xml" "$share/metainfo/$APP_ID.metainfo.xml"
install -D -m 644 "$LINUX_DIR/icons/$APP_ID.svg" "$share/icons/hicolor/scalable/apps/$APP_ID.svg"
QT_QPA_PLATFORM=offscreen "$PY" "$LINUX_DIR/render_icons.py" "$LINUX_DIR/icons/$APP_ID.svg" \
  "$share/icons/hicolor" >/dev/null
install -m 755 scripts/install-desktop.sh dist/foebook/install-desktop.sh

archive="dist/foebook-$version-linux-$(uname -m).tar.gz"
tar -C dist -czf "$archive" foebook
echo "package: dist/foebook ($(du -sh dist/foebook | cut -f1)), $archive ($(du -sh "$archive" | cut -f1))"
