"""Output files written atomically: all or nothing, never a clobbered file.

:func:`check_target` refuses an existing file unless ``force`` (call it
before any work is done); :func:`atomic_writer` writes to a temporary file
in the same folder, flushes it to disk (fsync) and renames it over the
target only when everything was written.  A failed write (full disk, size
limit, an exception, Ctrl-C) leaves the old file as it was and no
temporary file behind.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> with atomic_writer(d / "a.jsonl") as fh:
...     _ = fh.write("one\\n")
>>> (d / "a.jsonl").read_text()
'one\\n'
>>> check_target(d / "a.jsonl", force=False)
Traceback (most recent call last):
...
checks.inputs.InputError: input.out_exists
"""

from __future__ import annotations

import errno
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from checks.inputs import InputError, escape
from content.i18n import os_reason


def check_target(path: str | Path, force: bool) -> None:
    """Refuse an existing ``path`` unless ``force``; refuse a folder or a
    missing parent folder at once (before any work is done)."""
    if not str(path).strip():
        raise InputError("bad_file", "input.no_file_name")
    p = Path(path)
    if p.is_dir():
        raise InputError("bad_file", "input.cannot_write", path=escape(str(path)),
                         detail=os_reason(errno.EISDIR))
    if not p.parent.is_dir():
        raise InputError("bad_file", "input.cannot_write", path=escape(str(path)),
                         detail=os_reason(errno.ENOENT))
    if p.exists() and not force:
        raise InputError("out_exists", "input.out_exists", path=escape(str(path)))


@contextmanager
def atomic_writer(path: str | Path, *, force: bool = True) -> Iterator[TextIO]:
    """A text file that appears at ``path`` only when the block finishes.
    Without ``force`` a file created at ``path`` meanwhile is not replaced.
    Raises :class:`InputError` (``input.cannot_write``) on any OS error."""
    p = Path(path)
    folder = p.parent if str(p.parent) else Path(".")
    try:
        fd, tmp = _temp_file(p, folder)
    except OSError as err:
        raise _cannot(path, err) from None
    done = False
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        if force:
            os.replace(tmp, p)
        else:
            os.link(tmp, p)  # fails if the target appeared meanwhile
            os.unlink(tmp)
        done = True
        _sync_folder(folder)
    except OSError as err:
        raise _cannot(path, err) from None
    finally:
        if not done:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _temp_file(p: Path, folder: Path) -> tuple[int, str]:
    """A new file next to the target, with the permissions a plain
    ``open(path, "w")`` would give (the umask applies; an existing target's
    mode is kept)."""
    try:
        mode = p.stat().st_mode & 0o777
    except OSError:
        mode = 0o666
    for _ in range(100):
        tmp = str(folder / f".{p.name}.{secrets.token_hex(4)}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        except FileExistsError:
            continue
        return fd, tmp
    raise FileExistsError(17, "File exists", tmp)


def _cannot(path: str | Path, err: OSError) -> InputError:
    if isinstance(err, FileExistsError):
        return InputError("out_exists", "input.out_exists", path=escape(str(path)))
    return InputError("bad_file", "input.cannot_write", path=escape(str(path)),
                      detail=os_reason(err))


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX; best effort elsewhere)."""
    try:
        fd = os.open(str(folder), os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


__all__ = ["atomic_writer", "check_target"]
