"""Card vocabulary for the "as though" permissions and the "can't" and "only" restrictions
of static abilities.

* :class:`Permission` — "you may cast spells as though they had flash" (CR 702.8a,
  601.3) and "you may activate abilities of creatures you control as though those
  creatures had haste" (702.10c, 302.6);
* :class:`Restriction` — "can't" and "only" effects on casting spells, activating
  abilities and playing lands (CR 101.2, 601.3, 602.5, 305.1), with the conditions
  mtgrules computes (during your turn, during combat), and the windows of a turn named by
  "Cast this spell only during ..." (:data:`CAST_WINDOWS`, CR 113.6e, 601.3).

Each is read from one exact Oracle template (:mod:`mtgrules.cards.oracle.statics`,
:mod:`mtgrules.cards.oracle.cast_windows`) and renders back to it. The rules that apply
them are :mod:`mtgrules.rules.casting.permissions` and :mod:`mtgrules.rules.casting.restrictions`.
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgrules.cards.statics import CONDITIONS, Group, join_words, lead, plural

# The windows of a turn in which a card with "Cast this spell only during ..." may be cast
# (CR 113.6e, 601.3), as the card's words name them, and the steps each allows (None: any
# step of the phases given).
CAST_WINDOWS: dict[str, tuple[tuple[str, ...], tuple[str, ...] | None]] = {
    "combat": (("combat",), None),
    "combat_before_blockers": (("combat",), ("beginning_of_combat", "declare_attackers")),
    "combat_after_blockers": (("combat",), ("declare_blockers", "combat_damage", "end_of_combat")),
    "declare_attackers": (("combat",), ("declare_attackers",)),
    "declare_blockers": (("combat",), ("declare_blockers",)),
    "upkeep": (("beginning",), ("upkeep",)),
    "end": (("ending",), ("end",)),
    "after_combat": (("postcombat_main", "ending"), None),
    "turn": ((), None),  # only whose turn it is matters
}


def cast_window_words(window: str, who: str) -> str:
    """How a card words its window: "during combat on an opponent's turn", "during your
    declare attackers step", "after combat"."""
    whose = {"you": "your", "opponents": "an opponent's"}.get(who, "")
    if window == "turn":
        return f"during {whose or 'any'} turn"
    if window == "after_combat":
        return "after combat" + (f" on {whose} turn" if whose else "")
    if window.startswith("combat"):
        rest = {"combat": "", "combat_before_blockers": " before blockers are declared"}.get(
            window, " after blockers are declared"
        )
        return f"during combat{f' on {whose} turn' if whose else ''}{rest}"
    step = _STEP_WORDS[window]
    if whose == "your" or (whose and window in ("upkeep", "end")):
        return f"during {whose} {step}"  # "during your end step", "during an opponent's upkeep"
    return f"during the {step}" + (f" on {whose} turn" if whose else "")


_STEP_WORDS = {
    "declare_attackers": "declare attackers step",
    "declare_blockers": "declare blockers step",
    "upkeep": "upkeep",
    "end": "end step",
}


def spells_phrase(kinds: tuple[str, ...], conjunction: str, each_noun: bool = False) -> str:
    """ "spells", "creature spells", "creature and enchantment spells", "Dragon spells and
    artifact spells" (``each_noun``)."""
    if not kinds:
        return "spells"
    if each_noun:
        return join_words([f"{k} spells" for k in kinds], conjunction)
    return f"{join_words(kinds, conjunction)} spells"


PERMISSION_WHO = {"you": "You may", "any": "Any player may", "players": "Players may"}


@dataclass(frozen=True)
class Permission:
    """An "as though" permission of a static ability.

    ``kind`` ``flash``: ``who`` (``you``, ``any``, ``players``) may cast spells of the
    ``spells`` kinds (none: every spell) as though they had flash (CR 702.8a, 601.3);
    ``haste``: "you" may activate abilities of the ``group``'s creatures as though they
    had haste (702.10c, 302.6). ``spells`` are kinds as Oracle text names them: a card
    type (``creature``), ``non`` + a card type, a subtype (``Spirit``), a color and a type
    (``green creature``), ``historic``, ``colorless``, ``legendary``, ``permanent``.
    """

    kind: str
    who: str = "you"
    spells: tuple[str, ...] = ()
    each_noun: bool = (
        False  # "Dragon spells and artifact spells" rather than "Dragon and artifact spells"
    )
    group: Group | None = None
    during: str = ""

    def render(self) -> str:
        if self.kind == "haste":
            group = self.group.phrase() if self.group else "creatures you control"
            return f"You may activate abilities of {group} as though those creatures had haste."
        spells = spells_phrase(self.spells, "and", self.each_noun)
        return lead(
            self.during, f"{PERMISSION_WHO[self.who]} cast {spells} as though they had flash."
        )


RESTRICTED_WHO = {
    "you": "You",
    "opponents": "Your opponents",
    "each_opponent": "Each opponent",
    "players": "Players",
    "each_player": "Each player",
}
# Zones "can't cast spells from ..." names: key -> Oracle words.
FROM_ZONES = {
    "graveyard": "graveyards",
    "library": "libraries",
    "exile": "exile",
    "not_hand": "anywhere other than their hands",
}
NOT_ALSO = ("attack or block", "block", "attack")


@dataclass(frozen=True)
class Restriction:
    """A "can't" or "only" effect of a static ability (CR 101.2: it beats any "can").

    ``kind``:

    * ``cast``: ``who`` can't cast spells of the ``spells`` kinds (none: any spell), from
      ``from_zones`` if given, ``during`` a condition if given (``leading``: the condition
      opens the sentence); ``also_activate``: nor activate abilities of permanents of these
      card types, in lower case (Grand Abolisher) — CR 601.3, 602.5;
    * ``cast_only``: ``who`` can cast spells only ``only`` = ``sorcery`` (any time they could
      cast a sorcery, 307.5) or ``own_turn`` (during their own turns);
    * ``cast_window``: this card itself can be cast only during the window ``only`` (a key
      of :data:`CAST_WINDOWS`) of a turn of ``who`` (``you``: its caster's, ``opponents``:
      an opponent's, ``players``: anyone's), and only if ``also`` (a condition in the
      card's words, which mtgrules doesn't check) holds — CR 113.6e, 601.3;
    * ``cast_count``: ``who`` can't cast more than ``per_turn`` spells (of ``spells`` kinds)
      each turn;
    * ``activate``: activated abilities of permanents of ``of_types`` (lower case; controlled by
      ``whose``: ``any`` or ``opponents``), or of the permanent the source is ``attached``
      to, can't be activated, ``unless_mana`` abilities (602.5); ``also``: what else the
      attached permanent can't do (attack or block: no question asks about it);
    * ``play_lands``: ``who`` can't play lands (305.1, 116.2a).

    ``who`` is ``you`` (the source's controller, 109.5), ``opponents``/``each_opponent``,
    ``players``/``each_player`` (the two wordings of each mean the same players).
    """

    kind: str
    who: str = "opponents"
    spells: tuple[str, ...] = ()
    from_zones: tuple[str, ...] = ()
    during: str = ""
    leading: bool = False
    also_activate: tuple[str, ...] = ()
    only: str = ""
    per_turn: int = 0
    of_types: tuple[str, ...] = ()
    whose: str = "any"
    attached: str = ""  # "enchanted creature", "enchanted permanent", "equipped creature"
    unless_mana: bool = False
    also: str = ""

    def render(self) -> str:
        who = RESTRICTED_WHO.get(self.who, "")
        unless = " unless they're mana abilities" if self.unless_mana else ""
        if self.kind == "cast":
            text = f"{who} can't cast {spells_phrase(self.spells, 'or')}"
            if self.from_zones:
                text += " from " + join_words([FROM_ZONES[z] for z in self.from_zones], "or")
            if self.during and not self.leading:
                text += f" {CONDITIONS[self.during][1]}"
            if self.also_activate:
                types = [plural(t) for t in self.also_activate]
                text += f" or activate abilities of {join_words(types, 'or')}"
            return lead(self.during if self.leading else "", text + ".")
        if self.kind == "cast_window":
            text = f"Cast this spell only {cast_window_words(self.only, self.who)}"
            return f"{text} and only {self.also}." if self.also else f"{text}."
        if self.kind == "cast_only":
            when = (
                "any time they could cast a sorcery"
                if self.only == "sorcery"
                else ("during your turn" if self.who == "you" else "during their own turns")
            )
            return f"{who} can cast spells only {when}."
        if self.kind == "cast_count":
            kind = f"{self.spells[0]} " if self.spells else ""
            n = self.per_turn
            count = "one" if n == 1 else str(n)
            return f"{who} can't cast more than {count} {kind}spell{'s' * (n != 1)} each turn."
        if self.kind == "play_lands":
            return f"{who} can't play lands."
        if self.attached:
            subject = self.attached[:1].upper() + self.attached[1:]
            if self.also:
                return f"{subject} can't {self.also}, and its activated abilities can't be activated{unless}."
            return f"{subject}'s activated abilities can't be activated{unless}."
        types = join_words([plural(t) for t in self.of_types], "and")
        whose = " your opponents control" if self.whose == "opponents" else ""
        return f"Activated abilities of {types}{whose} can't be activated{unless}."
