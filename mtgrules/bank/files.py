"""Which files a bank's ``include`` globs name (mtgrules.bank.config reads the globs), and
which the bank's ``exclude`` and git leave out.

The globs are matched over a walk with the rules of ``check DIR``'s own walk: no hidden
folder, virtual environment or ``node_modules``, no link to a folder followed (a link to
the bank itself would give every case again, two of them would never end), no linked file
leading out of the bank.
"""

from __future__ import annotations

import contextlib
import fnmatch
import itertools
import os
import re
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from mtgrules import lazyre
from mtgrules.bank.config import BankConfig
from mtgrules.bank.walk import bank_files


def bank_paths(config: BankConfig) -> list[Path]:
    """The files ``include`` names, relative to the bank's folder, sorted, as relative
    paths when the bank is under the current folder. The globs follow the rules of a walk
    of ``check``: they don't reach into hidden folders, virtual environments or
    ``node_modules``, nor through a link to a folder (no loops, no copies), and a linked
    file counts only if it is inside the bank's folder (no link out)."""
    root = config.root.resolve()
    found: set[Path] = set()
    walked: dict[str, list[str]] = {}  # a folder of the bank -> its files, walked once
    for pattern in config.include:
        parts = [p for p in PurePosixPath(pattern).parts if p != "."]
        fixed = list(itertools.takewhile(lambda p: not _WILD.search(p), parts[:-1]))
        start = "/".join(fixed)
        if start not in walked:
            walked[start] = _bank_walk(root, start)
        matches = _glob_regex(parts).fullmatch
        found.update(config.root / name for name in walked[start] if matches(name))
    return [_shown(p) for p in sorted(found)]


_WILD = lazyre.compile(r"[*?\[]")


def _glob_regex(parts: list[str]) -> re.Pattern[str]:
    """A relative glob (``cases/**/*.yaml``) as a regular expression over relative paths, as
    ``glob.glob(recursive=True)`` reads it: ``**`` is any number of folders, ``*`` and ``?``
    stay within one name, ``[...]`` is a set of characters."""
    out = []
    for n, part in enumerate(parts):
        last = n == len(parts) - 1
        if part == "**":
            out.append("[^/]+(?:/[^/]+)*" if last else "(?:[^/]+/)*")
            continue
        out.append(_name_regex(part) + ("" if last else "/"))
    return re.compile("".join(out))


def _name_regex(part: str) -> str:
    out, i = [], 0
    while i < len(part):
        c = part[i]
        if c == "*":
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "[" and (close := part.find("]", i + 2)) != -1:
            inner = part[i + 1 : close]
            negate = inner.startswith("!")
            inner = re.escape(inner[1:] if negate else inner).replace("\\-", "-")
            out.append(f"[{'^' if negate else ''}{inner}]")
            i = close
        else:
            out.append(re.escape(c))
        i += 1
    return "".join(out)


def _bank_walk(root: Path, start: str) -> list[str]:
    """Every file under ``root/start``, as paths relative to ``root``: no hidden file or
    folder, no tool folder, no link to a folder followed, no linked file leading out."""
    top = root / start if start else root
    if not top.is_dir() or (start and not top.resolve().is_relative_to(root)):
        return []
    return [file.relative_to(root).as_posix() for file in bank_files(top, root)]


def _shown(path: Path) -> Path:
    try:
        return path.relative_to(Path.cwd())
    except ValueError:
        return path


def excluded(file: Path, patterns: Iterable[str], root: Path | None = None) -> bool:
    """Whether ``file`` (or a folder it is in) matches one of ``patterns``: globs matched,
    with fnmatch (``*`` also crosses ``/``), against its path as found and its path
    relative to ``root`` (the bank's folder).

    >>> excluded(Path("cases/drafts/x.yaml"), ["drafts"], Path("cases").resolve())
    True
    >>> excluded(Path("cases/plot/x.yaml"), ["drafts/*", "*.yml"])
    False
    """
    forms = [PurePosixPath(file.as_posix())]
    if root is not None:
        with contextlib.suppress(ValueError):
            forms.append(PurePosixPath(file.resolve().relative_to(root.resolve()).as_posix()))
    for form in forms:
        for candidate in (form, *[p for p in form.parents if str(p) != "."]):
            if any(fnmatch.fnmatchcase(str(candidate), pat.rstrip("/")) for pat in patterns):
                return True
    return False


def git_ignored(files: list[Path]) -> set[Path]:
    """The ``files`` that git ignores (``.gitignore``, ``.git/info/exclude``, the global
    excludes file), asked of ``git check-ignore`` in the folder of the first file; empty
    when git isn't installed or the files aren't in a git repository."""
    if not files:
        return set()
    # lazy: git is asked only when a walk found files
    import subprocess

    real = _real_paths(files)
    folder = Path(real[0]).parent
    listing = "\0".join(real) + "\0"
    try:
        run = subprocess.run(
            ["git", "-C", str(folder), "check-ignore", "--stdin", "-z"],
            input=listing.encode(),
            capture_output=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return set()
    if run.returncode not in (0, 1):  # 1: nothing ignored; 128: not a repository
        return set()
    ignored = {Path(p) for p in run.stdout.decode(errors="replace").split("\0") if p}
    return {f for f, r in zip(files, real, strict=True) if Path(r) in ignored}


def _real_paths(files: list[Path]) -> list[str]:
    """``str(f.resolve())`` of each file, with each folder resolved once: a bank's files
    share a few folders, and resolving a path stats each of its components. A file that is
    itself a symbolic link, or whose name isn't a plain one, is resolved whole."""
    folders: dict[Path, str] = {}
    out = []
    for f in files:
        name = f.name
        if name in ("", ".", "..") or os.path.islink(f):
            out.append(str(f.resolve()))
            continue
        parent = f.parent
        folder = folders.get(parent)
        if folder is None:
            folder = folders[parent] = str(parent.resolve())
        out.append(os.path.join(folder, name))
    return out
