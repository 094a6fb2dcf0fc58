"""More of the effect vocabulary (docs/effects.md): keyword actions, attack and
block restrictions for a turn, damage prevention, extra turns, library searches and "can't
be regenerated".

Each is a :class:`~mtgrules.cards.effects.Instruction` naming the rules it carries out, as
the first round's are. Of these the play-out carries out only proliferate and investigate
(``rules/effects/keyword_actions.py``, ``resolution.py``); resolving any other is refused,
naming it (:func:`~mtgrules.rules.effects.resolution.carry_out` raises ``Unsupported`` for
an instruction it has no handler for, and the keyword actions' handler for the other
actions), so reading them widens what the engine can show and count, not what it answers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from mtgrules.cards.effects import YOU, Amount, Instruction, Subject
from mtgrules.cards.wording import acts

# the rule that defines each keyword action the reader knows (CR 701), and the monarch
# and initiative designations (725.1, 726.1), which an effect gives a player
KEYWORD_ACTION_RULES = {
    "investigate": "701.16a",
    "proliferate": "701.34a",
    "populate": "701.36a",
    "learn": "701.48a",
    "venture into the dungeon": "701.49a",
    "manifest dread": "701.62a",
    "time travel": "701.56a",
    "the ring tempts you": "701.54a",
    "become the monarch": "725.1",
    "take the initiative": "726.1",
    "manifest the top card of your library": "701.40a",
    "monstrosity": "701.37a",
    "adapt": "701.46a",
    "bolster": "701.39a",
    "discover": "701.57a",
    "incubate": "701.53a",
    "amass": "701.47a",
    "transform": "701.27a",
    "goad": "701.15a",
    "explore": "701.44a",
    "connive": "701.50a",
    "phase out": "702.26b",
    # round 5 (oracle/effects_kwactions.py)
    "clash with an opponent": "701.30b",
    "suspect": "701.60a",
    "detain": "701.35a",
    "convert": "701.28a",
    "open an attraction": "701.51b",
    "roll to visit your attractions": "701.52a",
    "blight": "701.68a",
    "endure": "701.63a",
    "collect evidence": "701.59a",
    "forage": "701.61a",
    "cloak the top card of your library": "701.58a",
    "earthbend": "701.66a",
    "support": "701.41a",
    "airbend": "701.65a",
    "abandon": "701.33b",
    "planeswalk": "701.31b",
}


@dataclass(frozen=True)
class KeywordAction(Instruction):
    """A keyword action (CR 701.1): ``name`` as :data:`KEYWORD_ACTION_RULES` spells it,
    done by ``who`` (a player) or ``what`` (a permanent that explores, connives, phases
    out, or is transformed or goaded), with its number ``amount`` ("Adapt 2") and, for
    amass, the army's ``subtype``."""

    name: str
    who: Subject = YOU
    what: Subject | None = None
    amount: Amount | None = None
    subtype: str = ""
    RULES: ClassVar[tuple[str, ...]] = ("701.1",)
    FAMILY: ClassVar[str] = "keyword_action"

    @property
    def rules(self) -> tuple[str, ...]:
        return (KEYWORD_ACTION_RULES[self.name],)

    def render(self) -> str:
        words = self.name
        if self.subtype:
            words += f" {self.subtype}"
        if self.amount is not None:
            words += f" {self.amount.render()}"
        if self.what is not None:
            return f"{self.what.render()}: {words}"
        return f"{self.who.render()}: {words}"


@dataclass(frozen=True)
class RepeatAction(Instruction):
    """A keyword action done ``times`` times, a number the words define ("investigate X
    times, where X is ...", "that many times"): the action, then again, as many times as
    ``times`` is as the instruction resolves (CR 608.2c, 608.2h; investigate, 701.16a)."""

    action: KeywordAction
    times: Amount
    RULES: ClassVar[tuple[str, ...]] = ("608.2c", "608.2h")
    FAMILY: ClassVar[str] = "keyword_action"

    @property
    def rules(self) -> tuple[str, ...]:
        return (*self.action.rules, *self.RULES)

    def render(self) -> str:
        return f"{self.action.render()}, {self.times.render()} times"


# what a restriction or requirement says a creature does or can't do this turn (CR 508.1c-d,
# 509.1b-c)
RESTRICTION_WORDS = {
    "cant_block": "can't block",
    "cant_be_blocked": "can't be blocked",
    "cant_attack": "can't attack",
    "cant_attack_or_block": "can't attack or block",
    "attacks_if_able": "attacks if able",
    "blocks_if_able": "blocks if able",
}


@dataclass(frozen=True)
class Restriction(Instruction):
    """``what`` gets an attacking or blocking restriction or requirement (``rule``, one of
    :data:`RESTRICTION_WORDS`) for the rest of the turn (CR 611.2a; checked as attackers
    and blockers are declared, 508.1c-d, 509.1b-c); ``other``: only as to blocking that
    creature ("can't block this creature", "blocks this creature if able")."""

    what: Subject
    rule: str
    other: Subject | None = None
    RULES: ClassVar[tuple[str, ...]] = ("611.2a", "508.1c", "508.1d", "509.1b", "509.1c")
    FAMILY: ClassVar[str] = "restriction"

    def render(self) -> str:
        words = RESTRICTION_WORDS[self.rule]
        if self.other is not None:  # "can't block X" / "blocks X if able"
            verb = "blocks" if self.rule == "blocks_if_able" else "can't block"
            able = " if able" if self.rule == "blocks_if_able" else ""
            words = f"{verb} {self.other.render()}{able}"
        return f"{self.what.render()} {words} this turn"


@dataclass(frozen=True)
class NoUntap(Instruction):
    """``what`` doesn't untap during its controller's next untap step (``whose``:
    ``controller``) or the ability's controller's (``you``) (CR 502.3: effects can keep
    permanents from untapping; 611.2a). For as long as something lasts, it is
    :class:`~mtgrules.cards.effects_continuous.NoUntapWhile`."""

    what: Subject
    whose: str = "controller"
    RULES: ClassVar[tuple[str, ...]] = ("502.3", "611.2a")
    FAMILY: ClassVar[str] = "restriction"

    def render(self) -> str:
        step = "your" if self.whose == "you" else "its controller's"
        return f"{self.what.render()} doesn't untap during {step} next untap step"


@dataclass(frozen=True)
class ExileIfDies(Instruction):
    """A replacement effect for this turn (CR 614.1a, 614.6): if ``what`` would die, it is
    exiled instead."""

    what: Subject
    RULES: ClassVar[tuple[str, ...]] = ("614.1a", "614.6")
    FAMILY: ClassVar[str] = "replacement"

    def render(self) -> str:
        return f"if {self.what.render()} would die this turn, exile it instead"


@dataclass(frozen=True)
class PreventDamage(Instruction):
    """A prevention shield for this turn (CR 615.1a): the next ``amount`` damage (all of
    it when ``amount`` is None, 615.7 for a number) that would be dealt to ``to`` (anything
    when None) by ``by`` (any source when None); ``combat``: only combat damage."""

    amount: Amount | None = None
    to: Subject | None = None
    by: Subject | None = None
    combat: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("615.1a", "615.7")
    FAMILY: ClassVar[str] = "prevent"

    def render(self) -> str:
        how = f"the next {self.amount.render()}" if self.amount is not None else "all"
        kind = " combat" if self.combat else ""
        to = f" to {self.to.render()}" if self.to is not None else ""
        by = f" by {self.by.render()}" if self.by is not None else ""
        return f"prevent {how}{kind} damage that would be dealt{to}{by} this turn"


@dataclass(frozen=True)
class ExtraTurn(Instruction):
    """``who`` takes an extra turn after this one (CR 500.7)."""

    who: Subject = YOU
    RULES: ClassVar[tuple[str, ...]] = ("500.7",)
    FAMILY: ClassVar[str] = "extra_turn"

    def render(self) -> str:
        return acts(self.who, "takes an extra turn after this one")


@dataclass(frozen=True)
class CardFilter:
    """What a card looked for in a hidden zone must be (read by
    :func:`mtgrules.cards.oracle.card_filters.read_card_filter`): all of ``types`` (any
    card when empty; CR 205.2a) and one of ``any_types`` when given ("an instant or sorcery
    card"), none of ``not_types`` ("noncreature"), one of ``subtypes`` when given (205.3),
    ``basic`` and every one of ``supertypes`` (205.4: ``Legendary``, ``Snow``), one of
    ``colors`` when given and ``colorless`` or ``multicolored`` (105.2), ``historic``
    (700.6), and a mana value of at most
    ``max_mana_value`` / at least ``min_mana_value`` when set (202.3); every one of
    ``qualities``, in the target reader's words (cards/targets.TargetSpec.qualifiers):
    "nonlegendary" (205.4), "power<=2", "toughness>=4", "mana value=3", "mana value<=X"
    (208.1, 202.3; X as announced, 107.3), "with flashback" (a keyword ability, 702),
    "basic land type" (205.3i); and ``named`` this name when set (201.2; ``SELF``: the
    name of the object whose ability it is, 201.4); a mana value compared (``mv_compare``:
    ``=``, ``<=`` or ``<``) with ``mv_amount``, a number counted as the effect resolves
    ("equal to 1 plus the sacrificed creature's mana value", 202.3, 107.3c). ``either``:
    instead of all that, a card that fits one of these filters ("a basic land card or a
    Desert card")."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    basic: bool = False
    max_mana_value: int | None = None
    any_types: tuple[str, ...] = ()
    not_types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    colorless: bool = False
    min_mana_value: int | None = None
    historic: bool = False
    multicolored: bool = False
    qualities: tuple[str, ...] = ()
    named: str = ""
    mv_amount: Amount | None = None
    mv_compare: str = ""
    either: tuple[CardFilter, ...] = ()

    def render(self) -> str:
        if self.either:
            return " or ".join(f.render() for f in self.either)
        words = [*(["basic"] if self.basic else []), *(s.lower() for s in self.supertypes)]
        words += [q for q in self.qualities if q.startswith("non")]
        words += ["historic"] if self.historic else []
        words += ["multicolored"] if self.multicolored else []
        words += [" or ".join(self.colors)] if self.colors else []
        words += ["colorless"] if self.colorless else []
        words += [f"non{t.lower()}" for t in self.not_types]
        words += [" or ".join(self.subtypes)] if self.subtypes else []
        words += [t.lower() for t in self.types]
        words += [" or ".join(t.lower() for t in self.any_types)] if self.any_types else []
        mv = f" with mana value {self.max_mana_value} or less" if self.max_mana_value else ""
        if self.min_mana_value is not None:
            mv = f" with mana value {self.min_mana_value} or greater"
        mv += "".join(_card_quality(q) for q in self.qualities if not q.startswith("non"))
        if self.named:  # CR 201.2; SELF: the source's own name (201.4)
            mv += " with its source's name" if self.named == "SELF" else f" named {self.named}"
        if self.mv_amount is not None:
            compare = _MV_COMPARE[self.mv_compare]
            mv += f" with mana value {compare} {self.mv_amount.render()}"
        return " ".join([*words, "card"]) + mv


def _article(words: str) -> str:
    """ "a basic land card", "an Aura card"."""
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"


# a card's mana value compared with a count (CardFilter.mv_compare)
_MV_COMPARE = {"=": "equal to", "<=": "less than or equal to", "<": "less than"}


def _card_quality(q: str) -> str:
    """ " with power 2 or less", " with mana value X", " with flashback" (CardFilter)."""
    found = re.fullmatch(r"(power|toughness|mana value)(<=|>=|=)(\d+|X)", q)
    if found:
        tail = {"<=": " or less", ">=": " or greater", "=": ""}[found.group(2)]
        return f" with {found.group(1)} {found.group(3)}{tail}"
    if q == "basic land type":
        return " with a basic land type"
    return f" {q}"  # "with flashback"


# where a card found by a search is put (CR 400.3: its owner's zone)
_FOUND_TO = {
    "hand": "into their hand",
    "battlefield": "onto the battlefield",
    "graveyard": "into their graveyard",
    "exile": "into exile",
}


@dataclass(frozen=True)
class Search(Instruction):
    """``who`` searches their library for ``amount`` cards (``up_to``: that many or fewer)
    matching ``card``, (``reveal``: reveals them,) puts them into ``zone`` (``hand``,
    ``battlefield``, ``tapped``, or ``graveyard``) or exiles them (``exile``, 701.13a), then
    shuffles (CR 701.23a, 701.24a); or (``library_top``) shuffles, then puts them on top of
    the library (401.4); ``rest``: one of the cards found, of the player's choice, goes to
    ``zone`` and the other to ``rest`` ("put one onto the battlefield tapped and the other
    into your hand", 608.2c); ``shuffle`` False: no shuffle after it (a search "and put it
    onto the battlefield." with no shuffle in its sentence); ``any_number``: "any number of"
    cards, as many as the player chooses to find (``amount`` then unused; 701.23b);
    ``cards``: instead of ``card``, one card of each of these filters, each a different
    card ("a Forest card and a Plains card"; ``amount`` is how many filters). Two or
    more cards put on top go in the order their owner chooses (401.4). The library is hidden
    information: which cards are found is a choice the case would have to list."""

    who: Subject
    card: CardFilter
    zone: str
    amount: Amount = Amount(1)  # noqa: RUF009 - a frozen (immutable) default
    up_to: bool = False
    tapped: bool = False
    reveal: bool = False
    rest: str = ""
    shuffle: bool = True
    any_number: bool = False
    cards: tuple[CardFilter, ...] = ()
    RULES: ClassVar[tuple[str, ...]] = ("701.23a", "701.24a")
    FAMILY: ClassVar[str] = "search"

    def render(self) -> str:
        n = ("up to " if self.up_to else "") + self.amount.render()
        n = "any number of" if self.any_number else n
        tapped = " tapped" if self.tapped else ""
        reveal = ", reveals them" if self.reveal else ""
        found = f"searches their library for {n} {self.card.render()}{reveal}"
        if self.cards:  # one card of each filter
            each = " and ".join(_article(c.render()) for c in self.cards)
            found = f"searches their library for {each} (each a different card){reveal}"
        if self.zone == "library_top":  # the shuffle first (701.24a), then on top (401.4)
            return acts(self.who, f"{found}, shuffles, then puts them on top of their library")
        where = _FOUND_TO[self.zone]
        if not self.shuffle:
            return acts(self.who, f"{found}, puts them {where}{tapped}")
        if self.rest:
            where = f"one of them {where}{tapped} and the other {_FOUND_TO[self.rest]}"
            return acts(self.who, f"{found}, puts {where}, then shuffles")
        return acts(self.who, f"{found}, puts them {where}{tapped}, then shuffles")


@dataclass(frozen=True)
class CantRegenerate(Instruction):
    """``what`` can't be regenerated (CR 701.19c): said of what the effect just destroyed,
    a regeneration shield doesn't replace that destruction."""

    what: Subject
    RULES: ClassVar[tuple[str, ...]] = ("701.19c",)
    FAMILY: ClassVar[str] = "regenerate"

    def render(self) -> str:
        return f"{self.what.render()} can't be regenerated"


@dataclass(frozen=True)
class SwitchPowerToughness(Instruction):
    """``what``'s power and toughness are switched until end of turn (CR 613.4d, layer 7d;
    611.2a)."""

    what: Subject
    RULES: ClassVar[tuple[str, ...]] = ("613.4d", "611.2a")
    FAMILY: ClassVar[str] = "pump"

    def render(self) -> str:
        return f"switch the power and toughness of {self.what.render()} until end of turn"


@dataclass(frozen=True)
class ExileIfCountered(Instruction):
    """A replacement (CR 614.1a, 614.6): if ``what``, the spell the effect just countered,
    is countered this way, it is exiled instead of going to its owner's graveyard."""

    what: Subject
    RULES: ClassVar[tuple[str, ...]] = ("614.1a", "614.6")
    FAMILY: ClassVar[str] = "replacement"

    def render(self) -> str:
        return f"if {self.what.render()} is countered this way, exile it instead"


@dataclass(frozen=True)
class PutFromHand(Instruction):
    """``who`` puts a card matching ``card`` from their hand onto the battlefield
    (``tapped``): putting a land there isn't playing it (CR 305.4); it enters under their
    control (110.2a). ``attacking``: tapped and attacking, never declared as an attacker
    (508.4: its controller chooses what it attacks); ``attached_to``: an Aura enters
    attached to that object or player, or stays in the hand if it can't enchant it
    (303.4i). ``amount``: how many such cards (one by default; any number of them when
    None, 107.1c), ``up_to``: that many or fewer ("up to two land cards"), each put at
    once; ``graveyard``: the card may be one of their graveyard instead ("from your hand or
    graveyard"). One card put is :data:`~mtgrules.cards.effects_library.CHOSEN_CARD` after
    it ("that creature gains haste", 608.2c)."""

    who: Subject
    card: CardFilter
    tapped: bool = False
    attacking: bool = False
    attached_to: Subject | None = None
    amount: Amount | None = Amount(1)  # noqa: RUF009 - a frozen (immutable) default
    up_to: bool = False
    graveyard: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("305.4", "110.2a", "508.4", "303.4i", "107.1c")
    FAMILY: ClassVar[str] = "move"

    def render(self) -> str:
        tapped = " tapped" if self.tapped else ""
        attacking = " and attacking" if self.attacking else ""
        attached = f" attached to {self.attached_to.render()}" if self.attached_to else ""
        which = f"a {self.card.render()}"
        if self.amount is None:
            which = f"any number of {self.card.render()}s"
        elif self.amount != Amount(1) or self.up_to:
            up_to = "up to " if self.up_to else ""
            which = f"{up_to}{self.amount.render()} {self.card.render()}(s)"
        return acts(
            self.who,
            f"puts {which} from their hand{' or graveyard' if self.graveyard else ''} onto the"
            f" battlefield{tapped}{attacking}{attached}",
        )


@dataclass(frozen=True)
class AdditionalLand(Instruction):
    """``who`` may play ``count`` additional lands this turn (CR 305.2: the number of lands
    they can play this turn is that much greater; "up to three additional lands" is three)."""

    who: Subject
    count: int = 1
    RULES: ClassVar[tuple[str, ...]] = ("305.2",)
    FAMILY: ClassVar[str] = "extra_turn"

    def render(self) -> str:
        if self.count == 1:
            return acts(self.who, "may play an additional land this turn")
        return acts(self.who, f"may play up to {self.count} additional lands this turn")


@dataclass(frozen=True)
class AdditionalPhases(Instruction):
    """Phases added to this turn directly after the current phase, in the order given
    (CR 500.8): an additional combat phase, perhaps followed by an additional main phase
    (a postcombat main phase, 505.1a), or an additional beginning phase. ``after_main``:
    the words say "after this main phase" (an ability that resolves in another phase adds
    nothing then, which the play-out doesn't decide: it doesn't carry this out)."""

    phases: tuple[str, ...]
    after_main: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("500.8", "505.1a")
    FAMILY: ClassVar[str] = "extra_turn"

    def render(self) -> str:
        added = " followed by ".join(f"an additional {p} phase" for p in self.phases)
        return f"after this {'main ' if self.after_main else ''}phase, {added}"


@dataclass(frozen=True)
class Attach(Instruction):
    """Attach ``what`` (an Aura, Equipment or Fortification) to ``to`` (CR 701.3a)."""

    what: Subject
    to: Subject
    RULES: ClassVar[tuple[str, ...]] = ("701.3a",)
    FAMILY: ClassVar[str] = "attach"

    def render(self) -> str:
        return f"attach {self.what.render()} to {self.to.render()}"
