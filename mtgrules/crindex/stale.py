"""Cases written for an earlier edition of the rules: which of their expected rules changed.

A case may say which edition of the Comprehensive Rules it was written for
(``cr: 2026-06-19``). When that isn't the edition the engine follows
(:data:`mtgrules.crindex.EDITION`), each rule the case expects is compared as the two
editions word it: by the imported text of both when both are imported, else by the
fingerprint of the engine's edition (:mod:`mtgrules.crindex.fingerprints`). A rule that
changed is a warning on the case, with the words that changed when both texts are
there, so a judge re-reads exactly the cases a new edition touched (CR 100.1: the rules
change with each release). Warnings don't change a case's status or the exit code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgrules.crindex import EDITION

if TYPE_CHECKING:
    from mtgrules.crindex.importer import OfficialRule

MAX_SHOWN = 400  # characters of a changed rule's marked words in a warning


def _marked(old: OfficialRule, new: OfficialRule) -> str:
    # lazy: difflib is needed only when a case's expected rule changed
    from mtgrules.crindex.diff import full_text, marked

    text = marked(full_text(old), full_text(new))
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 1] + "…"


def stale_warnings(written_for: str | None, expected: tuple[str, ...]) -> tuple[str, ...]:
    """One warning per expected rule that the engine's edition words differently from the
    edition ``written_for``, or one saying that edition isn't imported."""
    if written_for is None or written_for == EDITION or not expected:
        return ()
    # lazy: only a case written for another edition needs the fingerprints and the
    # official text's reader; every `check` imports this module
    from mtgrules.crindex.fingerprints import fingerprint, recorded
    from mtgrules.crindex.importer import OfficialRule
    from mtgrules.crindex.official import rule_in

    out: list[str] = []
    known = recorded()
    for number in dict.fromkeys(expected):
        then = rule_in(written_for, number)
        if then is False:
            return (
                f"written for the CR effective {written_for}, which is not imported: whether its"
                f" expected rules changed by {EDITION} can't be told"
                f" (`mtgrules rules import` that edition)",
            )
        now = rule_in(EDITION, number)
        if then is None:
            out.append(f"expects {number}, which the CR effective {written_for} doesn't have")
            continue
        if isinstance(now, OfficialRule):
            changed = fingerprint(now) != fingerprint(then)
        elif number in known:
            changed = known[number] != fingerprint(then)
        else:
            continue  # not a rule the engine cites, and its current text isn't imported
        if not changed:
            continue
        how = f": {_marked(then, now)}" if isinstance(now, OfficialRule) else ""
        out.append(
            f"expects {number}, which changed between the CR effective {written_for}"
            f" (the case's `cr`) and {EDITION}{how}"
        )
    return tuple(out)
