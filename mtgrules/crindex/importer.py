"""Reading the official Comprehensive Rules text (``MagicCompRules.txt``).

The file Wizards publishes is UTF-8 with a byte-order mark, with LF or CRLF
line ends and curly quotes. It has a header (with the effective date), a table
of contents, the numbered rules, a glossary and credits. :func:`parse_rules`
turns it into :class:`OfficialRule` and :class:`GlossaryEntry` values;
:func:`import_rules` stores them in the local database (atomically, see
:mod:`mtgrules.data.store`). Nothing of the text is kept in the project.
"""

from __future__ import annotations

import datetime as _dt
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from mtgrules import lazyre
from mtgrules.data.store import ImportInfo, current_imports, file_sha256, now_utc, rebuild

_EFFECTIVE = lazyre.compile(r"effective as of (\w+ \d{1,2}, \d{4})", re.IGNORECASE)
# "7." chapter, "702." section, "702.170." rule, "702.170a" / "704.5aa" subrule. The
# published text has slips ("119.1d." with a period, "606.5" without), so the period is optional.
_RULE = lazyre.compile(r"^(\d{1,3}\.(?:\d+[a-z]{0,2}\.?)?)\s+(\S.*)$")


# Control characters no published edition has (tabs and form feeds aside): binary data.
_BINARY = lazyre.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
MAX_RULES_BYTES = 50_000_000  # an edition is under 1 MB


class RulesFormatError(ValueError):
    """The file is not the Comprehensive Rules text."""


@dataclass(frozen=True)
class OfficialRule:
    number: str  # without a trailing period: "702.170", "702.170d", "702", "7"
    text: str
    title: str | None = None
    examples: tuple[str, ...] = ()
    seq: int = 0

    @property
    def parent(self) -> str | None:
        return parent_of(self.number)


@dataclass(frozen=True)
class GlossaryEntry:
    term: str
    text: str


@dataclass(frozen=True)
class ParsedRules:
    effective: str  # ISO date
    rules: tuple[OfficialRule, ...]
    glossary: tuple[GlossaryEntry, ...] = field(default=())


def parent_of(number: str) -> str | None:
    """``702.170d`` -> ``702.170`` -> ``702`` -> ``7`` -> None."""
    if "." in number:
        head, tail = number.split(".", 1)
        return f"{head}.{tail.rstrip('abcdefghijklmnopqrstuvwxyz')}" if tail[-1].isalpha() else head
    return number[0] if len(number) == 3 else None


def decode(raw: bytes) -> list[str]:
    """Bytes to lines: BOM dropped, CRLF/CR to LF, trailing spaces removed.

    Older files were published in Windows-1252; they are read as such when
    they are not valid UTF-8.
    """
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = raw.decode("cp1252")
        except UnicodeDecodeError as err:
            raise RulesFormatError(
                f"neither UTF-8 nor Windows-1252 text (a bad byte at offset {err.start})"
            ) from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if _BINARY.search(text):
        raise RulesFormatError("it holds control characters: binary data, not text")
    return [line.rstrip() for line in text.split("\n")]


def effective_date(lines: list[str]) -> str:
    """The ISO date of "These rules are effective as of August 7, 2026." in the header."""
    for line in lines[:40]:
        found = _EFFECTIVE.search(line)
        if found:
            try:
                return _dt.datetime.strptime(found.group(1), "%B %d, %Y").date().isoformat()
            except ValueError:
                raise RulesFormatError(f"{found.group(1)!r} is not a date") from None
    raise RulesFormatError("no 'effective as of <date>' line in the header")


def parse_rules(raw: bytes) -> ParsedRules:
    """The rules and glossary of a Comprehensive Rules file."""
    lines = decode(raw)
    if not lines or "Comprehensive Rules" not in lines[0]:
        raise RulesFormatError("the first line should name the Comprehensive Rules")
    effective = effective_date(lines)
    marks = [i for i, line in enumerate(lines) if line.strip() in ("Glossary", "Credits")]
    # Contents lists "Glossary" and "Credits"; the body follows the contents' "Credits".
    if len(marks) < 4:
        raise RulesFormatError("can't find the glossary and credits sections")
    body = lines[marks[1] + 1 : marks[2]]
    glossary = lines[marks[2] + 1 : marks[3]]
    return ParsedRules(effective, tuple(_rules(body)), tuple(_glossary(glossary)))


def _rules(body: list[str]) -> list[OfficialRule]:
    out: list[dict] = []
    for line in body:
        if not line.strip():
            continue
        found = _RULE.match(line)
        if found:
            number = found.group(1).rstrip(".")
            text = found.group(2)
            out.append({"number": number, "text": text, "examples": []})
        elif out and line.lstrip().startswith("Example:"):
            out[-1]["examples"].append(line.strip())
        elif out:  # an indented continuation paragraph
            out[-1]["text"] += "\n" + line.strip()
    rules = []
    seen: set[str] = set()
    for seq, r in enumerate(out):
        number, text = r["number"], r["text"]
        if number in seen:
            raise RulesFormatError(f"rule {number} appears twice")
        seen.add(number)
        is_heading = "." not in number or (
            not number[-1].isalpha() and not text.endswith((".", ":", "”")) and len(text) < 80
        )
        rules.append(
            OfficialRule(
                number,
                text,
                title=text if is_heading else None,
                examples=tuple(r["examples"]),
                seq=seq,
            )
        )
    return rules


def _glossary(lines: list[str]) -> list[GlossaryEntry]:
    entries: list[GlossaryEntry] = []
    block: list[str] = []
    for line in [*lines, ""]:
        if line.strip():
            block.append(line.strip())
        elif block:
            if len(block) >= 2:
                entries.append(GlossaryEntry(block[0], "\n".join(block[1:])))
            block = []
    return entries


def read_rules_file(path: Path, limit: int = MAX_RULES_BYTES) -> bytes:
    """A rules file's bytes, read up to ``limit`` (plus one byte, to know it is longer)."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(limit + 1)
    except OSError as err:
        raise RulesFormatError(f"can't read it ({err.strerror or err})") from None
    if len(raw) > limit:
        raise RulesFormatError(f"larger than {limit:,} bytes; an edition is under 1 MB")
    return raw


def import_rules(path: Path, source: str | None = None) -> tuple[ParsedRules, bool]:
    """Parse ``path`` and add it to the local database's editions (atomically); it becomes
    the current rules unless a newer edition is already there. Re-importing an edition
    replaces it. Returns the parsed rules and whether they are now the current ones."""
    parsed = parse_rules(read_rules_file(path))
    if len(parsed.rules) < 500:
        raise RulesFormatError(f"only {len(parsed.rules)} rules found; is this the full text?")
    current = current_edition()
    becomes_current = current is None or parsed.effective >= current
    sha = file_sha256(path)

    def add_edition(con):
        con.execute("DELETE FROM edition_rules WHERE edition = ?", (parsed.effective,))
        con.execute(
            "INSERT OR REPLACE INTO editions VALUES (?, ?, ?, ?, ?)",
            (parsed.effective, source or str(path.resolve()), sha, now_utc(), len(parsed.rules)),
        )
        con.executemany(
            "INSERT INTO edition_rules(edition, number, text, examples) VALUES (?,?,?,?)",
            [
                (parsed.effective, r.number, r.text, json.dumps(list(r.examples)))
                for r in parsed.rules
            ],
        )

    if not becomes_current:  # an older edition: only added beside the current one

        def beside(con) -> list[ImportInfo]:
            add_edition(con)
            return []  # no `meta` row: the current rules' row stays

        rebuild(("editions",), beside, keep=("editions",))
        return parsed, False

    def fill(con):
        add_edition(con)
        con.executemany(
            "INSERT INTO rules(number, parent, seq, title, text, examples) VALUES (?,?,?,?,?,?)",
            [
                (r.number, r.parent, r.seq, r.title, r.text, json.dumps(list(r.examples)))
                for r in parsed.rules
            ],
        )
        con.executemany(
            "INSERT OR REPLACE INTO glossary(key, term, text) VALUES (?,?,?)",
            [(g.term.casefold(), g.term, g.text) for g in parsed.glossary],
        )
        return ImportInfo(
            "rules",
            source or str(path.resolve()),
            sha,
            now_utc(),
            parsed.effective,
            len(parsed.rules),
            {"glossary": len(parsed.glossary), "format": "MagicCompRules.txt"},
        )

    rebuild(("rules", "editions"), fill, keep=("editions",))
    return parsed, True


def current_edition() -> str | None:
    """The effective date of the current rules in the local database, if any."""
    found = current_imports().get("rules")
    return found.edition if found else None
