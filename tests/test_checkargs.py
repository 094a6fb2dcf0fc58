"""``mtgrules check`` without Typer (mtgrules.cli.check_args; docs/bench.md, the cold start): it knows the Typer
command's options exactly, it leaves every command line it can't read for sure to Typer,
and on the ones it reads both front ends print the same and exit the same."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
import typer.main

from mtgrules.cli import check_args as checkargs
from mtgrules.cli.app import app
from tests.conftest import CASES, ROOT


def _typer_check():
    return typer.main.get_command(app).commands["check"]


def _kind(param) -> str:
    name = type(param.type).__name__
    if param.is_flag:
        return "flag"
    if param.name == "jobs":
        return "jobs"
    if getattr(param.type, "choices", None):
        return "choice"
    return {"IntRange": "int", "FloatRange": "float"}.get(name, "str")


def test_the_options_are_the_typer_commands_with_the_same_types_and_defaults():
    options = [p for p in _typer_check().params if p.param_type_name == "option"]
    theirs = {
        p.name: (
            tuple(p.opts),
            _kind(p),
            getattr(p.default, "value", p.default),
            tuple(getattr(p.type, "choices", ()) or ()),
            getattr(p.type, "min", None),
            getattr(p.type, "max", None),
            p.multiple,
        )
        for p in options
    }
    ours = {
        o.dest: (o.names, o.kind, o.default, o.choices, o.low, o.high, o.many)
        for o in checkargs.OPTIONS
    }
    assert ours == theirs
    assert [p.name for p in _typer_check().params if p.param_type_name == "argument"] == ["paths"]


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "--help"],
        ["check", "cases", "-h"],
        ["--version", "check"],
        ["validate", "cases"],
        ["check", "--", "cases"],
        ["check", "--no-such-option", "cases"],
        ["check", "-qx", "cases"],
        ["check", "-j2", "cases"],
        ["check", "-f=json", "cases"],
        ["check", "--quiet=yes", "cases"],
        ["check", "--format", "yaml", "cases"],
        ["check", "--format"],
        ["check", "--jobs", "0", "cases"],
        ["check", "--jobs", "many", "cases"],
        ["check", "--max-depth", "1001", "cases"],
        ["check", "--max-bytes", "+5", "cases"],
        ["check", "--timeout", "-1", "cases"],
        ["check", "--timeout", "1e3", "cases"],
        ["check", "-k", "-x", "cases"],
        ["check", "--cross-check=loose", "cases"],
        ["check", "cases", "--data-dir"],
        ["--data-dir", "-q", "check", "cases"],
        ["check", ""],
    ],
)
def test_a_command_line_it_cant_read_for_sure_is_left_to_typer(argv):
    assert checkargs.parse(argv) is None


def test_what_it_reads_is_what_typer_passes():
    values, data_dir = checkargs.parse(
        [
            "--data-dir=D1",
            "check",
            "a.yaml",
            "-f",
            "json",
            "--tag",
            "x",
            "-t",
            "y",
            "--timeout=0.5",
            "--jobs",
            "AUTO",
            "-",
            "--cross-check=strict",
            "--data-dir",
            "D2/",
            "--max-nodes",
            "7",
        ]
    )
    assert data_dir == "D2"
    assert [str(p) for p in values["paths"]] == ["a.yaml", "-"]
    assert values["format"] == "json" and values["tag"] == ["x", "y"]
    assert values["timeout"] == 0.5 and values["jobs"] == "AUTO" and values["max_nodes"] == 7
    assert values["cross_check_strict"] and not values["cross_check"]
    assert values["color"] == "auto" and values["exclude"] is None


def _run(argv: list[str], typer_only: bool, stdin: str = "") -> tuple[int, str, str]:
    """The exit code, stdout and stderr of ``mtgrules ARGV`` through the program's entry
    (``typer_only``: through the Typer app alone), with measured times taken out."""
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    env["NO_COLOR"] = "1"
    code = (
        "import sys; sys.argv[0] = 'mtgrules'; from mtgrules.cli.app import main; main()"
        if typer_only
        else "import sys; sys.argv[0] = 'mtgrules'; from mtgrules.cli.entry import main; main()"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        input=stdin,
        timeout=300,
    )
    untimed = re.sub(r'time="[0-9.]+"', 'time=""', done.stdout)
    return done.returncode, untimed, done.stderr


CASE = str(CASES / "casting" / "creature-main-phase.yaml")


@pytest.mark.parametrize(
    "argv",
    [
        ["check", CASE],
        ["check", "cases/casting", "-q"],
        ["check", "cases/mana", "--format", "json", "-j", "1"],
        ["check", "cases/casting", "-f", "junit", "--rulings", "none"],
        ["check", "cases/targets", "--format=markdown"],
        ["check", "cases/casting", "-f", "github", "--explain", "-v"],
        ["check", "cases/casting", "-t", "no-such-tag"],
        ["check", "cases", "-k", "elves", "--timeout", "0", "-x"],
        ["check", "cases/casting/no-such-file.yaml"],
        ["check", CASE, "--max-bytes", "10"],
        ["check", CASE, "--data-dir", "/nonexistent/mtgrules-data"],
        ["check", CASE, "--cross-check"],
        ["check", "-", CASE],
    ],
)
def test_both_front_ends_print_the_same_and_exit_the_same(argv):
    assert checkargs.parse(argv) is not None  # read without Typer
    assert _run(argv, typer_only=False) == _run(argv, typer_only=True)


def test_a_case_on_standard_input_is_read_the_same():
    text = (CASES / "casting" / "creature-main-phase.yaml").read_text(encoding="utf-8")
    fast = _run(["check", "-"], typer_only=False, stdin=text)
    assert fast[0] == 0 and "passed" in fast[2] + fast[1]
    assert fast == _run(["check", "-"], typer_only=True, stdin=text)


def test_checking_a_bundled_case_imports_neither_typer_nor_click():
    script = (
        "import json, runpy, sys\n"
        f"sys.argv = ['mtgrules', 'check', {CASE!r}]\n"
        "try:\n"
        "    runpy.run_module('mtgrules', run_name='__main__')\n"
        "except SystemExit as done:\n"
        "    code = done.code\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click', 'jsonschema'))\n"
        "print(json.dumps({'code': code, 'loaded': loaded}), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    got = json.loads(done.stderr.strip().splitlines()[-1])
    assert got == {"code": 0, "loaded": []}


def test_warming_up_a_batch_builds_no_python_validator_and_an_invalid_file_still_gets_one():
    """batch.warm_up compiles the fast validators only: the Python one (jsonschema) is for
    a file they reject, and it still reports that file's schema problems when it comes."""
    script = (
        "import sys\n"
        "from mtgrules.bank.batch import warm_up\n"
        "from mtgrules.caseio.schema import schema_diagnostics\n"
        "from mtgrules.caseio.yamlload import Positions\n"
        "warm_up()\n"
        "print('jsonschema' in sys.modules)\n"
        "found = schema_diagnostics('case', {'id': 'x'}, 'x.yaml', Positions())\n"
        "print(sorted({d.code for d in found}), 'jsonschema' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["False", "['S003'] True"]


def test_checking_a_still_board_loads_neither_the_triggers_nor_the_resolution_of_spells():
    """A board that stands still is settled by play.still_board (state-based actions,
    CR 704.3): the play-out's triggers (603) and resolution (608) load only for a case with
    ``actions:``, which does load them (so the check below can see them loaded)."""
    script = (
        "import json, runpy, sys\n"
        "sys.argv = ['mtgrules', 'check', sys.argv[1]]\n"
        "try:\n"
        "    runpy.run_module('mtgrules', run_name='__main__')\n"
        "except SystemExit as done:\n"
        "    code = done.code\n"
        "names = ('mtgrules.rules.triggers', 'mtgrules.play.resolve', 'mtgrules.play.settle')\n"
        "print(json.dumps({'code': code, 'loaded': [n in sys.modules for n in names]}), "
        "file=sys.stderr)\n"
    )
    playout = str(CASES / "playout" / "shock-bears-survives-growth.yaml")
    got = {}
    for case in (CASE, playout):
        done = subprocess.run(
            [sys.executable, "-c", script, case],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=300,
        )
        got[case] = json.loads(done.stderr.strip().splitlines()[-1])
    assert got[CASE] == {"code": 0, "loaded": [False, False, False]}
    assert got[playout] == {"code": 0, "loaded": [True, True, True]}


def test_the_engine_loaded_before_a_check_is_what_the_check_imports():
    """mtgrules.cli.entry imports check()'s modules before it runs, with the collector paused
    (cli.check.ENGINE_MODULES): a module check() imports that isn't listed would be imported
    with the collector on again, one listed that it doesn't import is imported for nothing."""
    import ast
    import inspect

    from mtgrules.cli import check as checkcmd

    body = ast.parse(inspect.getsource(checkcmd.check))
    imported = {n.module for n in ast.walk(body) if isinstance(n, ast.ImportFrom)}
    assert imported == set(checkcmd.ENGINE_MODULES)


def test_a_check_answers_with_the_collector_on_and_the_engine_left_out_of_it():
    """The program's check pauses the cyclic garbage collector only while the engine is
    imported (mtgrules.cli.entry): the cases are answered with it on (a long play-out's
    garbage is collected), the engine's objects frozen out of its passes."""
    script = (
        "import gc, json, runpy, sys\n"
        "import mtgrules.cli.check as checkcmd\n"
        "seen = {}\n"
        "real = checkcmd.check\n"
        "def check(*args, **kwargs):\n"
        "    seen['enabled'] = gc.isenabled()\n"
        "    seen['frozen'] = gc.get_freeze_count()\n"
        "    seen['engine'] = all(m in sys.modules for m in checkcmd.ENGINE_MODULES)\n"
        "    return real(*args, **kwargs)\n"
        "checkcmd.check = check\n"
        f"sys.argv = ['mtgrules', 'check', {CASE!r}]\n"
        "try:\n"
        "    runpy.run_module('mtgrules', run_name='__main__')\n"
        "except SystemExit as done:\n"
        "    seen['code'] = done.code\n"
        "print(json.dumps(seen), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    got = json.loads(done.stderr.strip().splitlines()[-1])
    assert got["code"] == 0 and got["enabled"] is True and got["engine"] is True
    assert got["frozen"] > 10_000


def test_a_check_command_line_the_framework_reads_keeps_the_collector_on():
    """A `check` command line the fast path leaves to Typer (`--help` here) runs with the
    cyclic garbage collector on, as any other command: the pause is for the engine's import
    only (mtgrules.cli.entry), never left on for the framework's run."""
    script = (
        "import gc, runpy, sys\n"
        "sys.argv = ['mtgrules', 'check', '--help']\n"
        "try:\n"
        "    runpy.run_module('mtgrules', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(gc.isenabled(), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    assert done.stderr.strip().splitlines()[-1] == "True"
