"""The Oracle effect reader's casting and playing permissions beyond the first ones
(docs/effects.md, "Casting and playing permissions"): a card exiled or revealed just before
cast now, its mana cost paid (CR 608.2g, 601.2), and the card a linked ability exiled cast
now without paying it (607.2a, 118.9); "Until end of turn, you may cast that card without
paying its mana cost" as the permission it is (611.2a), never a card cast now under a
leading duration; a permission until your next end step said after the card (513.1,
503.1); one of the cards just exiled from the top of a library played for a while; more
than one additional land played this turn (305.2); spells you cast this turn, or the next
one, costing less (601.2f, 118.7a); and the next spell's keyword (611.2f).

These are transformer methods mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`); a tree they can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules import lazyre
from mtgrules.cards.effects import YOU, Amount, Instruction, May, Script
from mtgrules.cards.effects_actions import AdditionalLand
from mtgrules.cards.effects_casting import NextSpellHas, SpellsCostLess
from mtgrules.cards.effects_game import CastCard
from mtgrules.cards.effects_library import CHOSEN_CARD, TOP_CARDS, RevealUntil, TopCards
from mtgrules.cards.oracle.effects_casting import permission, spell_kinds
from mtgrules.cards.oracle.effects_parts import Amend, Unread
from mtgrules.cards.targets import NUMBER_WORDS

_COST_LESS = lazyre.compile(
    r"^(?:(?P<next>the next )(?P<kinds>[a-z, ]*?) ?spell you cast this turn costs"
    r"|(?P<kinds2>[a-z, ]*?) ?spells you cast this turn cost) \{(?P<n>\d+)\} less to cast$"
)
_NEXT_HAS = lazyre.compile(
    r"^the next (?P<kinds>[a-z, ]*?) ?spell you cast this turn has (?P<keyword>[a-z ]+)$"
)
# card types in a list joined by "and" ("artifact, instant, and sorcery")
_TYPE_LIST = lazyre.compile(
    r"^(?:(?:artifact|creature|enchantment|instant|sorcery|planeswalker|battle)(?:, |,? and ))+"
    r"(?:artifact|creature|enchantment|instant|sorcery|planeswalker|battle)$"
)


class CastPermissionPhrases:
    """The transformer methods of casting and playing permissions (see the module's
    docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)
    obj_exiled_linked: Any  # MovePhrases.obj_exiled_linked, on the same transformer

    # -- CR 611.2a, 118.9: "Until end of turn, you may cast that card without paying its
    # mana cost" (after cards exiled until a nonland card is): a permission for the turn
    def gc_until_cast(self, until, verb, what, free):
        if str(free) != "without paying its mana cost":
            raise Unread("whose mana cost")
        return [permission(self.state, verb, what, str(until), free)]

    # -- CR 611.2a, 513.1, 503.1: "You may play that card until your next end step"
    def gc_play_later(self, verb, what, until):
        return [permission(self.state, verb, what, str(until))]

    # -- CR 611.2a: "You may play one of those cards this turn" after the top cards of a
    # library were exiled: a permission for one of them only
    def gc_play_one(self, verb, _one, until):
        return self._gc_one(verb, str(until), None)

    # -- "Until your next end step, you may play one of those cards [without paying its
    # mana cost]" (118.9)
    def gc_play_one_prefix(self, until, verb, _one, *free):
        if free and str(free[0]) != "without paying its mana cost":
            raise Unread("whose mana cost")
        return self._gc_one(verb, str(until), free[0] if free else None)

    def _gc_one(self, verb: Any, until: str, free: Any) -> Amend:
        if self.state.last_object != TOP_CARDS:
            raise Unread("one of what")
        may = replace(permission(self.state, verb, TOP_CARDS, until, free), one=True)

        def add(steps: list[Instruction]) -> list[Instruction]:
            # "those cards" are the cards the sentence just before exiled from the top, and
            # only they: after a sentence exiling anything else ("Exile it. If you do, exile
            # the top card of your library."), "those cards" may be that too
            if not steps or not _exiled_top(steps[-1]):
                raise Unread("one of which cards")
            if any(_exiles(step) for step in steps[:-1]):
                raise Unread("one of which cards")
            return [*steps, may]

        return Amend(add, whole=True)

    # -- CR 608.2g, 601.2: "You may cast that card." after the top card of a library was
    # exiled or revealed: cast now, as the effect resolves, its mana cost paid
    def gc_cast_now(self, _words):
        what = self.state.last_object
        if what not in (TOP_CARDS, CHOSEN_CARD):
            raise Unread("cast what")
        cast = May(Script((CastCard(what),)))

        def add(steps: list[Instruction]) -> list[Instruction]:
            # "that card": the one card the sentence just before took from the top of a
            # library, or revealed (or exiled) until one of a kind was (701.20a)
            last = steps[-1] if steps else None
            one_top = isinstance(last, TopCards) and last.amount == Amount(1)
            if not (one_top and what == TOP_CARDS) and not (
                isinstance(last, RevealUntil) and what == CHOSEN_CARD
            ):
                raise Unread("cast which card")
            return [*steps, cast]

        return Amend(add, whole=True)

    # -- CR 607.2a, 608.2g, 118.9: "You may cast the exiled card without paying its mana
    # cost." as a triggered ability's first words: the card its linked ability exiled
    def gc_cast_exiled(self, _words):
        what = self.obj_exiled_linked(None)  # unread after anything was named
        return [May(Script((CastCard(what, free=True),)))]

    # -- CR 601.2f, 118.7a, 611.2a: "Instant and sorcery spells you cast this turn cost {1}
    # less to cast", "The next spell you cast this turn costs {1} less to cast"
    def gc_cost_less(self, words):
        found = _COST_LESS.match(str(words))
        if found is None:
            raise Unread("which spells cost less")
        kinds = (found["kinds"] or found["kinds2"] or "").strip()
        # a list of card types joined by "and" names the spells of each type ("instant and
        # sorcery spells": each instant spell and each sorcery spell)
        if _TYPE_LIST.match(kinds):
            kinds = re.sub(r"(,? )and ", r"\1or ", kinds)
        return [
            SpellsCostLess(int(found["n"]), spell_kinds(f"{kinds} spells"), bool(found["next"]))
        ]

    # -- CR 611.2f, 601.2a: "The next spell you cast this turn has convoke", "The next
    # instant or sorcery spell you cast this turn has storm"
    def gc_next_has(self, words):
        found = _NEXT_HAS.match(str(words))
        if found is None:
            raise Unread("which spell has what")
        kinds = found["kinds"].strip()
        return [NextSpellHas(found["keyword"], spell_kinds(f"{kinds} spells"))]

    # -- CR 305.2: "You may play up to three additional lands this turn"
    def gc_more_lands(self, words):
        count = str(words).split()[-5]
        return [AdditionalLand(YOU, NUMBER_WORDS.index(count))]


def _exiled_top(step: Instruction) -> bool:
    """The top cards of a library exiled ("Exile the top two cards of your library")."""
    return isinstance(step, TopCards) and step.how == "exile"


def _exiles(step: Instruction) -> bool:
    """Whether ``step``, or anything in it, exiles or takes cards from a library."""
    return "Exile" in repr(step) or "'exile'" in repr(step)
