"""The effect vocabulary of token copies, casting a card as an effect resolves, and winning or
losing the game (docs/effects.md, "Tokens, copies, casting, the game").

Each is an :class:`~mtgrules.cards.effects.Instruction` naming the rules it carries out.
None of these is carried out by the play-out yet: resolving one is refused, naming it
(:func:`~mtgrules.rules.effects.resolution.carry_out` raises ``Unsupported`` for an
instruction it has no handler for), so reading them widens what the engine can show and
count, not what it answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from mtgrules.cards.effects import YOU, Amount, Instruction, Subject, quoted_ability
from mtgrules.cards.wording import acts

if TYPE_CHECKING:
    from mtgrules.cards.vocabulary import Ability


@dataclass(frozen=True)
class CopyChanges:
    """Characteristics a token copy's effect sets as part of the copying process (CR 707.9b:
    the final values are its copiable values), or says it doesn't copy (707.9c): "except it's
    a 4/4 black Zombie", "except it's an artifact in addition to its other types", "except it
    isn't legendary". ``None`` or empty: copied as they are.

    ``power``/``toughness``: its base power and toughness are these. ``colors``: its colors
    are these (``colors_added``: these too, "in addition to its other colors"). ``types`` and
    ``subtypes``: with ``added`` ("in addition to its other types", 205.1b) it has these as
    well as the copied ones; without, its subtypes are these instead of the copied subtypes of
    the same kind (205.1a). ``not_legendary``: legendary is not among its supertypes."""

    power: int | None = None
    toughness: int | None = None
    colors: tuple[str, ...] = ()
    colors_added: bool = False
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    added: bool = False
    not_legendary: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("707.9b", "707.9c", "205.1a", "205.1b")

    def render(self) -> str:
        parts = []
        if self.power is not None:
            parts.append(f"its base power and toughness are {self.power}/{self.toughness}")
        if self.colors:
            also = " in addition to its other colors" if self.colors_added else " instead"
            parts.append(f"its colors are {' and '.join(self.colors)}{also}")
        kinds = " ".join((*self.subtypes, *(t.lower() for t in self.types)))
        if kinds:
            also = (
                " in addition to its other types"
                if self.added
                else ", instead of the copied subtypes of that kind"
            )
            parts.append(f"it is {kinds}{also}")
        if self.not_legendary:
            parts.append("it isn't legendary")
        return "; ".join(parts)


@dataclass(frozen=True)
class CreateTokenCopy(Instruction):
    """``who`` creates ``amount`` tokens that are copies of ``of`` (CR 111.1, 707.2: each
    has the copiable values of ``of``; of an object that no longer exists, none is made
    unless the effect uses last known information, 111.12), ``tapped`` and ``attacking``
    (508.4: put onto the battlefield attacking)."""

    of: Subject
    amount: Amount = Amount(1)  # noqa: RUF009 - a frozen (immutable) default
    who: Subject = YOU
    tapped: bool = False
    attacking: bool = False
    # "except it has haste and "..."": keywords and quoted abilities the copy gains as part
    # of the copying process (707.9a), each quoted one read whole (oracle/effects_quoted.py)
    keywords: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    # "except it's a 4/4 black Zombie": characteristics set by the copying process (707.9b)
    changes: CopyChanges | None = None
    RULES: ClassVar[tuple[str, ...]] = ("111.1", "707.2", "111.12", "508.4", "707.9a")
    FAMILY: ClassVar[str] = "copy"

    def render(self) -> str:
        how = " tapped and attacking" if self.attacking else " tapped" if self.tapped else ""
        gained = [*self.keywords, *(quoted_ability(a) for a in self.abilities)]
        has = f", except each has {', '.join(gained)}" if gained else ""
        if self.changes is not None:
            has += f"{'; ' if has else ', except '}{self.changes.render()}"
        group = self.of.group if self.of.kind == "each" else None
        if group is not None and not group.attached:  # one copy (or more) of each of them
            return (
                f"{self.who.render()} creates, for each of {self.of.render()}, "
                f"{self.amount.render()} token(s) that are copies of it{how}{has}"
            )
        return (
            f"{self.who.render()} creates {self.amount.render()} token(s) that are copies of "
            f"{self.of.render()}{how}{has}"
        )


@dataclass(frozen=True)
class CastCard(Instruction):
    """``who`` casts ``what``, a card, as the effect resolves (CR 608.2g: following 601.2a-i,
    no player receiving priority after it is cast); ``free``: without paying its mana cost,
    an alternative cost (118.9). Said after "you may", it is that choice's (608.2d).
    ``instead``: the spell cast this way is exiled instead of being put into ``your``
    graveyard or ``any`` graveyard (a replacement, 614.1a); "" when the words say nothing."""

    what: Subject
    free: bool = False
    who: Subject = YOU
    instead: str = ""
    RULES: ClassVar[tuple[str, ...]] = ("608.2g", "601.2", "118.9", "614.1a")
    FAMILY: ClassVar[str] = "cast"

    def render(self) -> str:
        free = " without paying its mana cost" if self.free else ""
        where = "your graveyard" if self.instead == "your" else "a graveyard"
        instead = f"; if that spell would be put into {where}, it is exiled instead"
        return acts(self.who, f"casts {self.what.render()}{free}") + (
            instead if self.instead else ""
        )


@dataclass(frozen=True)
class GameEnds(Instruction):
    """``who`` wins the game (``win``, CR 104.2b) or loses it (104.3e); a player who would
    both win and lose at once loses (104.3f)."""

    who: Subject
    win: bool
    RULES: ClassVar[tuple[str, ...]] = ("104.2b", "104.3e", "104.3f")
    FAMILY: ClassVar[str] = "game"

    def render(self) -> str:
        return acts(self.who, f"{'wins' if self.win else 'loses'} the game")
