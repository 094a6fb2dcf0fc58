"""What changed between two editions of the Comprehensive Rules, rule by rule.

Each rule of the old edition is matched to the new one: the same number with
the same text is unchanged; the same text under another number was renumbered
(a subrule inserted before it moves its letter); a rule whose number is gone
but whose text is close to a new rule's in the same section was renumbered and
reworded; the same number with other words changed; the rest were added or
removed. Texts are compared blind to spacing and quote styles
(:func:`mtgrules.crindex.fingerprints.fingerprint`), and a change carries a
word-level diff. The rules' words come from the user's files and are only
shown, never stored.
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from mtgrules.crindex.fingerprints import fingerprint
from mtgrules.crindex.importer import OfficialRule, ParsedRules

RENUMBERED_SIMILARITY = 0.8  # how alike a gone rule and a new one must be to be one rule moved


@dataclass(frozen=True)
class Change:
    """One rule's change: ``added``, ``removed``, ``changed`` or ``renumbered``."""

    kind: str
    number: str  # the number in the new edition (the old one for a removed rule)
    old_number: str | None = None  # where a renumbered rule was
    old: str = ""  # text, with its examples
    new: str = ""

    def words(self) -> list[tuple[str, str]]:
        """The word-level diff: ``("=", words)``, ``("-", words)``, ``("+", words)``."""
        return word_diff(self.old, self.new)

    def marked(self, removed: str = "[-{}-]", added: str = "{{+{}+}}") -> str:
        """Its words with the removed and added runs marked (formats with one ``{}``)."""
        return marked(self.old, self.new, removed, added)

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind, "number": self.number}
        if self.old_number:
            out["old_number"] = self.old_number
        if self.old:
            out["old"] = self.old
        if self.new:
            out["new"] = self.new
        return out


def full_text(rule: OfficialRule) -> str:
    """A rule's text with its examples, as editions are compared."""
    return "\n".join((rule.text, *rule.examples))


def marked(old: str, new: str, removed: str = "[-{}-]", added: str = "{{+{}+}}") -> str:
    """The new text with the words removed from and added to the old one marked."""
    return " ".join(
        words if op == "=" else (removed if op == "-" else added).format(words)
        for op, words in word_diff(old, new)
    )


def word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """Runs of equal, removed and added words between two texts."""
    a, b = old.split(), new.split()
    out: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(("=", " ".join(a[i1:i2])))
            continue
        if i2 > i1:
            out.append(("-", " ".join(a[i1:i2])))
        if j2 > j1:
            out.append(("+", " ".join(b[j1:j2])))
    return out


def under(number: str, prefix: str) -> bool:
    """``605.1a`` is under ``605``, ``605.1`` and ``6``; ``605.10`` is not under ``605.1``."""
    if not number.startswith(prefix) or not prefix:
        return not prefix
    rest = number[len(prefix) :]
    if not rest or len(prefix) == 1:
        return True
    return rest[0] == "." if "." not in prefix else rest[0].isalpha()


def _section(number: str) -> str:
    return number.split(".")[0]


def diff(
    old: ParsedRules, new: ParsedRules, *, prefix: str = "", only: Iterable[str] | None = None
) -> list[Change]:
    """The changes from ``old`` to ``new``, in the new edition's order (removed rules last).

    ``prefix`` keeps rules whose number (old or new) starts with it (``605``,
    ``702.170``); ``only`` keeps those numbers (and their renumberings).
    """
    olds = {r.number: r for r in old.rules}
    news = {r.number: r for r in new.rules}
    old_print = {n: fingerprint(r) for n, r in olds.items()}
    new_print = {n: fingerprint(r) for n, r in news.items()}
    unchanged = {n for n in olds if n in news and old_print[n] == new_print[n]}
    by_print: dict[str, list[str]] = defaultdict(list)
    for n in news:
        if n not in unchanged:
            by_print[new_print[n]].append(n)

    moved: dict[str, str] = {}  # old number -> new number
    for n in olds:
        if n in unchanged:
            continue
        targets = [m for m in by_print.get(old_print[n], []) if m != n and m not in moved.values()]
        if targets:
            moved[n] = targets[0]
    gone = [n for n in olds if n not in news and n not in moved]
    fresh = {n for n in news if n not in olds and n not in moved.values()}
    fresh_by_section: dict[str, list[str]] = defaultdict(list)
    for n in news:
        if n in fresh:
            fresh_by_section[_section(n)].append(n)
    for n in gone:  # reworded and renumbered: the closest new rule of the same section
        best, score = None, RENUMBERED_SIMILARITY
        for m in fresh_by_section[_section(n)]:
            matcher = difflib.SequenceMatcher(
                None, full_text(olds[n]), full_text(news[m]), autojunk=False
            )
            if matcher.quick_ratio() >= score and (ratio := matcher.ratio()) >= score:
                best, score = m, ratio
        if best is not None:
            moved[n] = best
            fresh.discard(best)
            fresh_by_section[_section(n)].remove(best)

    moved_to = {m: n for n, m in moved.items()}
    out: list[Change] = []
    for m, rule in news.items():
        if m in moved_to:
            n = moved_to[m]
            out.append(Change("renumbered", m, n, full_text(olds[n]), full_text(rule)))
        elif m in fresh:
            out.append(Change("added", m, new=full_text(rule)))
        elif m in olds and m not in unchanged and m not in moved:
            out.append(Change("changed", m, old=full_text(olds[m]), new=full_text(rule)))
        elif m in olds and m in moved:  # its old text moved away; this text is new here
            out.append(Change("added", m, new=full_text(rule)))
    out += [
        Change("removed", n, old=full_text(olds[n]))
        for n in olds
        if n not in news and n not in moved
    ]
    keep = set(only) if only is not None else None

    def wanted(c: Change) -> bool:
        numbers = {c.number, c.old_number} - {None}
        if prefix and not any(under(str(x), prefix) for x in numbers):
            return False
        return keep is None or bool(numbers & keep)

    return [c for c in out if wanted(c)]
