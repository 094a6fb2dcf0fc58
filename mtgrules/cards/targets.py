"""Target requirements in the card vocabulary (CR 115).

A :class:`TargetSpec` is one instance of the word "target" on a spell or ability
(CR 115.1, 115.3), or the enchant ability of an Aura spell (303.4a, 702.5a): what
may be chosen, where, whose, with which qualities, and how many. An ability's
:class:`Targeting` holds its specs in the order the card names them, or says that
the card speaks of a target mtgrules could not read, which makes answers that
depend on it unsupported.

The words of ``what`` are the vocabulary the rules read:

- lowercase card types (``artifact``, ``creature``, ``land``, ``instant``, ...), joined
  with spaces when an object must have each (``artifact creature``);
- Capitalized subtypes (``Goblin``, ``Aura``; ``Angel creature``);
- ``permanent`` (any permanent), ``card`` (any card in its zone), ``spell`` (any
  spell), ``player``, ``opponent``, ``activated ability``, ``triggered ability``.

``qualifiers`` apply to every alternative: ``attacking``, ``blocking``,
``attacking or blocking``, ``tapped``, ``untapped``, ``token``, ``nontoken``,
``face-down``, ``other`` (not the source itself), colors (``black``, ``nonblack``,
``colorless``, ``multicolored``, ``monocolored``), supertypes (``legendary``,
``nonlegendary``, ``basic``, ``nonbasic``, ``snow``), ``non<type>`` (``nonland``),
``non-<Subtype>`` (``non-Human``), ``with <keyword>`` / ``without <keyword>``,
``power<=N`` / ``power>=N`` (also ``toughness`` and ``mana value``) and
``counter`` / ``+1/+1 counter`` (with such a counter on it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

# CR 115.4: "any target" is a creature, player, planeswalker or battle
ANY_TARGET = ("creature", "player", "planeswalker", "battle")
# the zones a target can be in: permanents (115.2), spells and abilities, cards in graveyards
ZONES = ("battlefield", "stack", "graveyard")
# whose: the object's controller (for a card in a graveyard, its owner)
CONTROLLERS = ("any", "you", "opponent", "not_you")
# how Oracle text writes the counts up to ten (the vocabulary's count words too)
NUMBER_WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
)


@dataclass(frozen=True)
class TargetSpec:
    """One target requirement: ``minimum``..``maximum`` different objects or players
    (``maximum`` None: any number; ``x``: exactly X, the value announced), each fitting
    one of ``what`` in ``zone``, with ``controller`` and every qualifier.

    ``whole`` is False when the card's phrase says more than mtgrules read (``rest``):
    the spec is then less strict than the card, so "nothing fits it" still means no
    legal target, while a candidate that fits it may not be one.
    """

    what: tuple[str, ...]
    zone: str = "battlefield"
    controller: str = "any"
    qualifiers: tuple[str, ...] = ()
    minimum: int = 1
    maximum: int | None = 1
    x: bool = False
    whole: bool = True
    rest: str = ""
    # the phrase in the card's own words, only when read from imported data
    phrase: str = field(default="", compare=False)
    # the keyword action whose rule makes it a target, its words saying no "target":
    # "earthbend" (CR 701.66a), "support" (701.41a); its phrase is then empty
    implied: str = ""

    @property
    def any_target(self) -> bool:
        """CR 115.4: "any target"."""
        return set(self.what) == set(ANY_TARGET) and not self.qualifiers

    @property
    def players(self) -> bool:
        """Whether a player can be chosen."""
        return any(w in ("player", "opponent") for w in self.what)

    @property
    def optional(self) -> bool:
        """CR 115.6: it allows zero targets ("up to N", "any number of")."""
        return not self.x and self.minimum == 0

    def words(self) -> str:
        """How an answer quotes it: the card's phrase when imported, else its rendering
        (with the keyword action whose rule makes it a target, when its words don't say)."""
        if self.implied:  # "any number of target creatures (support, up to X)"
            rest = f", {self.rest.strip('()')}" if self.rest else ""
            return f"{self.render()} ({self.implied}{rest})"
        return self.phrase or self.render()

    def render(self) -> str:
        """The phrase in Oracle style: "target artifact", "up to two target creatures"."""
        plural = self.x or self.maximum is None or self.maximum > 1
        count = self._count()
        other = "other" in self.qualifiers
        if self.any_target or (set(self.what) == set(ANY_TARGET) and self.qualifiers == ("other",)):
            if not count:
                return "any other target" if other else "any target"
            return f"{count}{'other ' if other else ''}target{'s' if plural else ''}"
        lead = "another " if other and not count else ("other " if other else "")
        quals = [q for q in self.qualifiers if _leading(q) and q != "other"]
        noun = {"stack": "spell", "graveyard": "card"}.get(self.zone, "")
        generic = {"spell", "card", "player", "opponent"}
        alts = [w for w in self.what]
        if noun and all(w not in generic and "ability" not in w for w in alts):
            nouns = _join_or(alts) + " " + _plural(noun, plural)
        else:
            nouns = _join_or([_plural(w, plural) for w in alts])
        tail = [_tail(q) for q in self.qualifiers if not _leading(q)]
        tail.append(_controller_words(self.controller, self.zone))
        words = " ".join(w for w in [*quals, nouns, *tail] if w)
        return f"{count}{lead}target {words}"

    def _count(self) -> str:
        if self.x:
            return "X "
        if self.maximum is None:
            return "any number of "
        if self.minimum == 0:
            return f"up to {_number(self.maximum)} "
        if (self.minimum, self.maximum) == (1, 3):
            return "one, two, or three "
        if self.minimum != self.maximum:
            return f"{_number(self.minimum)} or {_number(self.maximum)} "
        return "" if self.maximum == 1 else f"{_number(self.maximum)} "


def _number(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def _join_or(words: list[str]) -> str:
    if len(words) <= 2:
        return " or ".join(words)
    return ", ".join(words[:-1]) + ", or " + words[-1]


def _plural(words: str, plural: bool) -> str:
    if not plural:
        return words
    last = words.split(" ")[-1]
    if last == "ability":
        return words[: -len("ability")] + "abilities"
    return words + ("es" if last.endswith(("s", "sh", "ch")) else "s")


def _leading(q: str) -> bool:
    """Qualifiers written before the noun ("nonland permanent"), not after ("with flying")."""
    return not (q.startswith(("with ", "without ")) or "=" in q or "counter" in q)


def _tail(q: str) -> str:
    for stat in ("power", "toughness", "mana value"):
        for op, word in (("<=", " or less"), (">=", " or greater"), ("=", "")):
            if q.startswith(stat + op):
                return f"with {stat} {q[len(stat) + len(op) :]}{word}"
    if q == "counter":
        return "with a counter on it"
    if q.endswith("counter"):
        return f"with a {q} on it"
    return q


def _controller_words(controller: str, zone: str) -> str:
    if zone == "graveyard":
        return {
            "you": "from your graveyard",
            "opponent": "from an opponent's graveyard",
        }.get(controller, "from a graveyard")
    return {
        "you": "you control",
        "opponent": "an opponent controls",
        "not_you": "you don't control",
    }.get(controller, "")


@dataclass(frozen=True)
class Targeting:
    """The target requirements of one ability, in the order the card names them.

    ``unreadable`` is the phrase (or sentence) where the card speaks of a target in a
    way mtgrules can't read: then ``specs`` are not the whole story and any answer that
    depends on the targets is unsupported.
    """

    specs: tuple[TargetSpec, ...] = ()
    unreadable: str = ""
    # a modal spell or ability (CR 700.2): each mode's requirements, of which ``choose``
    # modes are chosen, different ones unless ``repeat`` ("you may choose the same mode
    # more than once"); ``specs`` is then empty
    modes: tuple[Targeting, ...] = ()
    choose: int = 1
    repeat: bool = False

    @property
    def read(self) -> bool:
        """Every requirement was read, each one whole (in every mode)."""
        return (
            not self.unreadable
            and all(s.whole for s in self.specs)
            and all(m.read for m in self.modes)
        )

    @property
    def targets_anything(self) -> bool:
        """It says "target" somewhere: it has requirements, or words mtgrules can't read."""
        return bool(self.specs or self.unreadable or any(m.targets_anything for m in self.modes))

    def render(self) -> str:
        """What it targets, as `mtgrules card` lists it: each requirement, each mode's."""
        parts = [s.words() + ("" if s.whole else " (partly read)") for s in self.specs]
        if self.modes:
            head = f"choose {self.choose}" + (", a mode may repeat" if self.repeat else "")
            modes = [f"mode {i}: {m.render() or 'no target'}" for i, m in enumerate(self.modes, 1)]
            parts.append(f"{head}; " + "; ".join(modes))
        if self.unreadable:
            parts.append(f"not read: “{' '.join(self.unreadable.split())}”")
        return "; ".join(parts)
