"""Diagnostics: every problem in a case file, with a stable code and a position.

Printed as ``file:line:col: CODE message``. The codes are a contract (scripts
and editors match on them); ``CODES`` lists each with a one-line meaning and
``docs/diagnostics.md`` documents them (a test keeps the two in step).
"""

from __future__ import annotations

from dataclasses import dataclass

CODES: dict[str, str] = {
    # load: reading the file as YAML
    "Y001": "the file is not valid YAML",
    "Y002": "a mapping has the same key twice",
    "Y003": "a YAML tag that would construct an object, or one mtgrules does not know",
    "Y004": "the file is larger than the size limit",
    "Y005": "the YAML is nested deeper than the depth limit",
    "Y006": "the YAML expands to more nodes than the node limit (alias bomb)",
    "Y007": "more than one YAML document in the file",
    "Y008": "the file is empty",
    "Y009": "the file is not UTF-8 text",
    "Y010": "the top level is not a mapping",
    "Y011": "the file could not be read",
    "Y012": "a YAML merge key (<<), which case files do not use",
    "Y013": "a number too large for a case file",
    # validate: the JSON Schema
    "S001": "a key the case format does not have",
    "S002": "a value of the wrong type",
    "S003": "a required key is missing",
    "S004": "a value that is not allowed here (out of range, not one of the choices, bad form)",
    "S005": "a value that matches none of the allowed forms",
    # validate: semantic checks the schema can't express
    "C001": "an unknown card name",
    "C002": "a reference to an id or card name that nothing in the case has",
    "C003": "a card name that several objects have, used as a reference",
    "C004": "the same id given to two objects",
    "C005": "an unknown player name",
    "C006": "the same player listed twice",
    "C007": "a question needs exactly one question key",
    "C008": "the ability named by the question (or listed in `activated_this_turn`) does not exist on that card",
    "C009": "a field that only makes sense in another zone (plotted card not in exile, ...)",
    "C010": "the turn structure is impossible (step not in that phase, priority in a step without it)",
    "C011": "a turn number in the future or before the game began",
    "C012": "an inline card definition that does not follow the card vocabulary",
    "C013": "an expectation that can't be compared with this question's answer",
    "C014": "a token in a zone other than the battlefield, where it would have ceased to exist",
    "C015": "an impossible attachment: to itself, or to something that isn't on the battlefield",
    "C016": "a player's most recent turn contradicts whose turn it is",
    "C017": "a fact the object's card can't have (`prototyped` for a card without prototype, `copy_of.via: own` for a card without a copy ability)",
    "C018": "two cases of one run with the same id (the later one names the first)",
    "C019": "a target in `targets` that names neither a player nor an object in the case",
    "C020": "a card named by its back face (or flipped half) in a zone where only its front face counts",
    "C021": "a planeswalker on the battlefield with no loyalty counters while a player has priority",
    "C022": "a card in another player's hand, library or graveyard than its owner's",
    # play: a case's actions can't be played out as written (format version 2)
    "P001": "an action names an object, player, ability or step that isn't there at that point of the play-out",
    "P002": "the game needs a choice the case doesn't make (the message lists the legal options)",
    "P003": "a `choose:` the game didn't ask for, or an option it doesn't offer",
    # ask: the engine itself failed on a valid case
    "E001": "mtgrules failed while reading or answering a case: a bug in mtgrules, not in the case",
    "E002": "a case took longer than its time budget (`check --timeout`) and was stopped",
}


@dataclass(frozen=True)
class Diagnostic:
    """One problem in one file."""

    file: str
    code: str
    message: str
    line: int = 0
    col: int = 0
    path: str = "$"  # JSON path of the value, e.g. $.players[0].battlefield[1]

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.code} {self.message}"

    def to_json(self) -> dict[str, object]:
        return {
            "file": self.file,
            "line": self.line,
            "col": self.col,
            "code": self.code,
            "message": self.message,
            "path": self.path,
        }


def json_path(parts: tuple[str | int, ...]) -> str:
    """``("players", 0, "name")`` -> ``$.players[0].name``."""
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


class CaseError(Exception):
    """Raised with every diagnostic of a file when it can't be used, in file order (by line
    and column, as an editor lists them)."""

    def __init__(self, diagnostics: list[Diagnostic]):
        ordered = sorted(diagnostics, key=lambda d: (d.line, d.col))
        super().__init__("\n".join(str(d) for d in ordered))
        self.diagnostics = ordered
