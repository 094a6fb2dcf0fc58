"""The table of compiled dataclass methods (mtgrules.dataclass_code) gives every class of the
package the very methods ``dataclasses`` makes without it, and is never used for a text it
doesn't hold exactly, for another package's classes, or from a file that is damaged or was
written by another interpreter.

Each check runs in fresh processes (installing the table changes ``dataclasses`` for the
whole process, and the classes must be made, not found already imported).
"""

from __future__ import annotations

import marshal
import os
import pickle
import subprocess
import sys
from pathlib import Path

from mtgrules import dataclass_code

# Imports every module of the package (with the table installed or not, as argv[1] says) and
# writes, for every dataclass made, the code, defaults and annotations of each generated method.
DUMP = r"""
import dataclasses, importlib, pickle, pkgutil, sys
import mtgrules
if sys.argv[1] == "table":
    from mtgrules.dataclass_code import install
    install()
made = []
real = dataclasses._process_class
def record(cls, *args, **kwargs):
    made.append(cls)
    return real(cls, *args, **kwargs)
dataclasses._process_class = record
skip = ("mtgrules.__main__", "mtgrules.pytest_plugin")
for info in pkgutil.walk_packages(mtgrules.__path__, "mtgrules."):
    if not info.name.startswith(skip):
        importlib.import_module(info.name)
import marshal, re
def shown(value):  # a sentinel default's address differs from one process to the next
    return re.sub(r" at 0x[0-9a-f]+", "", repr(value))
out = {}
for cls in made:
    methods = {}
    for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        fn = cls.__dict__.get(name)
        code = getattr(fn, "__code__", None)
        if code is not None:
            methods[name] = (marshal.dumps(code), shown(fn.__defaults__),
                             shown(fn.__kwdefaults__), shown(fn.__annotations__), fn.__qualname__)
    out[f"{cls.__module__}.{cls.__qualname__}"] = methods
from mtgrules import dataclass_code
stats = (len(dataclass_code._used), dataclass_code._new)
sys.stdout.buffer.write(pickle.dumps((out, stats)))
"""


def _env(cache: Path) -> dict[str, str]:
    return {**os.environ, dataclass_code.CACHE_ENV: str(cache)}


def _dump(mode: str, cache: Path) -> tuple[dict, tuple[int, bool]]:
    done = subprocess.run(
        [sys.executable, "-c", DUMP, mode], capture_output=True, env=_env(cache), check=True
    )
    return pickle.loads(done.stdout)


def _same(got: dict, want: dict) -> None:
    assert got.keys() == want.keys()
    for cls, methods in want.items():
        assert got[cls].keys() == methods.keys(), cls
        for name, (code, *rest) in methods.items():
            other, *other_rest = got[cls][name]
            assert marshal.loads(other) == marshal.loads(code), (cls, name)
            assert other_rest == rest, (cls, name)


def test_every_class_gets_the_methods_dataclasses_makes(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    plain, _ = _dump("plain", cache)
    assert len(plain) > 100  # the package's dataclasses, every module imported
    assert not cache.exists()  # without the table, nothing is written
    first, (used, new) = _dump("table", cache)  # compiles each text, writes the table
    assert new and used > 500
    assert len(list(cache.glob("dataclass-code-*.marshal"))) == 1
    again, (used_again, new_again) = _dump("table", cache)  # every text from the table
    assert not new_again and used_again == used
    _same(first, plain)
    _same(again, plain)


def _check(cache: Path, *args: str) -> subprocess.CompletedProcess[str]:
    case = Path(__file__).resolve().parent.parent / "cases"
    first = sorted(case.rglob("*.yaml"))[0]
    return subprocess.run(
        [sys.executable, "-m", "mtgrules", "check", str(first), "--format", "json", *args],
        capture_output=True,
        text=True,
        env=_env(cache),
    )


def test_a_damaged_or_foreign_table_is_read_past(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    want = _check(cache)
    (table,) = cache.glob("dataclass-code-*.marshal")
    version, codes = marshal.loads(table.read_bytes())
    assert version == sys.version and len(codes) > 100
    # another text's code under a text: the key is the whole text, so a lookup of a
    # class's own texts must not find this; a wrong table would make wrong classes
    some_text = next(iter(codes))
    swapped = {text + " ": code for text, code in codes.items()}
    swapped[some_text] = compile("raise SystemExit(97)", "<string>", "exec")
    for stored in (
        b"not marshal at all",
        marshal.dumps(("3.0.0 another interpreter", codes)),
        marshal.dumps((sys.version, {text: "not code" for text in codes})),
        marshal.dumps(["a list"]),
    ):
        table.write_bytes(stored)
        got = _check(cache)
        assert (got.returncode, got.stdout) == (want.returncode, want.stdout)
        assert marshal.loads(table.read_bytes())[0] == sys.version  # rewritten whole
    # a table whose entry for a text is another program: found, it would run that program
    table.write_bytes(marshal.dumps((sys.version, swapped)))
    assert _check(cache).returncode == 97  # the guard's own check: the table is read


def test_other_packages_dataclasses_are_not_in_the_table(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    code = (
        "from mtgrules.dataclass_code import install, _table\n"
        "install()\n"
        "import dataclasses\n"
        "@dataclasses.dataclass(frozen=True)\n"
        "class Outside:\n"
        "    unusual_field_name_xyz: int = 0\n"
        "assert Outside(1) == Outside(1) and Outside(1).unusual_field_name_xyz == 1\n"
        "import mtgrules.answer\n"  # a module of the package: its classes are
        "assert _table and not any('unusual_field_name_xyz' in t for t in _table)\n"
    )
    subprocess.run([sys.executable, "-c", code], env=_env(cache), check=True)
    (table,) = cache.glob("dataclass-code-*.marshal")
    assert b"unusual_field_name_xyz" not in table.read_bytes()
