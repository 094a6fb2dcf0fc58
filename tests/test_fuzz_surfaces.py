"""Fuzzing the surfaces tests/test_fuzz.py doesn't reach (docs/hostile-inputs.md): `ask`'s
arguments, a bank's TOML configuration, a bank's lock file, and a case's play-out
`actions:` entries.

Derandomized and bounded so CI sees the same examples every run in a few seconds
(``HYPOTHESIS_PROFILE=long`` runs many more). The properties: no traceback (every fault
is a one-line refusal or a diagnostic) and no internal error (E001).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgrules.api import check_file
from mtgrules.bank.config import ConfigError, load_config
from mtgrules.bank.files import bank_paths
from mtgrules.bank.lock import read_lock, with_lock_warnings
from mtgrules.results import Result
from tests.conftest import CASES

LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"


def bounded(examples: int) -> settings:
    return settings(
        max_examples=examples * 20 if LONG else examples,
        deadline=None,
        derandomize=not LONG,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


WORK = Path(tempfile.mkdtemp(prefix="mtgrules-fuzz-surfaces-"))

# Pieces an attacker types: numbers past every bound, digits Python reads but ASCII
# doesn't, escapes, separators, names with no ASCII letter, YAML and TOML syntax.
NASTY = [
    "9" * 5000,
    "9" * 19,
    "-1",
    "0",
    "²",
    "٣",
    "\x1b]0;x\x07",
    "\u2028",
    "\u202e",
    "日本語",
    "♥",
    "-",
    "./-",
    "_____",
    "Ｇｒｉｚｚｌｙ",
    "{",
    "[[",
    "}",
    ":",
    ",",
    "=",
    "now",
    "null",
    "",
]
WORDS = ["Grizzly Bears", "Llanowar Elves", "Forest", "Lightning Bolt", "Clone", "Alice", "Bob"]
TEXT = st.one_of(
    st.sampled_from(NASTY),
    st.sampled_from(WORDS),
    st.text(max_size=12),
    st.lists(st.sampled_from(NASTY + WORDS), min_size=2, max_size=3).map("".join),
)


# --- ask's arguments ------------------------------------------------------------------------

QUESTIONS = ["characteristics", "cast", "activate", "enters", "state", "could-produce", "x"]
FACT_KEYS = ["since", "x", "+1/+1", "id", "owner", "in", "tapped", "copy_of", "counters", "life"]


@st.composite
def ask_arguments(draw: st.DrawFn) -> list[str]:
    args = ["ask", draw(st.sampled_from(QUESTIONS)), draw(TEXT)]
    for _ in range(draw(st.integers(0, 3))):
        flag = draw(st.sampled_from(["-m", "-t", "--you", "--turn", "--x", "-a", "--play"]))
        if flag in ("-m", "-t", "--you"):
            facts = [
                f"{draw(st.sampled_from(FACT_KEYS))}={draw(TEXT)}"
                for _ in range(draw(st.integers(0, 2)))
            ]
            value = draw(st.sampled_from(WORDS + NASTY)) + (":" + ",".join(facts) if facts else "")
        else:
            value = draw(TEXT)
        args += [flag, value]
    return args


@bounded(40)
@given(ask_arguments())
def test_ask_arguments_never_crash(args):
    from typer.testing import CliRunner

    from mtgrules.cli.app import app

    ran = CliRunner().invoke(app, args)
    said = ran.output
    assert ran.exception is None or isinstance(ran.exception, SystemExit), (args, ran.exception)
    assert "Traceback" not in said and "E001" not in said, (args, said[-2000:])


# --- a bank's configuration ------------------------------------------------------------------

TOML_VALUES = st.one_of(
    st.sampled_from(['"text"', '"auto"', "3", "0", "-1", "true", "[]", '["**/*.yaml"]']),
    st.sampled_from(['["/etc/*"]', '["../*"]', '"json"', "{}", "[[[]]]", "1e999"]),
    st.integers(0, 400).map(lambda n: "[" * n + "]" * n),
    st.sampled_from(NASTY).map(json.dumps),
)
TOML_KEYS = st.sampled_from(["include", "exclude", "format", "jobs", "data", "tool", "x", '"k"'])


@st.composite
def toml_texts(draw: st.DrawFn) -> tuple[str, bytes]:
    lines = [f"{draw(TOML_KEYS)} = {draw(TOML_VALUES)}" for _ in range(draw(st.integers(0, 4)))]
    for _ in range(draw(st.integers(0, 2))):
        lines.append(draw(st.sampled_from(["[[data]]", "[tool.mtgrules]", "[tool]", "[data]"])))
        lines += [f"{draw(TOML_KEYS)} = {draw(TOML_VALUES)}" for _ in range(2)]
    text = "\n".join(lines) + "\n"
    name = draw(st.sampled_from(["mtgrules.toml", "pyproject.toml"]))
    bom = draw(st.sampled_from([b"", b"\xef\xbb\xbf"]))
    return name, bom + text.encode("utf-8", "surrogatepass")


@bounded(60)
@given(toml_texts())
def test_bank_configurations_never_crash(named):
    name, raw = named
    folder = Path(tempfile.mkdtemp(dir=WORK))
    (folder / name).write_bytes(raw)
    try:
        config = load_config(folder / name)
    except ConfigError as err:
        assert all(p.code.startswith("K") for p in err.problems)
        return
    bank_paths(config)  # the globs, walked


# --- a bank's lock file ----------------------------------------------------------------------

JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=10,
)


@st.composite
def locks(draw: st.DrawFn) -> str:
    case = draw(st.one_of(JSON, st.fixed_dictionaries({"rules": JSON})))
    cases = draw(st.one_of(JSON, st.fixed_dictionaries({"case-1": st.just(case)})))
    lock = draw(
        st.one_of(
            JSON, st.fixed_dictionaries({"mtgrules_lock": st.just(1), "cases": st.just(cases)})
        )
    )
    text = json.dumps(lock)
    return draw(st.sampled_from([text, text[: len(text) // 2], "[" * 5000 + "]" * 5000]))


@bounded(60)
@given(locks())
def test_lock_files_never_crash(text):
    path = WORK / "mtgrules.lock"
    path.write_text(text, encoding="utf-8")
    try:
        lock = read_lock(path)
    except ValueError:
        return
    result = Result(file="a.yaml", id="case-1", status="pass", expected_rules=("704.5f", "1"))
    with_lock_warnings([result], lock)


# --- play-out actions --------------------------------------------------------------------

ACTION_CASES = [
    data
    for path in sorted(CASES.rglob("*.yaml"))
    if isinstance(data := yaml.safe_load(path.read_text(encoding="utf-8")), dict)
    and isinstance(data.get("actions"), list)
]
ACTION_VALUES = st.one_of(
    st.sampled_from(["Lightning Bolt", "bears", "Alice", "Bob", "pass", "resolve", "nothing"]),
    st.sampled_from([None, 0, -1, 10**18, [], {}, ["nothing"], ["Bob", "Bob"], "{R}", "1"]),
    st.sampled_from(NASTY),
)


@st.composite
def played_out_cases(draw: st.DrawFn) -> dict:
    """A bundled case with actions, one of them changed: a value replaced by a hostile one,
    an action dropped or repeated, or two swapped."""
    case = json.loads(json.dumps(draw(st.sampled_from(ACTION_CASES)), default=str))
    case.pop("expect", None)
    actions = case["actions"]
    n = draw(st.integers(0, len(actions) - 1))
    how = draw(st.sampled_from(["value", "value", "drop", "repeat", "swap"]))
    if how == "value" and isinstance(actions[n], dict) and actions[n]:
        key = draw(st.sampled_from(sorted(actions[n])))
        actions[n][key] = draw(ACTION_VALUES)
    elif how == "value":
        actions[n] = draw(ACTION_VALUES)
    elif how == "drop":
        del actions[n]
    elif how == "repeat":
        actions.insert(n, actions[n])
    else:
        m = draw(st.integers(0, len(actions) - 1))
        actions[n], actions[m] = actions[m], actions[n]
    return case


@bounded(40)
@given(played_out_cases())
def test_play_out_actions_never_crash(case):
    path = WORK / "actions.yaml"
    path.write_text(yaml.safe_dump(case, sort_keys=False, allow_unicode=True), encoding="utf-8")
    result = check_file(path)
    assert not result.internal_error, (
        [str(d) for d in result.diagnostics],
        case["actions"],
        case.get("id"),
    )
