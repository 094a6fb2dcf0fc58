"""Card vocabulary for static abilities that change what objects have.

* :class:`Group` — which objects a static ability applies to, with the type, subtype,
  plural and condition words it is read and rendered with (CR 205.2a, 205.3, 109.2);
* :class:`KeywordGrant` — "creatures you control have haste": keywords added to a
  group of objects in layer 6 (CR 613.1f, 604.2, 611.3a);
* :class:`Boost`, :class:`ColorSetting`, :class:`TypeAddition` — power and toughness,
  colors and land types of a group changed in layers 7c, 5 and 4 (CR 613.4c, 613.1e,
  613.1d, 305.7);
* :class:`ControlUnless` — "enters tapped unless you control ..." (CR 614.1c).

Permissions and restrictions ("as though", "can't", "only") are in
:mod:`mtgrules.cards.static_permissions`, the data form of all of these in
:mod:`mtgrules.cards.static_data`.

Each is read from one exact Oracle template (:mod:`mtgrules.cards.oracle.statics`) and
renders back to it; the group, spell and condition words below are the only ones read.
The rules that apply them are :mod:`mtgrules.rules.layers.grants`, :mod:`mtgrules.rules.layers.boosts`
and :mod:`mtgrules.rules.layers.characteristics`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mtgrules.cards.copying import SUBTYPES_OF
from mtgrules.cards.creature_types import CREATURE_TYPES
from mtgrules.cards.mana import COLOR_CODES
from mtgrules.cards.static_conditions import BoardCount, StaticCondition
from mtgrules.cards.vocabulary import UNASKED_RULES, Ability, AbilityKind, count_word

# The keywords a grant is read for, all known by name (oracle_keywords.NAMED_KEYWORDS takes them in)
# and none adds, removes or depends on another grant, so the order of the effects that add them
# can't change the result (CR 613.7, 613.8a).
GRANTABLE_KEYWORDS = frozenset(
    {
        "flying",
        "haste",
        "vigilance",
        "trample",
        "reach",
        "deathtouch",
        "lifelink",
        "first strike",
        "double strike",
        "menace",
        "indestructible",
        "hexproof",
        "shroud",
        "fear",
        "intimidate",
        "defender",
        "horsemanship",
        "shadow",
        "skulk",
        "infect",
        "wither",
        "prowess",
        "flash",  # only to cards that aren't on the battlefield ("creature cards you own ...")
    }
)
# The conditions mtgrules computes: key -> (the clause leading a sentence, at its end).
CONDITIONS = {
    "your_turn": ("During your turn", "during your turn"),
    "its_your_turn": ("As long as it's your turn", ""),
    "combat": ("During combat", "during combat"),
    "opponents_end_step": ("During each opponent's end step", ""),
}


# Card types as a group's noun or adjective reads them (CR 205.2a), lower case as Oracle has them.
TYPE_WORDS = {
    "artifact": "Artifact",
    "creature": "Creature",
    "enchantment": "Enchantment",
    "land": "Land",
    "planeswalker": "Planeswalker",
    "battle": "Battle",
    "instant": "Instant",
    "sorcery": "Sorcery",
}
PERMANENT_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")
# Plurals that aren't the word with an "s" (types and subtypes as Oracle text writes them).
IRREGULAR_PLURALS = {
    "sorcery": "sorceries",
    "Elf": "Elves",
    "Dwarf": "Dwarves",
    "Wolf": "Wolves",
    "Werewolf": "Werewolves",
    "Fox": "Foxes",
    "Ox": "Oxen",
    "Sphinx": "Sphinxes",
    "Mongoose": "Mongooses",
    "Octopus": "Octopuses",
    "Platypus": "Platypuses",
    "Walrus": "Walruses",
    "Fish": "Fish",
    "Sheep": "Sheep",
    "Aurochs": "Aurochs",
    "Plains": "Plains",
    "Equipment": "Equipment",
    "Mercenary": "Mercenaries",
    "Ally": "Allies",
    "Fractal": "Fractals",
    "Army": "Armies",
    "Harpy": "Harpies",
    "Faerie": "Faeries",
    "Pegasus": "Pegasi",
    "Cyclops": "Cyclopes",
    "Thalakos": "Thalakos",
    "Homunculus": "Homunculi",
}
# Planeswalker types (CR 205.3j), so a group reads "a Vivien planeswalker" (its noun
# "planeswalker" with a subtype adjective); rules/layers/subtypes.py doesn't sort these.
PLANESWALKER_TYPES = frozenset(
    [
        "Ajani",
        "Aminatou",
        "Angrath",
        "Arlinn",
        "Ashiok",
        "Bahamut",
        "Basri",
        "Bolas",
        "Calix",
        "Chandra",
        "Comet",
        "Dack",
        "Dakkon",
        "Daretti",
        "Davriel",
        "Dellian",
        "Dihada",
        "Domri",
        "Dovin",
        "Ellywick",
        "Elminster",
        "Elspeth",
        "Estrid",
        "Freyalise",
        "Garruk",
        "Gideon",
        "Grist",
        "Guff",
        "Huatli",
        "Jace",
        "Jared",
        "Jaya",
        "Jeska",
        "Kaito",
        "Karn",
        "Kasmina",
        "Kaya",
        "Kiora",
        "Koth",
        "Liliana",
        "Lolth",
        "Lukka",
        "Minsc",
        "Mordenkainen",
        "Nahiri",
        "Narset",
        "Niko",
        "Nissa",
        "Nixilis",
        "Oko",
        "Quintorius",
        "Ral",
        "Rowan",
        "Saheeli",
        "Samut",
        "Sarkhan",
        "Serra",
        "Sivitri",
        "Sorin",
        "Szat",
        "Tamiyo",
        "Tasha",
        "Teferi",
        "Teyo",
        "Tezzeret",
        "Tibalt",
        "Tyvar",
        "Ugin",
        "Urza",
        "Venser",
        "Vivien",
        "Vraska",
        "Vronos",
        "Will",
        "Windgrace",
        "Wrenn",
        "Xenagos",
        "Yanggu",
        "Yanling",
        "Zariel",
    ]
)
SUBTYPES = CREATURE_TYPES | frozenset().union(*SUBTYPES_OF.values()) | PLANESWALKER_TYPES
# Spell kinds a permission or restriction names besides card types and subtypes.
SPELL_QUALITIES = ("historic", "colorless", "legendary", "permanent")
COLOR_ADJECTIVES = COLOR_CODES


def plural(word: str) -> str:
    """ "creature" -> "creatures", "Elf" -> "Elves"."""
    if word in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word]
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word + "s"


_SINGULARS = {plural(one): one for one in (*TYPE_WORDS, "permanent", *SUBTYPES)}


def singular(word: str) -> str | None:
    """The type or subtype a plural names ("Elves" -> "Elf"), or None if it names none."""
    return _SINGULARS.get(word)


def _player_words(player: str) -> str:
    """ "target:0" -> "the target player", "that:0" -> "that player" (Group.player)."""
    kind, _, index = player.partition(":")
    if kind == "target":
        return "the target player" if index == "0" else f"target {int(index) + 1}"
    return {"its_controller": "its controller", "defending_player": "the defending player"}.get(
        kind, "that player"
    )


def _stat(quality: str) -> re.Match[str] | None:
    """ "power<=2" (a group's or target's quality, CR 208.1, 202.3): stat, comparison, N."""
    return re.fullmatch(r"(power|toughness|mana value)(<=|>=|=)(\d+|X)", quality)


def _after(quality: str) -> bool:
    """ "of the chosen creature type", "not of the chosen color": a quality by a value the
    effect chose as it resolved (cards/effects_named.py), said after the group's noun."""
    return quality.startswith(("of the chosen ", "not of the chosen "))


def _proper(word: str) -> bool:
    """A subtype, or a subtype's plural: capitalized wherever it stands in a sentence."""
    return word in SUBTYPES or singular(word) in SUBTYPES


def join_words(words: tuple[str, ...] | list[str], conjunction: str = "and") -> str:
    """ "a", "a and b", "a, b, and c" (the serial comma, as Oracle text writes lists)."""
    if len(words) <= 1:
        return "".join(words)
    if len(words) == 2:
        return f"{words[0]} {conjunction} {words[1]}"
    return f"{', '.join(words[:-1])}, {conjunction} {words[-1]}"


def _inside(text: str) -> str:
    """A sentence as it reads after a leading clause: its first word in lower case unless
    it is a subtype ("this creature gets", "Elves you control get")."""
    return text if _proper(text.split(" ")[0]) else text[:1].lower() + text[1:]


def lead(condition: str, text: str) -> str:
    """A sentence after a leading condition: "During your turn, creatures you control ..."."""
    if not condition:
        return text
    keep = _proper(text.split(" ")[0])
    return f"{CONDITIONS[condition][0]}, {text if keep else text[:1].lower() + text[1:]}"


@dataclass(frozen=True)
class Group:
    """Which objects a static ability applies to, as its Oracle text describes them.

    ``noun`` is a card type in lower case (``creature``, ``artifact``, ``permanent``), a
    subtype (``Elf``, ``Vehicle``: "Elves you control") or ``self`` (the object with the
    ability); ``adjectives`` come before it (card types ``artifact``, subtypes ``Sliver``,
    ``historic``). ``token`` is True for "creature tokens", False for "nontoken";
    ``other`` excludes the object with the ability; ``status`` is ``attacking``,
    ``tapped`` or ``untapped``; ``whose`` is ``you`` (the ability's controller controls
    them, CR 109.5), ``opponents`` or ``any``; ``quantifier`` is ``all`` ("All Slivers")
    or ``each`` ("Each creature you control has"). ``attached`` is ``enchanted`` or
    ``equipped``: the one permanent the Aura or Equipment is attached to (CR 604.4).
    ``cards_not_on_battlefield``: "[noun] cards you own that aren't on the battlefield".
    ``with_counter``: only those with a counter of this kind on them ("Each creature you
    control with a +1/+1 counter on it", "Creatures you control with oil counters on
    them", CR 122.1); ``named``: only those with this name ("land you control named
    Wastes", CR 201.2).

    Without ``cards_not_on_battlefield`` a group means permanents (CR 109.2).
    """

    noun: str = "creature"
    adjectives: tuple[str, ...] = ()
    token: bool | None = None
    other: bool = False
    status: str = ""
    whose: str = "you"
    quantifier: str = ""
    attached: str = ""
    cards_not_on_battlefield: bool = False
    with_counter: str = ""
    named: str = ""
    # "each creature without flying" (an effect's group): only those with / without this
    # keyword ability (CR 702.9a, 702.17a; as the play-out's characteristics have it)
    with_keyword: str = ""
    without_keyword: str = ""
    # an effect's group only (oracle/group_filters.py): qualities in the target reader's
    # words (cards/targets.TargetSpec.qualifiers): "legendary", "nonlegendary", "snow"
    # (CR 205.4), "power<=2", "mana value>=4" (208.1, 202.3), checked by
    # rules/layers/qualities.fits_quality with the permanent's characteristics now
    qualities: tuple[str, ...] = ()
    # an effect's group only: ``whose`` "player", the player the effect names
    # ("all lands target player controls", "each creature that player controls", CR 109.5),
    # as ``kind:index`` of its Subject (cards/effect_subjects.py): "target:0", "that:0"
    player: str = ""

    @property
    def singular(self) -> bool:
        return bool(self.attached) or self.quantifier == "each" or self.noun == "self"

    def render(self) -> str:
        """The group as the subject of a sentence: "Other Elves you control"."""
        if self.noun == "self":
            return "This permanent"
        if self.attached:
            return f"{self.attached.capitalize()} {self.noun}"
        if self.cards_not_on_battlefield:
            return f"{self.noun.capitalize()} cards you own that aren't on the battlefield"
        words = [self.quantifier.capitalize()] if self.quantifier else []
        words += ["other"] * self.other + [self.status] * bool(self.status)
        words += ["nontoken"] * (self.token is False)
        words += [q for q in self.qualities if not _stat(q) and not _after(q)]
        words += list(self.adjectives)
        if self.token and self.noun == "permanent":  # "all tokens" (CR 111.1)
            words.append("token" if self.singular else "tokens")
        elif self.token:
            words.append(self.noun + (" token" if self.singular else " tokens"))
        else:
            words.append(self.noun if self.singular else plural(self.noun))
        whose = {"you": " you control", "opponents": " your opponents control", "any": ""}
        owner = whose.get(self.whose, f" {_player_words(self.player)} controls")
        text = " ".join(words) + owner + self._qualifier()
        return text[:1].upper() + text[1:]

    def _qualifier(self) -> str:
        """ " with a +1/+1 counter on it", " with oil counters on them", " named Wastes"."""
        text = ""
        if self.with_counter:
            kind = self.with_counter
            if self.singular:
                article = "an" if kind[:1] in "aeiou" else "a"
                text += f" with {article} {kind} counter on it"
            else:
                text += f" with {kind} counters on them"
        if self.named:
            text += f" named {self.named}"
        if self.with_keyword:
            text += f" with {self.with_keyword}"
        if self.without_keyword:
            text += f" without {self.without_keyword}"
        for stat in filter(None, map(_stat, self.qualities)):
            text += f" with {stat.group(1)} {stat.group(3)}"
            text += {"<=": " or less", ">=": " or greater", "=": ""}[stat.group(2)]
        for q in filter(_after, self.qualities):  # a value the effect chose (effects_named)
            text += " " + q
        return text

    def phrase(self) -> str:
        """The group inside a sentence: "other creatures you control"."""
        text = self.render()
        if self.noun == "self":
            return "this permanent"
        return text if _proper(text.split(" ")[0]) else text[:1].lower() + text[1:]


# Requirements a grant's sentence may add after its keywords, with no ability granted
# (CR 113.1a, 508.1d): key (as UNASKED_RULES names it) -> (singular verb, plural verb).
GROUP_REQUIREMENTS = {
    "attacks_each_combat": ("attacks each combat if able", "attack each combat if able"),
}


@dataclass(frozen=True)
class KeywordGrant:
    """A static ability adding keywords to a group (CR 613.1f, 604.2), perhaps only while a
    condition mtgrules computes holds (``during``, a key of :data:`CONDITIONS`).

    ``quoted``: instead of keywords, the abilities in quotation marks it grants ("All
    Slivers have "{T}: ...""): each object of the group has that ability, and "this
    creature" in it means that object (CR 613.1f, 113.2); only activated abilities that
    add no mana are read so."""

    group: Group
    keywords: tuple[str, ...]
    during: str = ""
    # "as long as you control an artifact" (cards/static_conditions.py)
    condition: StaticCondition | None = None
    quoted: tuple[Ability, ...] = ()
    # "... have haste and attack each combat if able": a key of GROUP_REQUIREMENTS. Its
    # verb isn't "have": no ability granted (CR 113.1a), the source's own requirement on
    # the group (508.1d), which no question mtgrules answers depends on
    requires: str = ""

    @property
    def what(self) -> str:
        """What it grants, in words: "haste and trample", "“{T}: Draw a card.”"."""
        if self.quoted:
            return " and ".join(f"“{a.words}”" for a in self.quoted)
        return " and ".join(self.keywords)

    def render(self) -> str:
        verb = "has" if self.group.singular else "have"
        if self.quoted:
            quotes = " and ".join(f'"{a.words}"' for a in self.quoted)
            return f"{self.group.render()} {verb} {quotes}"
        text = f"{self.group.render()} {verb} {join_words(self.keywords)}"
        if self.requires:
            singular_verb, plural_verb = GROUP_REQUIREMENTS[self.requires]
            text += f" and {singular_verb if self.group.singular else plural_verb}"
        text += "."
        if self.condition is not None:
            return self.condition.around(text, _inside(text))
        return lead(self.during, text)


@dataclass(frozen=True)
class ColorSetting:
    """A static ability setting the colors of every permanent of a group in layer 5 (CR
    613.1e, 105.2, 105.2c): "All Slivers are colorless.", "All creatures are black."
    ``colors``: the color codes it sets (none: colorless); only "All ..." groups are read."""

    group: Group
    colors: tuple[str, ...] = ()

    @property
    def word(self) -> str:
        names = {code: name for name, code in COLOR_ADJECTIVES.items()}
        return join_words([names[c] for c in self.colors]) if self.colors else "colorless"

    def render(self) -> str:
        verb = "is" if self.group.singular else "are"
        return f"{self.group.render()} {verb} {self.word}."


BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")  # CR 305.6


@dataclass(frozen=True)
class TypeAddition:
    """A static ability giving every land of a group a basic land type in addition to its
    other land types, in layer 4 (CR 613.1d, 305.7): "Each land is a Forest in addition to
    its other land types." The land keeps its types and rules text and gains the type's
    intrinsic mana ability (305.6, 305.7). With ``sets``, "Nonbasic lands are Mountains.":
    every nonbasic land's land type is set to that one (205.4c), so it loses its other land
    types and the abilities of its rules text (305.7)."""

    group: Group
    subtype: str
    sets: bool = False

    def render(self) -> str:
        if self.sets:
            plural = self.subtype if self.subtype.endswith("s") else f"{self.subtype}s"
            return f"Nonbasic lands are {plural}."
        article = "an" if self.subtype[:1] in "AEIOU" else "a"
        return f"{self.group.render()} is {article} {self.subtype} in addition to its other land types."


@dataclass(frozen=True)
class Boost:
    """A static ability changing a group's power and toughness (layer 7c, CR 613.4c, 604.2,
    611.3a): "Creatures you control get +1/+1.", "Enchanted creature gets +2/+0 and has
    flying.", "During your turn, this creature gets +2/+2." (``during``, a key of
    :data:`CONDITIONS`). Keywords in the same sentence are the ability's ``grant`` too
    (layer 6, :class:`KeywordGrant`), so the two layers apply them each in turn."""

    group: Group
    power: int
    toughness: int
    keywords: tuple[str, ...] = ()
    during: str = ""
    # "for each artifact you control": the change once per permanent of this group
    for_each: Group | None = None
    # "as long as you control an artifact / another Elf": only while one of this group exists
    while_control: Group | None = None
    # "as long as you control three or more ...", threshold, hellbent (cards/static_conditions.py)
    condition: StaticCondition | None = None
    # "for each age counter on it", "for each creature card in your graveyard"
    for_each_counted: BoardCount | None = None

    @property
    def grant(self) -> KeywordGrant | None:
        """The keywords of the sentence as the layer-6 grant they are (none under a condition
        that only the power and toughness change reads)."""
        if not self.keywords or self.while_control is not None:
            return None
        return KeywordGrant(self.group, self.keywords, self.during, self.condition)

    def render(self) -> str:
        one = self.group.singular
        text = (
            f"{self.group.render()} {'gets' if one else 'get'} "
            f"{_signed(self.power, self.toughness)}/{_signed(self.toughness, self.power)}"
        )
        if self.keywords:
            text += f" and {'has' if one else 'have'} {join_words(self.keywords)}"
        if self.for_each is not None:
            text += f" for {self.for_each.phrase()}"
        if self.for_each_counted is not None:
            text += f" for each {self.for_each_counted.phrase()}"
        if self.while_control is not None:
            text += f" as long as you control {control_phrase(self.while_control)}"
        if self.condition is not None:
            return self.condition.around(text + ".", _inside(text + "."))
        return lead(self.during, text + ".")


def _signed(n: int, other: int) -> str:
    """ "+1", "-2", and a zero beside a negative number as Oracle text writes it: "-1/-0"."""
    return "-0" if n == 0 and other < 0 else f"{n:+d}"


def control_phrase(group: Group) -> str:
    """ "an artifact", "another Elf": one permanent of a group its controller controls."""
    words = group.phrase().removeprefix("each ").removesuffix(" you control")
    if group.other:
        return "another " + words.removeprefix("other ")
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"


@dataclass(frozen=True)
class ControlUnless:
    """ "[enters tapped] unless you control a Plains or an Island" / "... two or fewer other
    lands" / "... two or more other lands" (CR 614.1c, 614.12): how many permanents of these
    groups its controller controls as it would enter decides."""

    groups: tuple[Group, ...]
    at_least: int = 1
    at_most: int | None = None

    def holds(self, count: int) -> bool:
        return count >= self.at_least and (self.at_most is None or count <= self.at_most)

    def render(self) -> str:
        if self.at_most is not None or self.at_least > 1:
            (group,) = self.groups
            n = self.at_most if self.at_most is not None else self.at_least
            bound = "fewer" if self.at_most is not None else "more"
            words = ["other"] * group.other + [*group.adjectives, plural(group.noun)]
            return f"you control {count_word(n)} or {bound} {' '.join(words)}"
        ones = []
        for group in self.groups:
            article = "an" if group.noun[:1].lower() in "aeiou" else "a"
            ones.append(f"{article} {group.noun}")
        return "you control " + " or ".join(ones)


def rules_note(ability: Ability) -> str:
    """What `mtgrules card` adds after such an ability: what the engine does with it."""
    if ability.boost is not None:
        also = ", its keywords in layer 6: CR 613.1f" if ability.boost.keywords else ""
        return f" (a power/toughness change, applied in layer 7c: CR 613.4c{also})"
    if ability.adds_types is not None:
        return (
            " (a type-changing effect, applied in layer 4, with the land type's mana ability:"
            " CR 613.1d, 305.7, 305.6)"
        )
    if ability.sets_colors is not None:
        return " (a color-setting effect, applied in layer 5: CR 613.1e, 105.2c)"
    if ability.grant is not None and ability.grant.quoted:
        return " (an ability grant, applied in layer 6: CR 613.1f, 113.2)"
    if ability.grant is not None and ability.grant.requires:
        return (
            " (a keyword grant, applied in layer 6: CR 613.1f; its attack requirement is no"
            " ability the group has, and no question depends on it: CR 113.1a, 508.1d)"
        )
    if ability.grant is not None:
        return " (a keyword grant, applied in layer 6: CR 613.1f)"
    if ability.permission is not None:
        rule = "702.10c" if ability.permission.kind == "haste" else "702.8a, 601.3"
        return f" (a permission, read by can_cast/can_activate: CR {rule})"
    if ability.restriction is not None:
        return " (a restriction, which beats any permission: CR 101.2)"
    if ability.cost_change is not None:
        return " (a cost change, applied as the total cost is determined: CR 601.2f, 118.7)"
    if ability.keyword == "split second":
        return " (on the stack it stops casting and non-mana abilities: CR 702.61a-b)"
    if ability.unasked_rule:
        rules = ", ".join(UNASKED_RULES[ability.unasked_rule][1])
        return f" (no question mtgrules answers depends on it: CR {rules})"
    if ability.kind is AbilityKind.SPELL:
        return (
            " (the spell ability: followed as the spell resolves, its targets chosen as it is"
            " cast: CR 113.3a, 608.2, 601.2c)"
        )
    return ""
