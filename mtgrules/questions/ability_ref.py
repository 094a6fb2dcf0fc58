"""The object and ability a question names (``{object: REF, ability: N | KEYWORD}``).

Shared by the questions about one ability (is_mana_ability, mana_produced,
x_value) so that each finds and quotes it the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgrules.cards.vocabulary import Ability
from mtgrules.caseio.case import Case
from mtgrules.model.state import GameObject
from mtgrules.questions.abilities import describe
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.ability_numbers import find_ability
from mtgrules.rules.keywords import activated_form
from mtgrules.rules.layers.characteristics import characteristics


@dataclass(frozen=True)
class AbilityRef:
    obj: GameObject
    number: int
    ability: Ability
    has_it: bool  # False: the object lost it

    @property
    def quoted(self) -> str:
        """ "ability 1 of Llanowar Elves, “{T}: Add {G}.”"."""
        unread = self.ability.described_only
        words = self.ability.words if unread else describe(self.ability)
        return f"ability {self.number} of {self.obj.label}, “{words}”"


def ability_ref(
    case: Case, abilities_of: GameObject | None = None, *, unmodeled: bool = False
) -> AbilityRef:
    """The named ability; :class:`Unsupported` if it isn't there or isn't modeled.

    ``abilities_of`` numbers the abilities of another object's card (a copy's
    copied card) instead of the object's own characteristics; ``unmodeled=True``
    returns an ability mtgrules doesn't model too (for a question its words can settle).
    """
    spec = case.question.value
    obj = case.state.find(spec["object"])
    which = spec.get("ability", 1)
    # its abilities are known after layer 6; its power and toughness don't matter here
    chars = characteristics(case.state, abilities_of or obj, through="6")
    named = find_ability(chars, which)
    if named is None:
        raise Unsupported(f"{obj.name} has no ability {which}")
    ability = named.ability
    form = activated_form(ability)
    if form is not None:
        ability = form[0]
    if ability.described_only and not unmodeled:  # a spell ability's effect is only words
        raise Unsupported(f"mtgrules does not model this ability of {obj.name}: “{ability.words}”")
    return AbilityRef(obj, named.number, ability, named.has_it)
