"""The package's imports go one way (README, Layout): each layer imports only the layers
below it, no module imports another in a circle (counting imports inside functions, so a
function-local import can't hide one), every function-local import names why it is one,
and no module reaches for another module's private names."""

from __future__ import annotations

import ast
import io
import itertools
import subprocess
import sys
import tokenize
import tomllib
from collections.abc import Iterator
from pathlib import Path

from tests.conftest import ROOT

PACKAGE = ROOT / "mtgrules"
LAZY = "lazy:"  # how a function-local import's comment begins: "# lazy: <the reason>"


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = modules()


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports(tree: ast.AST) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Each import statement that runs, with whether it is inside a function (imports
    under ``if TYPE_CHECKING:`` never run and are left to the import-linter contracts)."""

    def walk(
        node: ast.AST, in_function: bool
    ) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
        for child in ast.iter_child_nodes(node):
            if _is_type_checking(child):
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                yield child, in_function
            yield from walk(
                child, in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            )

    yield from walk(tree, False)


def imported_modules(module: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The package's modules an import statement imports (``from a import b``: ``a.b`` if it
    is a module, else ``a``)."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = module.split(".")
            if MODULES[module].name != "__init__.py":
                package = package[:-1]
            package = package[: len(package) - node.level + 1]
            base = ".".join([*package, *([node.module] if node.module else [])])
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
    out = set()
    for name in names:
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        if name and name != module:
            out.add(name)
    return out


def parsed() -> dict[str, ast.Module]:
    return {m: ast.parse(p.read_text(encoding="utf-8")) for m, p in MODULES.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_each_layer_imports_only_the_layers_below_it():
    """The import-linter contracts in pyproject.toml ([tool.importlinter]): the package's
    layers, the rules' game in motion above the still board, and within mtgrules.cards the
    vocabulary below its readers. Every contract is run and kept."""
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from importlinter.cli import lint_imports; "
            "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"{len(_contracts())} kept, 0 broken" in run.stdout, run.stdout


def test_no_module_imports_another_in_a_circle_not_even_inside_a_function():
    """A function-local import is never a way around a cycle: with every import that runs
    counted, wherever it is, the graph of the package's modules has no cycle."""
    graph = {m: set() for m in MODULES}
    for module, tree in parsed().items():
        for node, _ in imports(tree):
            graph[module] |= imported_modules(module, node)
    assert cycles(graph) == []


def _runs(body: list[ast.stmt]) -> Iterator[list[ast.stmt]]:
    """Consecutive import statements of one block (comment lines may come between)."""
    run: list[ast.stmt] = []
    for stmt in body:
        if isinstance(stmt, ast.Import | ast.ImportFrom):
            run.append(stmt)
            continue
        if run:
            yield run
        run = []
    if run:
        yield run


def _blocks(node: ast.AST) -> Iterator[list[ast.stmt]]:
    for child in ast.walk(node):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(child, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                yield block


def unexplained_local_imports(source: str) -> list[int]:
    """Lines of function-local imports with no ``# lazy: <reason>`` comment on the import
    or in the comment block just above it (which covers the imports right below it)."""
    tree = ast.parse(source)
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    comments = {t.start[0]: t.string for t in tokens if t.type == tokenize.COMMENT}
    comment_lines = {  # lines that hold only a comment
        t.start[0] for t in tokens if t.type == tokenize.COMMENT and t.line.lstrip().startswith("#")
    }

    def says_why(line: int) -> bool:
        text = comments.get(line, "")
        reason = text.partition(LAZY)[2].strip()
        return LAZY in text and len(reason.split()) >= 3

    local = {id(node) for node, in_function in imports(tree) if in_function}
    bad = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for block in _blocks(function):
            for run in _runs(block):
                covered = False
                for previous, stmt in zip([None, *run], run, strict=False):
                    above = stmt.lineno - 1
                    if above in comment_lines:  # a comment block just above: it decides
                        covered = False
                        while above in comment_lines:
                            covered = covered or says_why(above)
                            above -= 1
                    elif previous is None or previous.end_lineno != above:
                        covered = False  # a blank line or other code above
                    own = any(says_why(n) for n in range(stmt.lineno, stmt.end_lineno + 1))
                    if id(stmt) in local and not (covered or own):
                        bad.append(stmt.lineno)
    return sorted(set(bad))


def test_every_function_local_import_says_why_it_is_one():
    """An import inside a function is deferred for a reason (startup time of the command
    line, a process pool only parallel runs need, ...), and the comment says which."""
    bad = [
        f"{MODULES[m].relative_to(ROOT)}:{line}"
        for m in MODULES
        for line in unexplained_local_imports(MODULES[m].read_text(encoding="utf-8"))
    ]
    assert bad == [], f"function-local imports without a `# {LAZY} <reason>` comment: {bad}"


def test_the_comment_check_sees_a_bare_local_import():
    source = (
        "def f():\n"
        "    import json\n"
        "    # lazy: only this command needs the database\n"
        "    from a import b\n"
        "    from a import c\n"
        "    x = 1\n"
        "    import os  # lazy: the process pool is heavy\n"
        "    import re  # lazy\n"
    )
    assert unexplained_local_imports(source) == [2, 8]


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_uses(module: str, tree: ast.Module) -> list[str]:
    """``from mtgrules.x import _name``, ``x._name`` on an imported module of the package, and
    a private field of another module's class set by name (``replace(state, _index={})``)."""
    found = []
    aliases: set[str] = set()
    for node, _ in imports(tree):
        targets = imported_modules(module, node)
        if not targets:
            continue  # not the package's
        for alias in node.names:
            if isinstance(node, ast.ImportFrom):
                full = f"{next(iter(targets))}" if len(targets) == 1 else ""
                if _private(alias.name) and f"{full}.{alias.name}" not in MODULES:
                    found.append(f"from {node.module} import {alias.name} (line {node.lineno})")
                if f"{node.module}.{alias.name}" in MODULES:
                    aliases.add(alias.asname or alias.name)
            else:
                aliases.add(alias.asname or alias.name.split(".")[0])
    own_fields = {  # private fields of this module's own classes may be set by name here
        t.target.id
        for c in ast.walk(tree)
        if isinstance(c, ast.ClassDef)
        for t in c.body
        if isinstance(t, ast.AnnAssign) and isinstance(t.target, ast.Name)
    }
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and _private(node.attr)
        ):
            found.append(f"{node.value.id}.{node.attr} (line {node.lineno})")
        if isinstance(node, ast.Call):
            found += [
                f"{k.arg}= (line {node.lineno})"
                for k in node.keywords
                if k.arg and _private(k.arg) and k.arg not in own_fields
            ]
    return found


def test_no_module_uses_another_modules_private_names():
    """What another module needs is public (and documented); a leading underscore means
    "this module's own"."""
    found = [
        f"{MODULES[m].relative_to(ROOT)}: {use}"
        for m, tree in parsed().items()
        for use in private_uses(m, tree)
    ]
    assert found == []


def test_the_private_name_check_sees_both_forms():
    tree = ast.parse(
        "from mtgrules.api import _check\n"
        "from mtgrules.cards import oracle as o\n"
        "import mtgrules.cards.oracle.templates as t\n"
        "def f(state):\n"
        "    return o._unmodeled, t.READERS, o.parse_line, replace(state, _by_id={})\n"
    )
    assert private_uses("mtgrules.cli.app", tree) == [
        "from mtgrules.api import _check (line 1)",
        "o._unmodeled (line 5)",
        "_by_id= (line 5)",
    ]


CONTAINERS = {"mtgrules", "mtgrules.rules", "mtgrules.cards", "mtgrules.cards.oracle"}


def _layout_blocks() -> list[str]:
    """The README's Layout section's diagrams (code blocks)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    return section.split("```")[1::2]


def _contracts() -> list[dict]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return config["tool"]["importlinter"]["contracts"]


def _contract_layers(container: str) -> list[list[str]]:
    (contract,) = [c for c in _contracts() if c["containers"] == [container]]
    return [[m.strip() for m in layer.replace(":", "|").split("|")] for layer in contract["layers"]]


def _line_of(lines: list[str], folder: Path, name: str) -> int:
    """The first line of a diagram naming this module (``name.py``) or package (``name/``)."""
    label = f"{name}/" if (folder / name).is_dir() else f"{name}.py"
    found = [i for i, line in enumerate(lines) if label in line.split()]
    assert found, f"README Layout doesn't show {folder.name}/{label}"
    return found[0]


def test_the_readme_layout_shows_every_module_in_the_order_of_the_layers():
    """The README's diagrams name every module of each package that has a layers contract
    (the package, its rules, its cards and their Oracle reader), top layer first, in the
    order the import-linter contracts enforce."""
    blocks = {block.split()[0].rstrip("/").replace("/", "."): block for block in _layout_blocks()}
    assert set(blocks) >= CONTAINERS, f"README Layout lacks a diagram of {CONTAINERS - set(blocks)}"
    for container in sorted(CONTAINERS):
        folder = ROOT / container.replace(".", "/")
        lines = blocks[container].splitlines()
        layers = _contract_layers(container)
        listed = {m for layer in layers for m in layer}
        children = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
        children |= {p.name for p in folder.iterdir() if (p / "__init__.py").exists()}
        assert children - {"builtin"} <= listed, f"not in a layer: {children - listed}"
        rows = [[_line_of(lines, folder, m) for m in layer] for layer in layers]
        for upper, lower in itertools.pairwise(rows):
            assert max(upper) < min(lower), (container, layers)
