#!/usr/bin/env bash
# Installs the Foebook bundle for the current user, or removes it again.
#   install-desktop.sh install [BUNDLE]   BUNDLE: a built dist/foebook (default: the
#                                         directory this script is in when it is a
#                                         bundle, else dist/foebook of the checkout)
#   install-desktop.sh uninstall
# PREFIX (default ~/.local) chooses where: PREFIX/lib/foebook holds the bundle,
# PREFIX/bin/foebook links to it, PREFIX/share gets the .desktop file, the
# AppStream metainfo and the icons.
set -euo pipefail
APP_ID=org.foebook.Foebook
PREFIX="${PREFIX:-$HOME/.local}"
here="$(cd "$(dirname "$0")" && pwd)"
lib_dir="$PREFIX/lib/foebook"
bin_link="$PREFIX/bin/foebook"
share="$PREFIX/share"
icon_files=("icons/hicolor/scalable/apps/$APP_ID.svg")
for size in 16 32 48 64 128 256; do
  icon_files+=("icons/hicolor/${size}x${size}/apps/$APP_ID.png")
done
share_files=("applications/$APP_ID.desktop" "metainfo/$APP_ID.metainfo.xml" "${icon_files[@]}")

refresh_caches() {
  if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$share/applications" 2>/dev/null || true
  fi
  if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$share/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache -q -t "$share/icons/hicolor" 2>/dev/null || true
  fi
}

do_install() {
  local bundle="${1:-}"
  if [ -z "$bundle" ]; then
    if [ -x "$here/foebook" ] && [ -d "$here/_internal" ]; then bundle="$here"; else bundle="$here/../dist/foebook"; fi
  fi
  bundle="$(cd "$bundle" 2>/dev/null && pwd)" || { echo "install-desktop: no bundle at ${1:-dist/foebook}; run make package" >&2; exit 1; }
  if [ ! -x "$bundle/foebook" ] || [ ! -d "$bundle/share" ]; then
    echo "install-desktop: $bundle is not a Foebook bundle; run make package" >&2
    exit 1
  fi
  if [ -e "$bin_link" ] && [ ! -L "$bin_link" ]; then
    echo "install-desktop: $bin_link exists and is not ours; remove it first" >&2
    exit 1
  fi
  rm -rf "$lib_dir"
  mkdir -p "$lib_dir" "$PREFIX/bin"
  cp -a "$bundle/." "$lib_dir/"
  ln -sfn "$lib_dir/foebook" "$bin_link"
  for file in "${share_files[@]}"; do
    install -D -m 644 "$bundle/share/$file" "$share/$file"
  done
  # Desktop sessions do not always have PREFIX/bin on PATH: launch by absolute path.
  sed -i "s|^Exec=foebook |Exec=$lib_dir/foebook |" "$share/applications/$APP_ID.desktop"
  refresh_caches
  echo "Installed Foebook $("$lib_dir/foebook" --version | cut -d' ' -f2) in $lib_dir"
  case ":$PATH:" in *":$PREFIX/bin:"*) ;; *) echo "note: add $PREFIX/bin to PATH to run foebook from a terminal";; esac
}

do_uninstall() {
  for file in "${share_files[@]}"; do rm -f "$share/$file"; done
  if [ -L "$bin_link" ] && [ "$(readlink "$bin_link")" = "$lib_dir/foebook" ]; then rm -f "$bin_link"; fi
  rm -rf "$lib_dir"
  refresh_caches
  echo "Removed Foebook from $PREFIX"
}

case "${1:-}" in
  install) do_install "${2:-}" ;;
  uninstall) do_uninstall ;;
  *) echo "usage: $0 install [BUNDLE] | uninstall" >&2; exit 2 ;;
esac
