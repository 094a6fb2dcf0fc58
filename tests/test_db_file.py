"""The database file's name, remembered per process (`data.paths.db_file`), follows every
input of `data_dir`: a memo that missed one would read another folder's database."""

from __future__ import annotations

import os
from pathlib import Path

from mtgrules.data import paths
from mtgrules.data.store import current_version


def test_db_file_follows_every_input(monkeypatch, tmp_path: Path) -> None:
    a, b, home, xdg = (tmp_path / n for n in ("a", "b", "home", "xdg"))
    monkeypatch.setenv(paths.ENV_VAR, str(a))
    assert paths.db_file() == str(paths.db_path()) == str(a / paths.DB_NAME)
    monkeypatch.setenv(paths.ENV_VAR, str(b))
    assert paths.db_file() == str(b / paths.DB_NAME)
    with paths.staged(a):
        assert paths.db_file() == str(a / paths.DB_NAME)
    assert paths.db_file() == str(b / paths.DB_NAME)
    monkeypatch.delenv(paths.ENV_VAR)
    monkeypatch.setenv("XDG_DATA_HOME", str(xdg))
    assert paths.db_file() == str(xdg / "mtgrules" / paths.DB_NAME)
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(home))
    assert paths.db_file() == str(home / ".local" / "share" / "mtgrules" / paths.DB_NAME)
    monkeypatch.setenv("HOME", str(a))
    assert paths.db_file() == str(a / ".local" / "share" / "mtgrules" / paths.DB_NAME)


def test_current_version_sees_a_replaced_file(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path))
    assert current_version() is None
    db = tmp_path / paths.DB_NAME
    db.write_bytes(b"one")
    first = current_version()
    assert first is not None and first[0] == str(db)
    other = tmp_path / "other"
    other.write_bytes(b"two")
    os.utime(other, ns=(first[1] + 10**9, first[1] + 10**9))
    os.replace(other, db)  # as an import swaps the file in
    second = current_version()
    assert second is not None and second[1] != first[1]
