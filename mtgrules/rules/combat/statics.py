"""The read static abilities that restrict or require attacking or blocking (CR 508.1c-d,
509.1b-c, 701.15b).

- "This creature can't block." (``unasked_rule: cant_block``) and decayed (702.147a): a
  restriction on its block;
- an Aura's "Enchanted creature can't attack or block, and its activated abilities can't be
  activated." (a :class:`~mtgrules.cards.static_permissions.Restriction` with ``also``): a restriction
  on the attack or block of the creature it enchants;
- "This creature attacks each combat if able.", a grant's "... and attack each combat if
  able", and goad (701.15b): requirements, which never stop a creature from attacking
  (508.1d: they are obeyed as far as the restrictions allow), so they are notes.

"This creature can't be blocked." is the attacker's evasion (:mod:`.evasion`).
"""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules.layers.characteristics import Characteristics, characteristics
from mtgrules.rules.layers.statics_in_force import in_force, in_group

# The UNASKED_RULES the combat questions read (the others concern no question of theirs);
# "cant_be_blocked" is the attacker's evasion (.evasion)
READ_UNASKED = frozenset({"cant_block", "cant_be_blocked", "attacks_each_combat"})


def _own_rule(chars: Characteristics, key: str) -> bool:
    return any(a.unasked_rule == key for a in chars.abilities)


def _attached_restrictions(state: GameState, obj: GameObject, what: str) -> list[Reason]:
    """An Aura's or Equipment's "[enchanted creature] can't attack or block" (CR 508.1c, 509.1b)."""
    found = []
    for source, ability in in_force(state, "restriction", characteristics):
        r = ability.restriction
        assert r is not None
        if not r.attached or what not in r.also.split() or source.attached_to != obj.oid:
            continue
        verb = "attack" if what == "attack" else "block"
        found.append(
            Reason(
                False,
                f"{source.label} is attached to {obj.label}, and its {r.attached} can't"
                f" {r.also}: {obj.label} can't {verb}.",
                ("508.1c",) if what == "attack" else ("509.1b",),
            )
        )
    return found


def attack_statics(state: GameState, obj: GameObject, chars: Characteristics) -> list[Reason]:
    """Restrictions on its attack as failed checks; requirements as notes (CR 508.1c-d)."""
    reasons = _attached_restrictions(state, obj, "attack")
    if _own_rule(chars, "attacks_each_combat"):
        reasons.append(
            Reason(
                None,
                "It attacks each combat if able: a requirement, which never stops it from"
                " attacking.",
                ("508.1d",),
            )
        )
    for source, ability in in_force(state, "grant", characteristics):
        grant = ability.grant
        assert grant is not None
        if grant.requires and in_group(state, grant.group, source, obj, chars):
            reasons.append(
                Reason(
                    None,
                    f"{source.label}'s static ability may require it to attack each combat if"
                    " able: a requirement, which never stops it from attacking.",
                    ("508.1d",),
                )
            )
    for source in state.in_zone(Zone.BATTLEFIELD):
        if source.oid == obj.oid:
            continue
        theirs = characteristics(state, source, through="6")
        if theirs.name == chars.name and any(a.goads for a in theirs.abilities):
            reasons.append(
                Reason(
                    None,
                    f"{source.label} goads it (it has the same name): it must attack if able,"
                    f" a player other than {source.controller} if able; a requirement, which"
                    " never stops it from attacking.",
                    ("701.15b", "508.1d"),
                )
            )
    return reasons


def block_statics(state: GameState, obj: GameObject, chars: Characteristics) -> list[Reason]:
    """Restrictions on its block (CR 509.1b, 702.147a), each a failed check."""
    reasons = _attached_restrictions(state, obj, "block")
    if _own_rule(chars, "cant_block"):
        reasons.append(Reason(False, f"{obj.label} has “This creature can't block.”", ("509.1b",)))
    if chars.has_keyword("decayed"):
        reasons.append(
            Reason(False, f"{obj.label} has decayed, so it can't block.", ("702.147a", "509.1b"))
        )
    return reasons
