"""Replacement effects on counters put on a permanent as it enters (CR 122.6, 614.1c,
614.12, 616.1).

A permanent that enters with counters has them put on it (CR 122.6), so "If one or more
+1/+1 counters would be put on a creature you control, that many plus one ... instead"
(Hardened Scales) and "... twice that many ... instead" (Corpsejack Menace, Doubling
Season for any kind of counter) apply to a creature entering with X +1/+1 counters (X from
the spell it was, CR 107.3m), judged by what it would be on the battlefield (614.12).

mtgrules reads these words only here, for the ``enters`` question; everywhere else the
ability stays unread (and refuses what it could touch). When several apply, the
controller of the entering permanent chooses their order (616.1, 616.1e): the same kind
of change (all "plus one", or all "twice") gives one result in any order and is applied;
"plus one" beside "twice" gives two results, and the answer is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mtgrules import lazyre
from mtgrules.answer import Reason
from mtgrules.cards.vocabulary import Ability
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.characteristics import Characteristics

_CHANGE = lazyre.compile(
    r"^If (?:one or more (?P<kind>\+1/\+1 )?counters would be put|an effect would put one or more"
    r" (?P<kind2>\+1/\+1 )?counters) on an? (?P<what>creature|permanent) you control, "
    r"(?:it puts )?(?P<how>that many plus one|twice that many) (?:\+1/\+1 |of those )?counters"
    r"(?: are put)? on (?:it|that creature|that permanent) instead\.$"
)


@dataclass(frozen=True)
class CounterChange:
    """One replacement effect on counters: on which permanents (``creature`` or
    ``permanent`` its controller controls), which kind (``+1/+1``; ``""`` any), and how."""

    source: GameObject
    ability: Ability
    what: str
    kind: str
    plus: int = 0
    times: int = 1


def read_counter_change(source: GameObject, ability: Ability) -> CounterChange | None:
    """The change an unread ability's words make to counters put on permanents, or None."""
    if not ability.described_only:
        return None
    words = re.sub(r"\s*\([^)]*\)", "", ability.oracle or ability.text).strip()
    found = _CHANGE.match(words)
    if found is None:
        return None
    kind = "+1/+1" if found.group("kind") or found.group("kind2") else ""
    plus = found.group("how") == "that many plus one"
    return CounterChange(
        source, ability, found.group("what"), kind, plus=int(plus), times=1 if plus else 2
    )


def counter_changes(state: GameState) -> list[CounterChange]:
    """Every replacement on counters the abilities on the battlefield make, by their words."""
    out = []
    for source in state.in_zone(Zone.BATTLEFIELD):
        for ability in source.card.abilities:
            change = read_counter_change(source, ability)
            if change is not None:
                out.append(change)
    return out


def replace_counters(
    changes: list[CounterChange],
    controller: str,
    chars: Characteristics,
    counters: dict[str, int],
) -> tuple[dict[str, int], list[Reason]]:
    """The counters it enters with after the replacement effects that apply (see the module)."""
    out = dict(counters)
    reasons: list[Reason] = []
    for kind, n in counters.items():
        if n <= 0:
            continue
        applying = [
            c
            for c in changes
            if c.source.controller == controller
            and (c.kind in ("", kind))
            and (c.what == "permanent" or chars.is_a("Creature"))
        ]
        if not applying:
            continue
        if len({(c.plus, c.times) for c in applying}) > 1:
            names = ", ".join(c.source.label for c in applying)
            raise Unsupported(
                f"the replacement effects of {names} on the {kind} counters it enters with "
                "give different numbers in different orders, and the order is its "
                "controller's choice (CR 616.1, 616.1e); that choice is not modeled"
            )
        for c in applying:
            before = out[kind]
            out[kind] = before * c.times + c.plus
            how = "one more" if c.plus else "twice as many"
            reasons.append(
                Reason(
                    True,
                    f"{c.source.label}'s replacement effect: the {before} {kind} counter"
                    f"{'s' if before != 1 else ''} put on it as it enters become {out[kind]}"
                    f" ({how}); it is judged as the permanent it would be on the battlefield.",
                    ("122.6", "614.1c", "614.12"),
                )
            )
        if len(applying) > 1:
            reasons.append(
                Reason(
                    True,
                    f"{len(applying)} replacement effects apply; {controller} chooses their "
                    "order, and each order gives the same number here.",
                    ("616.1", "616.1e"),
                )
            )
    return out, reasons
