"""Reflexive triggers with targets of their own (docs/effects.md, "Conditions"): "You may
sacrifice a creature. When you do, destroy target creature." (CR 603.12).

The words from "When you do," to the end of the paragraph are the effect of a reflexive
triggered ability that the resolving effect creates. It follows the rules of delayed
triggers (603.12, 603.7): it is put on the stack the next time a player would receive
priority, and its targets are chosen then (603.3d), not as the first spell or ability was
cast or activated (601.2c, 602.2b). So:

- :func:`split_reflexive` cuts such a text in two; the target reader
  (:mod:`mtgrules.cards.oracle.targets`) reads the targets of the first part only: the spell
  or ability that is cast or activated has none of the reflexive trigger's targets;
- :func:`reflexive_script` reads the reflexive trigger's words as an effect of their own,
  whose targets are indexed from 0 within it (like a mode of a modal effect, 700.2), into
  the :class:`~mtgrules.cards.effects_conditions.WhenYouDo` that the "you may" before it
  makes (603.12a), or that follows an instruction the player must follow and may not be
  able to ("Sacrifice it. When you do, ...": it triggers only if they did, 603.12).

The reflexive trigger's words are read without what the first part named: a word that
refers back to it ("that creature's power", "the sacrificed creature", "exiled this way",
an X) leaves them unread rather than bound to something else.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import fields, is_dataclass

from mtgrules import lazyre
from mtgrules.cards.effect_subjects import THIS_WAY, Amount, Subject
from mtgrules.cards.effects import May, Script
from mtgrules.cards.effects_conditions import WhenYouDo
from mtgrules.cards.effects_instead import paid_on_resolution
from mtgrules.cards.effects_named import X_IN_WORDS, PayManaX, with_x_paid

# "When you do, ..." opening a sentence of the paragraph's first line (a modal effect's
# modes come after it on lines of their own)
_WHEN_YOU_DO = lazyre.compile(r"(?:^|(?<=\.)\s+)When you do, (?=\S)")
_TARGET_WORD = lazyre.compile(r"\btargets?\b", re.IGNORECASE)
_QUOTE = lazyre.compile(r"[\"“”]")
# kinds of subjects that refer to what the words before named, or to a trigger event or a
# cost (oracle/effects.py, effect_subjects.Subject): in the reflexive trigger's own words
# they would be bound to something else than what the card means
_OUTSIDE_KINDS = frozenset({"that", "that_controller", "sacrificed", "damaged_this_way"})
# counts of what was done before or carried by an event (effect_subjects.Amount)
_BACK_COUNTS = frozenset({*THIS_WAY, "this_way", "event", "damage_prevented"})


# words that may name what the first part did or named ("that creature's power", "the
# sacrificed creature"): the reader binds them to the object named last in the words it
# reads, which in the reflexive trigger's own words can only be one of its targets
_BACK_WORDS = lazyre.compile(
    r"\b(?:that|those|the (?:sacrificed|exiled|discarded|revealed|milled|chosen|tapped))"
    r" (?:creature|card|permanent|artifact|land|player|spell|token|enchantment|planeswalker)s?\b"
    r"|\bthis way\b|\bthat much\b",
    re.IGNORECASE,
)


def split_reflexive(text: str) -> tuple[str, str] | None:
    """``text`` cut where a reflexive trigger with a target of its own begins (CR 603.12):
    the words before "When you do," and the reflexive trigger's words after it, with their
    first letter capitalized; None when there is no such trigger (or it names no target
    and has no modes: those are read in one piece, oracle/effects_conditions.py)."""
    first_line = text.split("\n", 1)[0]
    found = _WHEN_YOU_DO.search(first_line)
    if found is None or found.start() == 0 or len(_QUOTE.findall(text[: found.start()])) % 2:
        return None
    before, after = text[: found.start()].strip(), text[found.end() :]
    if not _TARGET_WORD.search(_unquoted(after)) and "\n" not in after:
        return None  # a modal trigger ("When you do, choose one —" and modes) is cut off too
    return before, after[:1].upper() + after[1:]


def _unquoted(text: str) -> str:
    return re.sub(r"\"[^\"]*\"|“[^”]*”", '""', text)


def reflexive_script(text: str, kind: str, read: Callable[[str, str], Script]) -> Script | None:
    """The effect of ``text`` with a reflexive trigger (CR 603.12), read by ``read(words,
    kind)`` part by part; None when ``text`` has no reflexive trigger with targets of its
    own. The first part is read as the effect it is (an effect of ``kind``); the reflexive trigger's words as an
    effect of their own (its targets counted from 0), joined to the "you may" the first part
    ends with, so that it triggers only if the optional action is taken (603.12a), or after
    the instruction it ends with when that is one an "If you do" could check (118.12: a
    sacrifice, a payment, an exile, ...). Where the first part ends otherwise, or the
    trigger's words aren't read whole, or refer back to the first part, the trigger's words
    are left unread."""
    split = split_reflexive(text)
    if split is None:
        return None
    before, after = split
    outer = read(before, kind)
    inner = read(after, "reflexive")
    if _after_paying_x(outer):  # "You may pay {X}. When you do, ...": the X paid (107.3f)
        paid = with_x_paid(inner.steps) if not X_IN_WORDS.search(after) else None
        inner = Script(paid, unread=inner.unread) if paid is not None else Script(unread=after)
    back = _BACK_WORDS.search(after) is not None and not _only_targets(inner)
    last = outer.steps[-1] if outer.steps else None
    may = isinstance(last, May) and not any(isinstance(s, WhenYouDo) for s in last.then.steps)
    # after an instruction the player must follow, one an "If you do" checks as done or not
    # (a sacrifice, a payment, an exile, ...: 118.12), it triggers if the player did it
    done = last is not None and not isinstance(last, May) and paid_on_resolution(last)
    if outer.unread or not inner.complete or _refers_back(inner) or back or not (may or done):
        words = text[len(before) :].strip()  # the trigger's, as the card says them
        unread = " ".join(w for w in (outer.unread, words) if w)
        return Script(outer.steps, unread=unread, trigger_limit=outer.trigger_limit)
    if done:
        return Script((*outer.steps, WhenYouDo(inner)), trigger_limit=outer.trigger_limit)
    joined = May(Script((*last.then.steps, WhenYouDo(inner))))
    return Script((*outer.steps[:-1], joined), trigger_limit=outer.trigger_limit)


def _after_paying_x(outer: Script) -> bool:
    """Whether the words before "When you do," end with "you may pay {X}" (read as the X
    paid, cards/effects_named.paid_x)."""
    last = outer.steps[-1] if outer.steps else None
    return isinstance(last, May) and any(isinstance(s, PayManaX) for s in last.then.steps)


def _only_targets(value: object) -> bool:
    """Whether every object a reading acts on or counts from is one of its targets (or a
    player: you, a target's controller)."""
    if isinstance(value, Subject):
        return value.kind in ("target", "you", "its_controller")
    if isinstance(value, tuple | list):
        return all(_only_targets(v) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return all(_only_targets(getattr(value, f.name)) for f in fields(value))
    return True


def _refers_back(value: object) -> bool:
    """Whether a reading refers to something its own words didn't name: a subject of
    :data:`_OUTSIDE_KINDS`, an amount counted from what was done before ("this way", a
    trigger event's amount) or an X (announced for the first ability, or defined by it)."""
    if isinstance(value, Subject) and value.kind in _OUTSIDE_KINDS:
        return True
    if isinstance(value, Amount) and (value.x or value.count in _BACK_COUNTS):
        return True
    if isinstance(value, tuple | list):
        return any(_refers_back(v) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return any(_refers_back(getattr(value, f.name)) for f in fields(value))
    return False
