"""Keywords that decide how a permanent enters (CR 702, 614.1c, 603.6a).

Three kinds, each handled by the ``enters`` question:

- counters it always enters with: fading N (702.32a), vanishing N (702.63a),
  graft N (702.58a) -- the parser gives these keywords an ``enters_with``
  (the table, keywords as data, is :data:`mtgrules.cards.keywords.ENTERS_COUNTERS`);
- enters-the-battlefield triggers: fabricate N (702.123a), backup N
  (702.165a), champion (702.72a) -- listed with its other triggers;
- what it enters with depends on something a case doesn't record (damage dealt
  this turn, a choice made as it enters, cards revealed, colors of mana spent,
  whether it is night): bloodthirst (702.54a), riot (702.136a), unleash
  (702.98a), devour (702.82a), tribute (702.104a), amplify (702.38a), sunburst
  (702.44a), daybound (702.145b) -- the question answers unsupported.
"""

from __future__ import annotations

from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.rules import Unsupported

# keyword -> rule: the keyword is (or includes) a "when this permanent enters" trigger
ENTERS_TRIGGERS = {
    "fabricate": "702.123a",
    "backup": "702.165a",
    "champion": "702.72a",
    "exploit": "702.110a",
    "living weapon": "702.92a",
    "hideaway": "702.75a",
    "soulbond": "702.95a",  # and a trigger as another creature enters
    "job select": "702.182a",
    "for mirrodin!": "702.163a",
    "partner with": "702.124j",  # a player may search for the named partner
}
# keyword -> (rule, what the case would need to say)
ENTERS_UNKNOWN = {
    "bloodthirst": ("702.54a", "whether an opponent was dealt damage this turn"),
    "riot": ("702.136a", "whether its controller chooses the +1/+1 counter or haste"),
    "unleash": ("702.98a", "whether its controller has it enter with a +1/+1 counter"),
    "devour": ("702.82a", "how many creatures are sacrificed as it enters"),
    "tribute": ("702.104a", "whether the chosen opponent adds the +1/+1 counters"),
    "amplify": ("702.38a", "how many cards are revealed as it enters"),
    "sunburst": ("702.44a", "how many colors of mana were spent to cast it"),
    "daybound": ("702.145b", "whether it is day or night (it enters transformed at night)"),
    "offspring": ("702.175a", "whether its offspring cost was paid"),
    "squad": ("702.157a", "how many times its squad cost was paid"),
    "ravenous": ("702.156a", "the value of X it was cast with"),
    "compleated": ("702.150a", "how much of its Phyrexian mana was paid with life"),
    "read ahead": ("702.155a", "which chapter its controller chose"),
}
# Keywords whose haste depends on how the permanent entered or was cast (riot's choice,
# a paid dash cost): summoning-sickness answers for them are unsupported.
MAYBE_HASTE = {"riot": "702.136a", "dash": "702.109a"}


_MULTIWORD = sorted((k for k in (*ENTERS_TRIGGERS, *ENTERS_UNKNOWN) if " " in k), key=len)


def keyword_name(ability: Ability) -> str:
    """``"fabricate 2"`` -> ``"fabricate"``; ``"champion a Faerie"`` -> ``"champion"``;
    ``"living weapon"`` -> ``"living weapon"``."""
    if ability.kind is not AbilityKind.KEYWORD or not ability.keyword:
        return ""
    for name in reversed(_MULTIWORD):
        if ability.keyword == name or ability.keyword.startswith(name + " "):
            return name
    return ability.keyword.split()[0]


def check_enters_known(abilities: tuple[Ability, ...]) -> None:
    """CR 702.54a, 702.136a, 702.98a, 702.82a, 702.104a, 702.38a, 702.44a, 702.145b,
    702.175a, 702.157a, 702.156a, 702.150a, 702.155a: raise Unsupported when how it enters
    depends on what the case doesn't record."""
    for a in abilities:
        name = keyword_name(a)
        if name in ENTERS_UNKNOWN:
            rule, what = ENTERS_UNKNOWN[name]
            raise Unsupported(
                f"it has {a.keyword} (CR {rule}): what it enters with depends on {what}, "
                "which the case doesn't record"
            )


def enters_trigger_keywords(abilities: tuple[Ability, ...]) -> list[Ability]:
    """CR 702.123a, 702.165a, 702.72a, 702.110a, 702.92a, 702.75a, 702.95a, 702.182a,
    702.163a, 702.124j: keywords that trigger when this permanent enters."""
    return [a for a in abilities if keyword_name(a) in ENTERS_TRIGGERS]


def keyword_rules(abilities: list[Ability]) -> tuple[str, ...]:
    """The rules that define the enters-trigger keywords among ``abilities`` (702.110a for
    exploit, ...), for the reason that lists them."""
    return tuple(
        dict.fromkeys(
            ENTERS_TRIGGERS[n] for a in abilities if (n := keyword_name(a)) in ENTERS_TRIGGERS
        )
    )


def check_haste_known(abilities: tuple[Ability, ...]) -> None:
    """CR 702.136a, 702.109a: riot and dash may give haste depending on a choice or on the
    cost paid, which the case doesn't record; without them haste can't be decided."""
    for a in abilities:
        name = keyword_name(a)
        if name in MAYBE_HASTE:
            raise Unsupported(
                f"it has {name} (CR {MAYBE_HASTE[name]}): whether it has haste depends on "
                "how it entered or was cast, which the case doesn't record"
            )
