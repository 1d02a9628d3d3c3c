"""Writing an output file atomically: the old file stays intact until the new one is complete.

Every writer of a user-visible file (PDF, TOML export, stratagem deck, database backup)
goes through here. The new content goes to a temporary file created exclusively, with an
unpredictable name, in the target's own folder (so a planted symlink cannot redirect it
and the final rename never crosses file systems); it is flushed and fsynced, then
os.replace'd over the target. On any failure the temporary file is removed and the old
file is left exactly as it was.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

from desktop.errors import FoebookError


class OutputFileError(FoebookError):
    """An output file cannot be written where asked; nothing was changed."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: cannot be written ({reason})")
        self.path = path
        self.reason = reason


def check_target(path: str | Path) -> Path:
    """The file to replace: a symlink the user chose as the output is followed (the link
    stays and its file gets the new content, as an editor saving through it does). Refuse
    at once a target that is not a regular file (a folder, a FIFO, a device)."""
    target = Path(path)
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        if not target.parent.is_dir():
            raise OutputFileError(target, f"the folder {target.parent} does not exist") from None
        return target
    except OSError as error:
        raise OutputFileError(target, error.strerror or str(error)) from None
    if stat.S_ISDIR(mode):
        raise OutputFileError(target, "it is a folder; give a file name")
    if not stat.S_ISREG(mode):
        raise OutputFileError(
            target,
            "it is not a regular file but a pipe or a device; give the name of an ordinary file",
        )
    return target


def _new_file_mode(target: Path) -> int:
    """Keep an existing file's permissions; a new one gets the usual ones (umask applied)."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextlib.contextmanager
def atomic_path(path: str | Path, *, keep_existing: bool = False) -> Iterator[Path]:
    """Yield a fresh temporary path beside `path`; when the block ends without an error,
    the file written there replaces `path` (fsynced first). For writers that need a path
    (SQLite's backup); `write_atomically` is the simple case.

    With `keep_existing`, a `path` that exists by then (another process was quicker) is
    kept and the new file dropped: for creating a file exactly once.
    """
    target = check_target(path)
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    temporary = Path(name)
    try:
        os.close(fd)
        yield temporary
        with temporary.open("rb+") as handle:
            os.fchmod(handle.fileno(), _new_file_mode(target))
            handle.flush()
            os.fsync(handle.fileno())
        if keep_existing:
            _link_unless_exists(temporary, target)
            temporary.unlink(missing_ok=True)
        else:
            os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _fsync_folder(target.parent)


def _link_unless_exists(temporary: Path, target: Path) -> None:
    try:
        os.link(temporary, target)  # atomic, and fails when the target exists
    except FileExistsError:
        pass
    except OSError:  # a file system without hard links: nearly as good
        if not target.exists():
            os.replace(temporary, target)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable; some file systems cannot, which is harmless."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomically(path: str | Path, data: bytes | str) -> None:
    """Replace `path` with `data` (text is written as UTF-8), all or nothing.

    Raises OutputFileError naming the file and the reason (disk full, too large,
    read-only, ...); the old file is then intact and no temporary file is left.
    """
    content = data.encode("utf-8") if isinstance(data, str) else data
    target = Path(path)
    try:
        with atomic_path(target) as temporary, temporary.open("wb") as handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as error:
        raise OutputFileError(target, f"{error.strerror or error}; it was left as it was") from None
