"""The effect vocabulary of one action done at once to several objects a sentence names apart
(docs/effects.md, "Objects acted on together").

"Destroy all artifacts and enchantments", "Destroy target artifact and target enchantment",
"Exile target creature and target land", "Untap all Forests and all green creatures",
"Return target creature and target land to their owners' hands", "Destroy target
artifact and all other artifacts with the same name as that artifact": one instruction whose
action is taken on every object its subjects name at the same time (CR 608.2f), not one
instruction after another: destroying the artifact first could take away what made the
enchantment indestructible (702.12b), or what made a creature a creature.

Each is an :class:`~mtgrules.cards.effects.Instruction` naming the rules it carries out.
The play-out carries out none of them yet: resolving one is refused, naming it
(:func:`~mtgrules.rules.effects.resolution.carry_out` raises ``Unsupported`` for an
instruction it has no handler for).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from mtgrules.cards.effects import Instruction, Subject

if TYPE_CHECKING:
    from mtgrules.cards.statics import Group


def _kind(group: Group) -> str:
    """The group's words after "each": "nonland permanent", "Aura you control"."""
    return replace(group, quantifier="each").render().removeprefix("Each ")


def _joined(
    what: tuple[Subject, ...], same_name: Group | None = None, attached: Group | None = None
) -> str:
    words = [s.render() for s in what]
    if same_name is not None:
        words.append(f"every other {_kind(same_name)} with the same name as {what[0].render()}")
    if attached is not None:
        words.append(f"every {_kind(attached)} attached to {what[0].render()}")
    if len(words) <= 2:
        return " and ".join(words)
    return ", ".join(words[:-1]) + ", and " + words[-1]


@dataclass(frozen=True)
class Together(Instruction):
    """An action taken at once on every object of ``what`` (CR 608.2f): each subject a
    target, or every permanent of a group (``each``); and, with ``same_name``, on every
    other permanent of that group whose name is the first one's as the action is taken
    ("target creature and all other creatures with the same name as that creature", CR
    201.2a); with ``attached``, on every permanent of that group attached to the first one
    as the action is taken ("target creature and all Auras attached to it", 303.4,
    301.5)."""

    what: tuple[Subject, ...]
    same_name: Group | None = None
    attached: Group | None = None
    VERB: ClassVar[str] = ""

    def _objects(self) -> str:
        return _joined(self.what, self.same_name, self.attached)

    def render(self) -> str:
        return f"{self.VERB} {self._objects()}, all at the same time"


@dataclass(frozen=True)
class DestroyTogether(Together):
    """Destroy every object ``what`` names at once (CR 701.8a, 608.2f)."""

    RULES: ClassVar[tuple[str, ...]] = ("701.8a", "608.2f")
    FAMILY: ClassVar[str] = "destroy"
    VERB: ClassVar[str] = "destroy"


@dataclass(frozen=True)
class ExileTogether(Together):
    """Exile every object ``what`` names at once (CR 701.13a, 608.2f)."""

    RULES: ClassVar[tuple[str, ...]] = ("701.13a", "608.2f")
    FAMILY: ClassVar[str] = "exile"
    VERB: ClassVar[str] = "exile"


@dataclass(frozen=True)
class TapTogether(Together):
    """Tap (``untap``: untap) every permanent ``what`` names at once (CR 701.26a-b,
    608.2f)."""

    untap: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("701.26a", "701.26b", "608.2f")
    FAMILY: ClassVar[str] = "tap"

    def render(self) -> str:
        verb = "untap" if self.untap else "tap"
        return f"{verb} {self._objects()}, all at the same time"


@dataclass(frozen=True)
class ReturnTogether(Together):
    """Put every object ``what`` names into its owner's hand at once ("return ... to their
    owners' hands": each card to its own owner's, CR 400.3, 608.2f)."""

    RULES: ClassVar[tuple[str, ...]] = ("400.3", "608.2f")
    FAMILY: ClassVar[str] = "move"

    def render(self) -> str:
        return f"put {self._objects()} into their owners' hands, all at the same time"
