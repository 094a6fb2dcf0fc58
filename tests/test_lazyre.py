"""Regular expressions compiled on first use (mtgrules.lazyre; docs/bench.md, the cold start): a lazy pattern
answers as re's compiled pattern does for every method the package uses, every lazy
pattern the package defines compiles (a syntax error is no longer seen at import), and
checking a bundled case compiles only a part of them."""

from __future__ import annotations

import copy
import json
import pickle
import re
import subprocess
import sys
import textwrap

import pytest

from mtgrules import lazyre
from tests.conftest import ROOT

SOURCES = [
    (r"(?P<n>\d+)/(?P<t>\d+)", 0),
    (r"\bwhenever ([^,]+), ", re.IGNORECASE),
    (r"^Add (\{[WUBRGC]\})+\.?$", 0),
    (r"(?<=[.!?])\s+(?=[A-Z“\"])", 0),
    (r"x*", 0),
]
TEXTS = [
    "Whenever a creature enters, you gain 2/3 life. Draw a card!  Then 10/10.",
    "Add {G}{G}.",
    "",
    "xxaxx",
]


def _same(a: object, b: object) -> bool:
    if isinstance(a, re.Match) and isinstance(b, re.Match):
        return (a.span(), a.groups(), a.groupdict()) == (b.span(), b.groups(), b.groupdict())
    return a == b


@pytest.mark.parametrize(("source", "flags"), SOURCES)
def test_a_lazy_pattern_answers_as_the_compiled_one(source: str, flags: int) -> None:
    lazy, real = lazyre.compile(source, flags), re.compile(source, flags)
    assert isinstance(lazy, lazyre.LazyPattern)
    for text in TEXTS:
        for method in ("match", "fullmatch", "search"):
            assert _same(getattr(lazy, method)(text), getattr(real, method)(text)), method
            assert _same(getattr(lazy, method)(text, 2), getattr(real, method)(text, 2))
            assert _same(getattr(lazy, method)(text, 1, 9), getattr(real, method)(text, 1, 9))
        assert lazy.findall(text) == real.findall(text)
        assert lazy.findall(text, 3) == real.findall(text, 3)
        found = [m.span() for m in lazy.finditer(text)]
        assert found == [m.span() for m in real.finditer(text)]
        assert lazy.split(text) == real.split(text)
        assert lazy.split(text, 1) == real.split(text, 1)
        assert lazy.sub("<\\g<0>>", text) == real.sub("<\\g<0>>", text)
        assert lazy.sub(lambda m: m.group(0).upper(), text, 1) == real.sub(
            lambda m: m.group(0).upper(), text, 1
        )
        assert lazy.subn("-", text) == real.subn("-", text)
    assert (lazy.pattern, lazy.flags, lazy.groups) == (real.pattern, real.flags, real.groups)
    assert dict(lazy.groupindex) == dict(real.groupindex)
    assert lazy.scanner(TEXTS[0]).search() is not None or real.scanner(TEXTS[0]).search() is None
    assert lazy == real and lazy == lazyre.compile(source, flags)
    assert lazy != lazyre.compile(source + "!", flags)
    assert hash(lazy) == hash(lazyre.compile(source, flags))
    again = pickle.loads(pickle.dumps(lazy))
    assert isinstance(again, lazyre.LazyPattern) and again == lazy
    assert copy.deepcopy(lazy) is lazy


def test_a_lazy_pattern_compiles_once_and_only_when_used() -> None:
    lazy = lazyre.compile(r"\btarget\b", re.IGNORECASE)
    assert isinstance(lazy, lazyre.LazyPattern)
    assert lazy.pattern == r"\btarget\b" and lazy._compiled is None
    first = lazy.compiled()
    assert lazy.search("Destroy TARGET creature") and lazy.compiled() is first


def test_a_broken_pattern_raises_res_error_when_first_used() -> None:
    lazy = lazyre.compile(r"(unclosed")
    with pytest.raises(re.error):
        lazy.search("anything")


# Every LazyPattern reachable from the package's modules (globals, and the tuples, lists,
# dicts, sets and dataclasses they hold), after importing the modules the script names.
WALK = textwrap.dedent(
    """
    import dataclasses, importlib, json, pkgutil, sys
    import mtgrules
    from mtgrules.lazyre import LazyPattern

    def patterns():
        seen, out = set(), {}
        def walk(value, where, depth):
            if id(value) in seen or depth > 6:
                return
            seen.add(id(value))
            if isinstance(value, LazyPattern):
                out[id(value)] = (where, value)
            elif isinstance(value, (tuple, list, set, frozenset)):
                for item in value:
                    walk(item, where, depth + 1)
            elif isinstance(value, dict):
                for item in value.values():
                    walk(item, where, depth + 1)
            elif dataclasses.is_dataclass(value) and not isinstance(value, type):
                for f in dataclasses.fields(value):
                    walk(getattr(value, f.name, None), where, depth + 1)
        for name, module in list(sys.modules.items()):
            if name.startswith("mtgrules"):
                for key, value in list(vars(module).items()):
                    walk(value, f"{name}.{key}", 0)
        return list(out.values())
    """
)


def _run(script: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", WALK + textwrap.dedent(script)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_every_lazy_pattern_of_the_package_compiles_to_what_re_compiles() -> None:
    got = _run(
        """
        import re
        for info in pkgutil.walk_packages(mtgrules.__path__, "mtgrules."):
            if info.name not in ("mtgrules.__main__", "mtgrules.pytest_plugin"):
                importlib.import_module(info.name)
        found, broken = patterns(), []
        for where, p in found:
            try:
                if p.compiled() != re.compile(p.pattern, p._flags):
                    broken.append(where)
            except re.error as err:
                broken.append(f"{where}: {err}")
        print(json.dumps({"count": len(found), "broken": broken}))
        """
    )
    assert got["broken"] == []
    # The Oracle readers' and the scope index's tables alone hold about two hundred.
    assert got["count"] >= 200


def test_checking_a_bundled_case_compiles_only_the_patterns_it_reaches() -> None:
    case = ROOT / "cases" / "casting" / "creature-main-phase.yaml"
    got = _run(
        f"""
        import io, contextlib
        sys.argv = ["mtgrules", "check", {str(case)!r}]
        from mtgrules.cli.entry import main
        with contextlib.redirect_stdout(io.StringIO()):
            try:
                main()
            except SystemExit:
                pass
        found = patterns()
        compiled = [w for w, p in found if p._compiled is not None]
        print(json.dumps({{"count": len(found), "compiled": len(compiled)}}))
        """
    )
    assert got["count"] >= 150
    # Before: every pattern was compiled at import. Now a plain case reaches few of them.
    assert got["compiled"] * 3 < got["count"], got
