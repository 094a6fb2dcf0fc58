"""Card vocabulary for copy effects and "as it enters" abilities (CR 707, 614.1c).

* :class:`CopyExceptions` — the exceptions a copy effect states (CR 707.9):
  values it sets ("except it's 7/7"), types "in addition to its other types",
  abilities it grants. The same shape reads a card's ``enters_as_copy.except``
  and a case's ``copy_of: {object, except}``.
* :class:`EntersAsCopy` — "you may have this enter as a copy of ..." (614.1c, 707.5),
  with exceptions that are additional effects rather than characteristics
  (:class:`ExtraCounters`, Spark Double's counter, CR 707.9e-f).
* :class:`EntersWithCounters` — "this enters with N counters" (614.1c), N may be X.
* :class:`DefinesPT` — a characteristic-defining ability that sets power and
  toughness to a count of permanents (604.3, 613.4a).
* :class:`OthersEnterAsCopy` — "creatures you control enter as a copy of this
  creature": a replacement effect on *other* objects entering (614.1c, 614.12,
  707.5), mandatory, copying this permanent or a card named in the text.

The same values from a mapping in the card vocabulary (a card's ``enters_as_copy``, a
case's ``copy_of: {object, except}``) are read by :mod:`mtgrules.cards.define`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mtgrules.cards.mana import ManaCost
from mtgrules.cards.vocabulary import Ability, AbilityKind, count_word

CARD_TYPES = frozenset(
    {
        "Artifact",
        "Battle",
        "Creature",
        "Enchantment",
        "Instant",
        "Kindred",
        "Land",
        "Planeswalker",
        "Sorcery",
    }
)
SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing"})
# The subtypes of each noncreature card type that has a short list of its own (CR 205.3g-i,
# 205.3k, 205.3q): type names are facts. A subtype in none of these lists is a creature or
# planeswalker type (205.3j, 205.3m).
SUBTYPES_OF = {
    "Artifact": frozenset(
        {
            "Attraction",
            "Blood",
            "Bobblehead",
            "Book",
            "Clue",
            "Contraption",
            "Equipment",
            "Food",
            "Fortification",
            "Gold",
            "Incubator",
            "Infinity",
            "Junk",
            "Lander",
            "Map",
            "Mutagen",
            "Powerstone",
            "Spacecraft",
            "Stone",
            "Treasure",
            "Vehicle",
            "Vibranium",
        }
    ),
    "Enchantment": frozenset(
        {
            "Aura",
            "Background",
            "Cartouche",
            "Case",
            "Class",
            "Curse",
            "Plan",
            "Role",
            "Room",
            "Rune",
            "Saga",
            "Shard",
            "Shrine",
        }
    ),
    "Land": frozenset(
        {
            "Cave",
            "Desert",
            "Forest",
            "Gate",
            "Island",
            "Lair",
            "Locus",
            "Mine",
            "Mountain",
            "Plains",
            "Planet",
            "Power-Plant",
            "Sphere",
            "Swamp",
            "Tower",
            "Town",
            "Urza's",
        }
    ),
    "Instant": frozenset({"Adventure", "Arcane", "Lesson", "Omen", "Trap"}),
    "Sorcery": frozenset({"Adventure", "Arcane", "Lesson", "Omen", "Trap"}),
    "Battle": frozenset({"Siege"}),
}
NONCREATURE_SUBTYPES = frozenset().union(*SUBTYPES_OF.values())
COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


@dataclass(frozen=True)
class CopyExceptions:
    """What a copy effect changes in the copying process (CR 707.9a-b).

    ``None`` means "copied as is"; an empty ``mana_cost`` means "has no mana cost".
    ``additional_types`` are added "in addition to its other types" and are
    sorted into card types, supertypes and subtypes when applied.
    """

    name: str | None = None
    mana_cost: ManaCost | None = None
    colors: tuple[str, ...] | None = None
    types: tuple[str, ...] | None = None
    subtypes: tuple[str, ...] | None = None
    supertypes: tuple[str, ...] | None = None
    additional_types: tuple[str, ...] = ()
    without_types: tuple[str, ...] = ()  # "it isn't legendary" (CR 707.9b)
    power: int | None = None
    toughness: int | None = None
    abilities: tuple[Ability, ...] = ()
    # The copy keeps values of its own (CR 707.9b), resolved against the copying object
    # when the copy effect applies (:func:`mtgrules.rules.copy.values.own_values`):
    own_colors: bool = False  # "it doesn't copy that creature's color"
    own_pt: bool = False  # "its power and toughness are equal to this creature's"
    own_abilities: bool = False  # "it has [this card]'s other abilities"
    # "if it's a creature, ... it has changeling": granted only if the copy, with the other
    # exceptions, has that card type (CR 707.9f)
    abilities_if: tuple[tuple[str, Ability], ...] = ()
    # "it has vanishing 3 if that creature doesn't have vanishing": keywords granted only if
    # the copied values have no keyword of that name (CR 707.9a; Flesh Duplicate)
    abilities_unless_has: tuple[Ability, ...] = ()
    # "it's the colors of your choice in addition to its other colors" (CR 707.9b): a choice
    # made as it enters; `additional_colors` holds the colors chosen once the case gives them
    colors_of_choice: bool = False
    additional_colors: tuple[str, ...] = ()
    # "it's a Vehicle artifact with crew 3 and it loses all other card types" (Imposter
    # Mech): the card types among ``additional_types`` become its only card types (205.1a)
    loses_other_card_types: bool = False

    @property
    def is_empty(self) -> bool:
        return self == CopyExceptions()

    def describe(self) -> str:
        """The exceptions in Oracle's words: "it's a Shapeshifter Rogue in addition ..."."""
        parts = []
        if self.name is not None:
            parts.append(f"its name is {self.name}")
        if self.mana_cost is not None:
            parts.append(
                f"its mana cost is {self.mana_cost}"
                if self.mana_cost.symbols
                else "it has no mana cost"
            )
        if self.colors is not None:
            names = [COLOR_WORDS.get(c, c) for c in self.colors]
            parts.append(f"it's {' and '.join(names) or 'colorless'}")
        if self.types is not None and self.subtypes is None and self.types:
            # "it's an artifact": its card types are set (CR 205.1a)
            words = " ".join(t.lower() for t in self.types)
            parts.append(f"it's {'an' if words[:1] in 'aeiou' else 'a'} {words}")
        elif self.types is not None:
            parts.append(f"its card types are {' '.join(self.types) or 'none'}")
        for label, value in (
            ("subtypes", self.subtypes),
            ("supertypes", self.supertypes),
        ):
            if value is not None:
                parts.append(f"its {label} are {' '.join(value) or 'none'}")
        for word in self.without_types:
            parts.append(f"it isn't {word.lower()}")
        pt_with_types = (
            self.power is not None
            and self.toughness is not None
            and bool(self.additional_types)
            and not set(self.additional_types) & (CARD_TYPES | SUPERTYPES)
        )
        if self.loses_other_card_types:
            parts.append(self._only_types())
        elif pt_with_types:  # "it's a 4/4 Spider Human Hero in addition to its other types"
            words = " ".join(self.additional_types)
            parts.append(
                f"it's a {self.power}/{self.toughness} {words} in addition to its other types"
            )
        elif self.additional_types:
            # Oracle's wording: card types and supertypes in lower case, "a"/"an" unless a
            # supertype comes first ("it's legendary in addition to ...")
            words = (" and " if set(self.additional_types) <= SUPERTYPES else " ").join(
                w.lower() if w in CARD_TYPES or w in SUPERTYPES else w
                for w in self.additional_types
            )
            article = "" if self.additional_types[0] in SUPERTYPES else "a "
            if article and words[:1].lower() in "aeiou":
                article = "an "
            parts.append(f"it's {article}{words} in addition to its other types")
        if self.own_colors:
            parts.append("it doesn't copy that creature's color")
        if self.colors_of_choice:
            parts.append("it's the colors of your choice in addition to its other colors")
        if self.additional_colors:
            names = " and ".join(COLOR_WORDS.get(c, c) for c in self.additional_colors)
            parts.append(f"it's {names} in addition to its other colors")
        if (self.power is not None or self.toughness is not None) and not pt_with_types:
            parts.append(f"it's {self.power}/{self.toughness}")
        if self.own_pt:
            parts.append("its power and toughness are equal to this creature's power and toughness")
        keywords = [a.render().lower() for a in self.abilities if a.kind is AbilityKind.KEYWORD]
        if keywords and not self.loses_other_card_types:
            parts.append("it has " + " and ".join(keywords))
        for ability in self.abilities:
            if ability.kind is not AbilityKind.KEYWORD:
                parts.append(f"it has “{ability.render()}”")
        for ability in self.abilities_unless_has:
            keyword = ability.render().lower()
            parts.append(f"it has {keyword} if that creature doesn't have {unnumbered(keyword)}")
        if self.own_abilities:
            parts.append("it has its other abilities")
        for card_type, ability in self.abilities_if:
            parts.append(f"if it's a {card_type.lower()}, it has {ability.render().lower()}")
        if len(parts) > 1:
            return ", ".join(parts[:-1]) + " and " + parts[-1]
        return "".join(parts)

    def _only_types(self) -> str:
        """Imposter Mech's form: "it's a Vehicle artifact with crew 3 and it loses all other
        card types" (its keywords go with the types)."""
        words = " ".join(w.lower() if w in CARD_TYPES else w for w in self.additional_types)
        article = "an" if words[:1].lower() in "aeiou" else "a"
        keywords = [a.render().lower() for a in self.abilities if a.kind is AbilityKind.KEYWORD]
        with_ = f" with {' and '.join(keywords)}" if keywords else ""
        return f"it's {article} {words}{with_} and it loses all other card types"


def unnumbered(keyword: str) -> str:
    """``"vanishing 3"`` -> ``"vanishing"``: a keyword's name without its number."""
    name, _, last = keyword.rpartition(" ")
    return name if name and last.isdigit() else keyword


# The embalm token's exceptions (CR 702.128a): white, no mana cost, a Zombie in addition.
EMBALM_EXCEPTIONS = CopyExceptions(
    mana_cost=ManaCost(), colors=("W",), additional_types=("Zombie",)
)


@dataclass(frozen=True)
class ExtraCounters:
    """ "... except it enters with N additional [kind] counters [if ...]": an exception
    that is an additional effect, not a characteristic (CR 707.9e). It may apply only if
    the copy has a card type (707.9f, Spark Double) or only if the copier controls the
    copied permanent (Undercover Operative); ``count`` may be ``"X"`` (Altered Ego, 107.3m)."""

    kind: str
    count: int | str
    if_type: str | None = None
    if_you_control: bool = False  # "if you control that creature"
    additional: bool = True  # the wording: "an additional counter" or "a counter"

    def describe(self, condition: bool = True) -> str:
        if isinstance(self.count, int):
            n = count_word(self.count, ("additional " if self.additional else "") + self.kind)
        else:
            n = self.count
        plural = "s" if self.count != 1 else ""
        extra = "additional " if self.additional else ""
        text = f"it enters with {n} {extra}{self.kind} counter{plural} on it"
        if self.if_type is not None and condition:
            text += f" if it's a {self.if_type.lower()}"
        if self.if_you_control:
            text += " if you control that creature"
        return text


@dataclass(frozen=True)
class CopyChoice:
    """What a clone may copy: permanents on the battlefield with one of ``types``
    (any permanent when empty), not of ``excluded`` types, controlled by ``whose``."""

    text: str  # the Oracle wording of the choice
    types: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()
    whose: str = "any"  # "any" | "you" | "opponent"
    subtypes: tuple[str, ...] = ()  # "any Ally creature": it must have one of these subtypes
    min_power: int | None = None  # "with power 4 or greater"
    zone: str = "battlefield"  # or "graveyard": "any creature card in a graveyard" (Body Double)
    # Facts of the case a choice depends on (absent from the case: the answer is unsupported)
    max_mana_value_spent: bool = False  # mana value <= the mana spent to cast the copier
    entered_this_turn: bool = False  # "any permanent that entered this turn"
    put_there_from: str | None = None  # a card put into its zone from this zone this turn
    with_counter: str | None = None  # "with a takeover counter on it"


# EntersAsCopy.of -> the choice it allows (CR 707.5, 614.1c)
COPY_CHOICES = {
    "creature": CopyChoice("any creature on the battlefield", ("Creature",)),
    "creature_you_control": CopyChoice("a creature you control", ("Creature",), whose="you"),
    "another_creature_you_control": CopyChoice(
        "another creature you control", ("Creature",), whose="you"
    ),
    "creature_you_control_power_4": CopyChoice(
        "a creature you control with power 4 or greater", ("Creature",), whose="you", min_power=4
    ),
    "ally_creature": CopyChoice(
        "any Ally creature on the battlefield", ("Creature",), subtypes=("Ally",)
    ),
    "permanent_you_control": CopyChoice("a permanent you control", whose="you"),
    "creature_card_in_graveyard": CopyChoice(
        "any creature card in a graveyard", ("Creature",), zone="graveyard"
    ),
    "creature_or_planeswalker_you_control": CopyChoice(
        "a creature or planeswalker you control", ("Creature", "Planeswalker"), whose="you"
    ),
    "creature_opponent_controls": CopyChoice(
        "a creature an opponent controls", ("Creature",), whose="opponent"
    ),
    "artifact_or_creature": CopyChoice(
        "any artifact or creature on the battlefield", ("Artifact", "Creature")
    ),
    "artifact_or_creature_you_control": CopyChoice(
        "an artifact or creature you control", ("Artifact", "Creature"), whose="you"
    ),
    "artifact": CopyChoice("any artifact on the battlefield", ("Artifact",)),
    "enchantment": CopyChoice("any enchantment on the battlefield", ("Enchantment",)),
    "enchantment_you_control": CopyChoice(
        "an enchantment you control", ("Enchantment",), whose="you"
    ),
    "artifact_or_enchantment": CopyChoice(
        "any artifact or enchantment on the battlefield", ("Artifact", "Enchantment")
    ),
    "equipment": CopyChoice("any Equipment on the battlefield", subtypes=("Equipment",)),
    "land": CopyChoice("any land on the battlefield", ("Land",)),
    "permanent": CopyChoice("any permanent on the battlefield"),
    "nonland_permanent": CopyChoice("any nonland permanent on the battlefield", (), ("Land",)),
    "creature_mana_value_up_to_mana_spent": CopyChoice(
        "any creature on the battlefield with mana value less than or equal to the amount of "
        "mana spent to cast this creature",
        ("Creature",),
        max_mana_value_spent=True,
    ),
    "permanent_entered_this_turn": CopyChoice(
        "any permanent that entered this turn", entered_this_turn=True
    ),
    "creature_card_in_graveyard_from_battlefield_this_turn": CopyChoice(
        "any creature card in a graveyard that was put there from the battlefield this turn",
        ("Creature",),
        zone="graveyard",
        put_there_from="battlefield",
    ),
    "doctor_card_in_your_graveyard_from_library_this_turn": CopyChoice(
        "a Doctor card in your graveyard that was put there from your library this turn",
        subtypes=("Doctor",),
        whose="you",
        zone="graveyard",
        put_there_from="library",
    ),
    "creature_card_in_exile_with_takeover_counter": CopyChoice(
        "a creature card in exile with a takeover counter on it",
        ("Creature",),
        zone="exile",
        with_counter="takeover",
    ),
}

# EntersAsCopy.condition -> (its ability word, the condition's wording): the replacement
# applies only if the condition holds as the permanent enters (CR 614.1c; 207.2c: the
# ability word itself has no rules meaning)
COPY_CONDITIONS = {"attacked_this_turn": ("Raid", "If you attacked this turn")}


@dataclass(frozen=True)
class EntersAsCopy:
    """ "You may have this enter as a copy of [choice], except ..." (CR 614.1c, 707.5)."""

    of: str  # a key of COPY_CHOICES: "creature", "creature_you_control", ...
    exceptions: CopyExceptions = CopyExceptions()
    if_embalmed: CopyExceptions | None = None  # Vizier of Many Faces' conditional exceptions
    extra_counters: tuple[ExtraCounters, ...] = ()  # Spark Double (CR 707.9e-f)
    # "When you do, ...": a triggered ability linked to the copy effect (CR 603.11, 707.9g),
    # its effect in the card's own words (from the imported data)
    when_you_do: str = ""
    condition: str | None = None  # a key of COPY_CONDITIONS: Protean Raider's raid
    # "If you do, it gains haste until end of turn": keywords granted to the permanent by an
    # effect of the ability, not an exception of the copy effect (not copiable, CR 707.2)
    gains_until_end_of_turn: tuple[str, ...] = ()
    # The Mimeoplasm: two creature cards are exiled from graveyards as it enters; it copies
    # one and enters with this kind of counters, as many as the other card's power (614.1c)
    counters_from_other_card: str = ""

    @property
    def choice(self) -> CopyChoice:
        return COPY_CHOICES[self.of]

    def render(self) -> str:
        if self.counters_from_other_card:
            return (
                "As this creature enters, you may exile two creature cards from graveyards. If "
                "you do, it enters as a copy of one of those cards with a number of additional "
                f"{self.counters_from_other_card} counters on it equal to the power of the other card."
            )
        noun = "creature" if "Creature" in COPY_CHOICES[self.of].types else "permanent"
        text = f"You may have this {noun} enter as a copy of {COPY_CHOICES[self.of].text}"
        if self.condition is not None:
            word, condition = COPY_CONDITIONS[self.condition]
            text = f"{word} — {condition}, y{text[1:]}"
        linked = f" When you do, {self.when_you_do}." if self.when_you_do else ""
        if self.gains_until_end_of_turn:
            linked += f" If you do, it gains {' and '.join(self.gains_until_end_of_turn)} until end of turn."
        if self.exceptions.abilities_if:
            return text + self._render_conditional() + "." + linked
        excepts = [x.describe() for x in self.extra_counters]
        if not self.exceptions.is_empty:
            excepts.append(self.exceptions.describe())
        if excepts:
            last = (
                f"{', '.join(excepts[:-1])}, and {excepts[-1]}" if len(excepts) > 1 else excepts[0]
            )
            text += f", except {last}"
        if self.if_embalmed is not None:
            embalmed = self.if_embalmed.describe().replace(
                "it has no mana cost", "the token has no mana cost"
            )
            text += f", except if this creature was embalmed, {embalmed}"
        return text + "." + linked

    def _render_conditional(self) -> str:
        """Moritte's form: ", except [exceptions] and, if it's a [type], it enters with
        [counters] and has [keywords]" (CR 707.9f)."""
        card_type = self.exceptions.abilities_if[0][0]
        clause = [x.describe(condition=False) for x in self.extra_counters]
        clause.append(
            "has " + " and ".join(a.render().lower() for _, a in self.exceptions.abilities_if)
        )
        plain = replace(self.exceptions, abilities_if=()).describe()
        return f", except {plain} and, if it's a {card_type.lower()}, {' and '.join(clause)}"


@dataclass(frozen=True)
class EntersWithCounters:
    """ "It enters with N [kind] counters" (CR 614.1c); ``count`` may be ``"X"`` (CR 107.3m)."""

    kind: str
    count: int | str

    def render(self) -> str:
        count = count_word(self.count, self.kind) if isinstance(self.count, int) else self.count
        plural = "" if self.count == 1 else "s"
        return f"This permanent enters with {count} {self.kind} counter{plural} on it."


@dataclass(frozen=True)
class DefinesPT:
    """A characteristic-defining ability: power and toughness each equal the number of
    permanents with ``subtype`` its controller controls (CR 604.3, 613.4a); ``Creature``
    counts the creatures its controller controls.

    ``also``: more kinds, a permanent of any of them counting once ("untapped artifacts,
    creatures, and lands"); ``Permanent`` counts every permanent; ``color`` only those of
    that color (``blue``, CR 105.2); ``untapped`` only untapped ones; ``anyone``: those on
    the battlefield, whoever controls them ("the number of Clerics on the battlefield");
    ``power_only``: it defines power alone, its toughness is printed."""

    count_you_control: str
    also: tuple[str, ...] = ()
    color: str = ""
    untapped: bool = False
    anyone: bool = False
    power_only: bool = False

    @property
    def kinds(self) -> tuple[str, ...]:
        return (self.count_you_control, *self.also)

    @property
    def counts_card_type(self) -> bool:
        """A card type ("Creature") rather than a subtype ("Forest")."""
        return self.count_you_control in CARD_TYPES

    def what(self) -> str:
        """ "untapped artifacts, creatures, and lands", "blue permanents", "Clerics"."""
        words = [
            k.lower() + "s" if k in (*CARD_TYPES, "Permanent") else k + "s" for k in self.kinds
        ]
        if len(words) > 2:
            listed = f"{', '.join(words[:-1])}, and {words[-1]}"
        else:
            listed = " and ".join(words)
        return " ".join(w for w in ("untapped" * self.untapped, self.color, listed) if w)

    def render(self) -> str:
        where = "on the battlefield" if self.anyone else "its controller controls"
        defined = "power is" if self.power_only else "power and toughness are each"
        return f"Its {defined} the number of {self.what()} {where}."


@dataclass(frozen=True)
class Entering:
    """Which objects entering an "others enter as a copy" replacement applies to:
    creatures, of which only tokens if ``tokens_only`` (only nontoken ones if
    ``nontoken_only``), under its controller's control."""

    text: str  # the Oracle wording of the subject
    tokens_only: bool = False
    nontoken_only: bool = False
    others: bool = False  # "Other creatures ...": never the permanent itself


# OthersEnterAsCopy.which -> the objects it applies to (CR 614.12)
ENTERING = {
    "creature_you_control": Entering("Creatures you control enter"),
    "creature_token_you_control": Entering(
        "Each creature token you control enters", tokens_only=True
    ),
    "other_creature_you_control": Entering("Other creatures you control enter", others=True),
    "nontoken_creature_you_control": Entering(
        "Nontoken creatures you control enter", nontoken_only=True
    ),
}


@dataclass(frozen=True)
class OthersEnterAsCopy:
    """A static ability whose replacement effect makes other objects enter as a copy
    (CR 614.1c, 614.12, 707.5): ``which`` of them (a key of :data:`ENTERING`) and what
    they copy — this permanent, or, if ``of_card`` is set, the card with that name
    (its Oracle values, CR 707.2), or, if ``of_enchanted``, the creature this permanent
    is attached to (Infinite Reflection, 303.4m; attached to nothing, no effect).
    It is not optional."""

    which: str
    of_card: str | None = None
    of_enchanted: bool = False

    @property
    def entering(self) -> Entering:
        return ENTERING[self.which]

    def render(self) -> str:
        what = self.of_card if self.of_card is not None else "this creature"
        if self.of_enchanted:
            what = "enchanted creature"
        return f"{self.entering.text} as a copy of {what}."


def sort_types(words: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Words of a type line -> (card types, supertypes, subtypes)."""
    return (
        tuple(w for w in words if w in CARD_TYPES),
        tuple(w for w in words if w in SUPERTYPES),
        tuple(w for w in words if w not in CARD_TYPES and w not in SUPERTYPES),
    )
