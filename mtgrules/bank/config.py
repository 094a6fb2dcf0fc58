"""A bank's configuration: ``mtgrules.toml``, or ``[tool.mtgrules]`` in ``pyproject.toml``.

Found by walking up from the first path checked (or the current folder). It says
which files are the bank's cases (``include`` / ``exclude`` globs), the default
``format`` and ``jobs`` of ``mtgrules check``, and the card and rules ``data`` the
bank's answers depend on, each a file (relative to the configuration) or a URL with
its ``sha256``. That data is imported once into a data folder of its own, named by
the hashes, under the cache folder (``$MTGRULES_CACHE_DIR``, else
``$XDG_CACHE_HOME/mtgrules``, else ``~/.cache/mtgrules``): a fresh CI machine and a
judge's laptop read the same data, whatever else either of them imported.

Every problem is a diagnostic ``FILE:LINE:COL: CODE message`` (:data:`CODES`).
"""

from __future__ import annotations

import os
import re
import shutil
import urllib.parse
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from mtgrules import lazyre
from mtgrules.data.lock import pid_after, remove_stale
from mtgrules.data.paths import ENV_VAR

CONFIG_NAME = "mtgrules.toml"
PYPROJECT = "pyproject.toml"
CACHE_ENV = "MTGRULES_CACHE_DIR"
READY = "READY"  # written last into a cached data folder: its imports all finished
FORMATS = ("text", "json", "junit", "markdown", "github")
DATA_KINDS = ("cards", "rules")
DEFAULT_INCLUDE = ("**/*.yaml", "**/*.yml")

CODES = {
    "K001": "the file is not valid TOML",
    "K002": "a key mtgrules doesn't know",
    "K003": "a value of the wrong type or out of range",
    "K004": "a data source that can't be read or downloaded",
    "K005": "a data source whose sha256 is not the one the configuration gives",
    "K006": "a data source that mtgrules can't import",
}

_SHA256 = lazyre.compile(r"^[0-9a-f]{64}$")
_TOML_AT = lazyre.compile(r"\(at line (\d+), column (\d+)\)")
_HEADER = lazyre.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_KEY = lazyre.compile(r'^(\s*)(?:"([^"]*)"|([A-Za-z0-9_-]+))\s*=')


@dataclass(frozen=True)
class ConfigProblem:
    """One problem in a configuration, where it is."""

    file: str
    line: int
    col: int
    code: str
    message: str

    def __str__(self) -> str:  # a path or a source can hold a terminal escape: shown, not sent
        return _printable(f"{self.file}:{self.line}:{self.col}: {self.code} {self.message}")


def _printable(text: str) -> str:
    """``text`` with each character a terminal would act on (controls, line separators,
    bidirectional marks) shown as its escape."""
    return "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in text)


class ConfigError(Exception):
    """A configuration that can't be used; ``problems`` says every reason found."""

    def __init__(self, problems: list[ConfigProblem]):
        super().__init__("\n".join(map(str, problems)))
        self.problems = problems


@dataclass(frozen=True)
class DataSource:
    """Card or rules data a bank needs: a file or URL, and the sha256 its bytes must have."""

    kind: str  # cards | rules
    source: str  # as written: a path relative to the configuration, or a URL
    sha256: str
    line: int = 1  # where the configuration gives it, for diagnostics
    col: int = 1


@dataclass(frozen=True)
class BankConfig:
    """A bank's settings. ``data`` is None when the configuration doesn't pin data (then
    the machine's own imported data is used); an empty tuple pins "built-in cards only"."""

    file: Path
    root: Path  # the folder holding the configuration: globs and data paths are relative to it
    include: tuple[str, ...] = DEFAULT_INCLUDE
    exclude: tuple[str, ...] = ()
    format: str | None = None
    jobs: str | None = None
    data: tuple[DataSource, ...] | None = None


def find_config(paths: Iterable[str | Path]) -> Path | None:
    """The configuration that governs ``paths``: the nearest ``mtgrules.toml``, or
    ``pyproject.toml`` with a ``[tool.mtgrules]`` table, in the folder of the first path
    or a folder above it (the current folder when no path is given)."""
    first = next(iter(paths), None)
    start = Path(first) if first is not None and str(first) != "-" else Path()
    start = start.resolve()
    while not start.exists() and start != start.parent:  # a glob or a missing path
        start = start.parent
    folder = start if start.is_dir() else start.parent
    for parent in (folder, *folder.parents):
        if (parent / CONFIG_NAME).is_file():
            return parent / CONFIG_NAME
        project = parent / PYPROJECT
        if project.is_file() and _has_tool_table(project):
            return project
    return None


def _has_tool_table(project: Path) -> bool:
    try:
        text = project.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return False
    return re.search(r"^\s*\[\[?\s*tool\.mtgrules[\].]", text, re.M) is not None


def load_config(file: Path) -> BankConfig:
    """Read and check a configuration; raises ConfigError with every problem found."""
    name = str(file)
    try:
        text = file.read_text(encoding="utf-8-sig")  # a byte order mark, as editors write
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError([ConfigProblem(name, 1, 1, "K001", f"can't be read: {err}")]) from None
    import tomllib  # lazy: only where a configuration file is found (every check looks)

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        at = _TOML_AT.search(str(err))
        line, col = (int(at[1]), int(at[2])) if at else (1, 1)
        said = _TOML_AT.sub("", str(err)).strip()
        raise ConfigError([ConfigProblem(name, line, col, "K001", said)]) from None
    except RecursionError:  # arrays or tables nested hundreds deep: no configuration is
        raise ConfigError(
            [ConfigProblem(name, 1, 1, "K001", "values nested too deeply to read")]
        ) from None
    table = "tool.mtgrules" if file.name == PYPROJECT else ""
    tool = doc.get("tool") if table else None
    settings = (tool.get("mtgrules") if isinstance(tool, dict) else None) if table else doc
    where = _Locator(name, text, table)
    if not isinstance(settings, dict):
        raise ConfigError([where.problem("K003", "[tool.mtgrules] must be a table")])
    return _checked(file, settings, where)


def _checked(file: Path, settings: dict, where: _Locator) -> BankConfig:
    problems: list[ConfigProblem] = []
    known = {"include", "exclude", "format", "jobs", "data"}
    for key in settings:
        if key not in known:
            problems.append(
                where.problem(
                    "K002", f"unknown key {key!r}; mtgrules reads {', '.join(sorted(known))}", key
                )
            )
    globs = {}
    for key in ("include", "exclude"):
        value = settings.get(key, list(DEFAULT_INCLUDE) if key == "include" else [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            problems.append(where.problem("K003", f"{key} must be a list of glob patterns", key))
            value = []
        outside = [v for v in value if _leaves_the_bank(v)] if key == "include" else []
        if outside:
            problems.append(
                where.problem(
                    "K003",
                    f"include globs are relative to the bank's folder and stay in it: "
                    f"{_printable(outside[0])!r} leads out (an absolute path or `..`)",
                    key,
                )
            )
            value = []
        globs[key] = tuple(value)
    fmt = settings.get("format")
    if fmt is not None and fmt not in FORMATS:
        problems.append(
            where.problem("K003", f"format must be one of {', '.join(FORMATS)}", "format")
        )
    jobs = settings.get("jobs")
    if jobs is not None and not (
        jobs == "auto" or (isinstance(jobs, int) and not isinstance(jobs, bool) and jobs >= 1)
    ):
        problems.append(where.problem("K003", 'jobs must be a positive number or "auto"', "jobs"))
    data = _data_sources(settings.get("data"), where, problems) if "data" in settings else None
    if problems:
        raise ConfigError(sorted(problems, key=lambda p: (p.line, p.col)))
    return BankConfig(
        file=file,
        root=file.parent,
        include=globs["include"],
        exclude=globs["exclude"],
        format=fmt,
        jobs=None if jobs is None else str(jobs),
        data=data,
    )


def _leaves_the_bank(pattern: str) -> bool:
    """Whether an include glob is absolute or climbs out with ``..``.

    >>> [_leaves_the_bank(g) for g in ("cases/**/*.yaml", "../x/*.yaml", "/etc/*", "a/../..")]
    [False, True, True, True]
    """
    posix = PurePosixPath(pattern.replace("\\", "/"))
    return posix.is_absolute() or ".." in posix.parts or bool(re.match(r"^[A-Za-z]:", pattern))


def _data_sources(value: object, where: _Locator, problems: list[ConfigProblem]):
    if not isinstance(value, list):
        problems.append(where.problem("K003", "data must be a list of tables ([[data]])", "data"))
        return ()
    out = []
    for n, entry in enumerate(value):
        line, col = where.entry(n)
        if not isinstance(entry, dict):
            problems.append(where.at(line, col, "K003", "each data entry must be a table"))
            continue
        for key in entry:
            if key not in ("kind", "source", "sha256"):
                at = where.key_in_entry(n, key)
                problems.append(
                    where.at(
                        *at,
                        "K002",
                        f"unknown key {key!r} in data; mtgrules reads kind, source, sha256",
                    )
                )
        kind, source, sha = entry.get("kind"), entry.get("source"), entry.get("sha256")
        if kind not in DATA_KINDS:
            at = where.key_in_entry(n, "kind")
            problems.append(where.at(*at, "K003", 'kind must be "cards" or "rules"'))
        if not isinstance(source, str) or not source:
            at = where.key_in_entry(n, "source")
            problems.append(where.at(*at, "K003", "source must be a file path or a URL"))
        if not isinstance(sha, str) or not _SHA256.match(sha.lower()):
            at = where.key_in_entry(n, "sha256")
            problems.append(
                where.at(
                    *at,
                    "K003",
                    "sha256 must be the file's SHA-256, 64 hex digits (`sha256sum FILE`)",
                )
            )
            continue
        if isinstance(kind, str) and isinstance(source, str):
            out.append(DataSource(kind, source, sha.lower(), line, col))
    return tuple(out)


class _Locator:
    """Where a key is written in the TOML text (tomllib keeps no positions): the line
    of ``key =`` in the settings table, or in the n-th ``[[data]]`` table.

    The text is read once into an index (each table header, and the first ``key =`` line
    of each key in each table), so a configuration of thousands of keys or ``[[data]]``
    entries is located in time linear in its length, not its square."""

    def __init__(self, file: str, text: str, table: str):
        self.file = file
        self.lines = text.splitlines()
        self.table = table
        self.tables: list[tuple[str, int]] = [("", 0)]  # each header's name and line
        self.keys: dict[tuple[int, str], tuple[int, int]] = {}  # (its table's line, key)
        block = 0
        for i, line in enumerate(self.lines, 1):
            if m := _HEADER.match(line):
                self.tables.append((m[1].replace(" ", ""), i))
                block = i
            elif m := _KEY.match(line):
                self.keys.setdefault(
                    (block, m[2] if m[2] is not None else m[3]), (i, len(m[1]) + 1)
                )
        self.headers: dict[str, list[int]] = {}
        for name, line in self.tables:
            self.headers.setdefault(name, []).append(line)

    def problem(self, code: str, message: str, key: str | None = None) -> ConfigProblem:
        line, col = self.key(key) if key else self.header()
        return ConfigProblem(self.file, line, col, code, message)

    def at(self, line: int, col: int, code: str, message: str) -> ConfigProblem:
        return ConfigProblem(self.file, line, col, code, message)

    def header(self) -> tuple[int, int]:
        lines = [line for line in self.headers.get(self.table, ()) if line]
        return (lines[0], 1) if lines else (1, 1)

    def key(self, key: str) -> tuple[int, int]:
        for line in self.headers.get(self.table, ()):
            if found := self.keys.get((line, key)):
                return found
        return self.header()

    def entry(self, n: int) -> tuple[int, int]:
        data = f"{self.table}.data" if self.table else "data"
        headers = self.headers.get(data, [])
        return (headers[n], 1) if n < len(headers) else self.key("data")

    def key_in_entry(self, n: int, key: str) -> tuple[int, int]:
        line, col = self.entry(n)
        return self.keys.get((line, key)) or (line, col)


# --- the data a bank pins -------------------------------------------------------


def cache_root() -> Path:
    """``$MTGRULES_CACHE_DIR``, else ``$XDG_CACHE_HOME/mtgrules``, else ``~/.cache/mtgrules``."""
    explicit = os.environ.get(CACHE_ENV)
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg).expanduser() if xdg else Path.home() / ".cache") / "mtgrules"


def data_key(sources: Iterable[DataSource]) -> str:
    """The name of the data folder for these sources: a hash of their kinds and hashes in
    order (the order matters: later card files are merged into earlier ones)."""
    import hashlib  # lazy: only a bank that pins its data (hashlib loads libcrypto)

    text = "\n".join(f"{s.kind} {s.sha256}" for s in sources)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def bank_data_dir(config: BankConfig) -> Path:
    """The cached data folder of a bank that pins its data."""
    assert config.data is not None
    return cache_root() / "data" / data_key(config.data)


def file_sha256(path: Path) -> str:
    import hashlib  # lazy: only a bank that pins its data (hashlib loads libcrypto)

    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


Fetch = Callable[[str, Path], Path]  # (url, folder) -> the downloaded file
Importer = Callable[[DataSource, Path, bool], None]  # (source, file, merge)


def prepare_data(
    config: BankConfig, fetch: Fetch, importer: Importer, say: Callable[[str], None]
) -> Path:
    """The bank's data folder, imported on first use: each source read (a file relative
    to the configuration) or fetched (a URL), its sha256 checked, then imported, all in a
    temporary folder renamed into place when every import has finished. Raises
    ConfigError (K004-K006) naming the source's entry in the configuration."""
    target = bank_data_dir(config)
    if (target / READY).is_file():
        return target
    assert config.data is not None
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_stale(target.parent, "*.partial-*", pid_after(".partial-"))  # of killed runs
    work = target.parent / f"{target.name}.partial-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    name = str(config.file)
    before = os.environ.get(ENV_VAR)
    os.environ[ENV_VAR] = str(work)  # the importers write where the data layer looks
    try:
        cards_seen = False
        for source in config.data:
            where = (name, source.line, source.col)
            if re.match(r"^[a-z][a-z0-9+.-]*://", source.source):
                say(f"downloading {source.source}")
                try:
                    file = fetch(source.source, work)
                except Exception as err:  # any failure to download is the same problem
                    raise ConfigError(
                        [ConfigProblem(*where, "K004", f"can't download {source.source}: {err}")]
                    ) from None
            else:
                file = (config.root / source.source).resolve()
                if not file.is_file():
                    raise ConfigError(
                        [
                            ConfigProblem(
                                *where,
                                "K004",
                                f"no such file {source.source} (relative to {config.root})",
                            )
                        ]
                    )
            actual = file_sha256(file)
            if actual != source.sha256:
                raise ConfigError(
                    [
                        ConfigProblem(
                            *where,
                            "K005",
                            f"{source.source} has sha256 {actual}, not the {source.sha256} given",
                        )
                    ]
                )
            say(f"importing {source.kind} from {source.source}")
            try:
                importer(source, file, source.kind == "cards" and cards_seen)
            except Exception as err:  # the importers' own errors say what is wrong
                raise ConfigError(
                    [ConfigProblem(*where, "K006", f"can't import {source.source}: {err}")]
                ) from None
            cards_seen = cards_seen or source.kind == "cards"
        for leftover in work.glob("download-*"):
            leftover.unlink()
        (work / READY).write_text(data_key(config.data) + "\n", encoding="utf-8")
        try:
            work.rename(target)
        except OSError:  # another run finished first: its data is the same data
            if not (target / READY).is_file():  # or a folder left by hand: replace it
                shutil.rmtree(target, ignore_errors=True)
                work.rename(target)
            shutil.rmtree(work, ignore_errors=True)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    finally:
        if before is None:
            os.environ.pop(ENV_VAR, None)
        else:
            os.environ[ENV_VAR] = before
    return target


def fetch_url(url: str, folder: Path) -> Path:
    """Download ``url`` into ``folder`` (keeping its suffixes, e.g. ``.json.gz``)."""
    # lazy: the downloader (urllib) is needed only the first time a bank's data is fetched
    from mtgrules.dataupdate import download

    suffix = "".join(PurePosixPath(urllib.parse.urlparse(url).path).suffixes[-2:])
    return download(url, folder, suffix)


def import_source(source: DataSource, file: Path, merge: bool) -> None:
    """Import one data file into the data folder the environment names."""
    # lazy: the importers are needed only the first time a bank's data is imported
    from mtgrules.cards.importers import import_cards
    from mtgrules.crindex.importer import import_rules

    if source.kind == "rules":
        import_rules(file, source=source.source)
    else:
        import_cards(file, source=source.source, merge=merge)


def use_bank_data(config: BankConfig, say: Callable[[str], None]) -> Path | None:
    """Point this process (and the workers it starts) at the bank's pinned data, importing
    it first if this machine hasn't yet; None when the bank pins no data."""
    if config.data is None:
        return None
    folder = prepare_data(config, fetch_url, import_source, say)
    os.environ[ENV_VAR] = str(folder)
    return folder


# --- mtgrules init --------------------------------------------------------------

TEMPLATE = """\
# mtgrules bank configuration (docs/integrations.md, "Bank configuration").
# Globs are relative to this file's folder.
include = ["cases/**/*.yaml", "cases/**/*.yml"]   # what `mtgrules check` checks with no PATH
exclude = []                                      # e.g. ["cases/drafts"]
# format = "text"                                 # the default of --format
# jobs = "auto"                                   # the default of --jobs
{data}"""

DATA_NOTE = """\
# The data the answers depend on, imported once into a cache keyed by these hashes.
# `data = []` pins the built-in cards only; without a data key the machine's own
# imported data is used. Each entry: kind (cards | rules), source (a path relative
# to this file, or a URL), sha256 (`sha256sum FILE`).
"""


def config_text(sources: Iterable[tuple[str, str, str]] = ()) -> str:
    """The text ``mtgrules init`` writes; ``sources`` are (kind, source, sha256)."""
    entries = "".join(
        f'\n[[data]]\nkind = "{kind}"\nsource = "{source}"\nsha256 = "{sha}"\n'
        for kind, source, sha in sources
    )
    data = DATA_NOTE + (entries if entries else "data = []\n")
    return TEMPLATE.format(data=data)
