"""Keywords that change how a spell is cast or paid for (CR 702, 601.2b, 601.2f-h).

- affinity for [quality] (702.41a-b): the spell costs {1} less for each such
  permanent its caster controls -- a cost reduction applied to the total cost's
  generic part (601.2f);
- convoke (702.51a-b), improvise (702.126a-b), delve (702.66a-b), assist
  (702.132a): other ways to pay, applied after the total cost is determined;
  they don't change the total, and paying with them is not modeled, so a
  ``pay: true`` answer for such a spell stands only when mana alone pays;
- flashback (702.34a): permission to cast it from its owner's graveyard by
  paying the flashback cost instead of its mana cost (an alternative cost);
- dash (702.109a): an alternative cost from the hand, like evoke;
- madness, foretell, rebound, suspend (702.35a, 702.143a, 702.88a, 702.62a):
  permissions to cast the card from exile that the case can't show, so casting
  such a card from exile is unsupported; retrace, jump-start, escape
  (702.81a, 702.133a, 702.138a) the same from a graveyard.
"""

from __future__ import annotations

from mtgrules import lazyre
from mtgrules.answer import Reason
from mtgrules.cards.keywords import counted
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.characteristics import Characteristics, characteristics
from mtgrules.rules.layers.statics_in_force import counted_kinds_read

PAY_HELPERS = {
    "convoke": (("702.51a", "702.51b"), "untapped creatures its caster controls may be tapped"),
    "improvise": (("702.126a", "702.126b"), "untapped artifacts its caster controls may be tapped"),
    "delve": (("702.66a", "702.66b"), "cards in its caster's graveyard may be exiled"),
    "assist": (("702.132a",), "another player may pay generic mana"),
}
# keyword -> (zone it may be cast from by a permission the case can't show, rule)
UNTRACKED_PERMISSIONS = {
    "madness": (Zone.EXILE, "702.35a"),
    "foretell": (Zone.EXILE, "702.143a"),
    "rebound": (Zone.EXILE, "702.88a"),
    "suspend": (Zone.EXILE, "702.62a"),
    "retrace": (Zone.GRAVEYARD, "702.81a"),
    "jump-start": (Zone.GRAVEYARD, "702.133a"),
    "escape": (Zone.GRAVEYARD, "702.138a"),
    "mayhem": (Zone.GRAVEYARD, "702.187a"),  # if it was discarded this turn
    "warp": (Zone.EXILE, "702.185a"),  # after a warped permanent was exiled
    "disturb": (Zone.GRAVEYARD, "702.146a"),  # transformed, for its disturb cost
}
FLASHBACK_RULES = ("702.34a",)
# "affinity for artifacts" / "affinity for plains" (keywords are read in lower case): what it
# counts is a card type or one creature, land or artifact subtype ("outlaws", "tokens",
# "historic permanents" are not, and are not read).
AFFINITY = lazyre.compile(r"^affinity for (?P<what>[a-z]+)$")


def _name(ability: Ability) -> str:
    return (ability.keyword or "").split()[0] if ability.kind is AbilityKind.KEYWORD else ""


def affinity_reductions(
    state: GameState, chars: Characteristics, player: str
) -> list[tuple[int, Reason]]:
    """CR 702.41a-b, 601.2f: each instance of affinity reduces the generic part of the total
    cost by {1} for each matching permanent ``player`` controls (a changeling has every
    creature type, 702.73a)."""
    out = []
    for a in chars.abilities:
        found = AFFINITY.match(a.keyword or "") if _name(a) == "affinity" else None
        if found is None:
            continue
        what = counted(found.group("what"))
        if what is None:
            raise Unsupported(f"{a.keyword} is not modeled")
        kind, value = what
        counted_kinds_read(state, a.keyword or "affinity")  # CR 613.1d: what it counts
        n = 0
        for o in state.in_zone(Zone.BATTLEFIELD, player):
            c = characteristics(state, o, through="4")
            n += c.is_a(value) if kind == "type" else c.has_subtype(value)  # 702.73a
        out.append(
            (
                n,
                Reason(
                    None,
                    f"It has {a.keyword}: {player} controls {n} such permanent"
                    f"{'s' if n != 1 else ''}, so it costs {{{n}}} less (the reduction applies "
                    "only to generic mana in the total cost).",
                    ("702.41a", "702.41b", "601.2f"),
                ),
            )
        )
    return out


def reduce_generic(total: tuple[str, ...], by: int, what: str = "") -> tuple[str, ...]:
    """CR 601.2f: a cost reduction of {N} takes off generic mana only, never below zero.

    A monocolored hybrid symbol ({2/W}) may be announced as its generic half (601.2b), and
    then a reduction takes generic mana off it too (118.7a): when the reduction is more
    than the plain generic part, which announcement to weigh is the caster's choice, which
    mtgrules doesn't make, so that is refused (``what`` names the reduction)."""
    generic = sum(int(s) for s in total if s.isdigit())
    rest = tuple(s for s in total if not s.isdigit())
    if by > generic and any(s.split("/")[0].isdigit() for s in rest if "/" in s):
        hybrid = "".join(f"{{{s}}}" for s in rest if "/" in s and s.split("/")[0].isdigit())
        raise Unsupported(
            f"{what or 'a cost reduction'} takes off more generic mana than the plain generic "
            f"part of the cost has, and the cost has {hybrid}: announced as generic mana "
            "(CR 601.2b), a monocolored hybrid symbol is reduced too (118.7a); which way to "
            "announce it is the caster's choice, which mtgrules doesn't weigh"
        )
    left = max(0, generic - by)
    return ((str(left),) if left else ()) + rest


def pay_helper_notes(chars: Characteristics, pay: bool) -> list[Reason]:
    """CR 702.51a-b, 702.126a-b, 702.66a-b, 702.132a: note the keyword. They only add ways
    to pay, so with ``pay`` a payment with mana alone still answers (see
    :func:`require_mana_alone`)."""
    out = []
    for a in chars.abilities:
        name = _name(a)
        if name not in PAY_HELPERS:
            continue
        rules, how = PAY_HELPERS[name]
        out.append(
            Reason(
                None,
                f"It has {name}: once the total cost is determined, {how} to pay part of it; "
                "that doesn't change the total cost"
                + (
                    ", and mtgrules pays with mana alone (enough to say it can be paid)."
                    if pay
                    else "."
                ),
                rules,
            )
        )
    return out


def require_mana_alone(chars: Characteristics, payment: list[Reason]) -> None:
    """CR 702.51a, 702.126a, 702.66a, 702.132a: a payment with mana alone that works answers;
    one that fails is refused when such a keyword could pay the rest, as mtgrules doesn't
    pay that way."""
    if not any(r.holds is False for r in payment):
        return
    for a in chars.abilities:
        name = _name(a)
        if name in PAY_HELPERS:
            raise Unsupported(
                f"it has {name} (CR {PAY_HELPERS[name][0][0]}): its mana alone can't pay the "
                "cost, and paying part of it that way is not modeled"
            )


def check_untracked_permission(obj: GameObject, chars: Characteristics) -> None:
    """CR 702.35a, 702.143a, 702.88a, 702.62a, 702.81a, 702.133a, 702.138a: a card that may be
    cast from this zone by its own keyword under conditions the case can't show."""
    for a in chars.abilities:
        name = _name(a)
        if name in UNTRACKED_PERMISSIONS and UNTRACKED_PERMISSIONS[name][0] is obj.zone:
            raise Unsupported(
                f"it has {name} (CR {UNTRACKED_PERMISSIONS[name][1]}), which may let it be cast "
                f"from the {obj.zone.value}; the case can't show whether it applies"
            )


def flashback_ability(chars: Characteristics) -> Ability | None:
    return next((a for a in chars.abilities if _name(a) == "flashback"), None)


def flashback_permission(obj: GameObject, chars: Characteristics, player: str) -> list[Reason]:
    """CR 702.34a: its owner may cast it from their graveyard, if the spell is an instant or
    sorcery, paying the flashback cost rather than its mana cost."""
    ability = flashback_ability(chars)
    if ability is None:
        return [Reason(False, "It doesn't have flashback.", FLASHBACK_RULES)]
    cost = Ability(
        AbilityKind.KEYWORD, keyword="x", keyword_cost=ability.keyword_cost, cost=ability.cost
    )
    shown = cost.render().removeprefix("X").lstrip(" —")
    reasons = [Reason(True, f"It has flashback ({shown}).", FLASHBACK_RULES)]
    if obj.zone is not Zone.GRAVEYARD:
        where = f"{obj.owner}'s hand" if obj.zone is Zone.HAND else f"the {obj.zone.value}"
        reasons.append(
            Reason(
                False,
                f"It is in {where}; flashback lets it be cast only from a graveyard.",
                FLASHBACK_RULES,
            )
        )
    elif obj.owner != player:
        reasons.append(
            Reason(
                False,
                f"It is in {obj.owner}'s graveyard; flashback lets only that player cast it "
                f"from there, not {player}.",
                FLASHBACK_RULES,
            )
        )
    else:
        reasons.append(Reason(True, f"It is in {player}'s graveyard.", FLASHBACK_RULES))
    if not (chars.is_a("Instant") or chars.is_a("Sorcery")):
        reasons.append(
            Reason(
                False,
                "It wouldn't be an instant or sorcery spell, and flashback only allows those.",
                FLASHBACK_RULES,
            )
        )
    reasons.append(
        Reason(
            None,
            "Cast with flashback, it is exiled instead of going anywhere else when it leaves "
            "the stack.",
            FLASHBACK_RULES,
        )
    )
    return reasons
