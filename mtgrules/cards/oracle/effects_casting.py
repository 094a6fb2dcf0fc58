"""The Oracle effect reader's phrases for casting and playing (docs/effects.md, "Casting and
playing"): a copy of a card cast after "Copy it." (CR 707.12), spells cast from a hand or
from among the cards a sentence named as the effect resolves (608.2g, 601.2), and
permissions to play a card for a while (611.2a) without paying its mana cost (118.9) or
until a later step (513.1, 503.1).

These are transformer methods mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`); a tree they can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import Amount, Instruction, May, Script, Subject
from mtgrules.cards.effects_casting import CantCast, CastSpells, FlashPermission
from mtgrules.cards.effects_game import CastCard
from mtgrules.cards.effects_library import CHOSEN_CARD, TOP_CARDS, CardKinds, MayPlay
from mtgrules.cards.oracle.effects_library import PERMISSION_UNTIL, card_choice, whole_target
from mtgrules.cards.oracle.effects_parts import (
    Amend,
    Unread,
    VerbPhrase,
    amount_word,
    third_person,
    you_only,
)

# how long a permission lasts (CR 611.2a): the words, and MayPlay's ``until``
_UNTIL = {
    **PERMISSION_UNTIL,
    "until your next end step": "your_next_end_step",
    "until the beginning of your next upkeep": "your_next_upkeep",
}
_SPELLS = re.compile(
    r"^(?P<count>a|an|any number of) (?P<kinds>.*?)\s*(?P<noun>spells?)"
    r"(?: with mana value (?P<value>\d+|X) or less)?$"
)


def permission(state: Any, verb: Any, what: Subject, until: str, free: Any = None) -> MayPlay:
    """A permission to play (or cast) ``what``, a card a sentence before named, for as long
    as ``until`` says (CR 611.2a); ``free``: the words "without paying its mana cost"
    (118.9), whose pronoun must agree with what is played."""
    if what not in (TOP_CARDS, CHOSEN_CARD) and what.kind != "target":
        raise Unread("play what")
    whole_target(state, what)
    if until.startswith("for as long as"):
        duration = "exiled"
    elif until.lower() in _UNTIL:
        duration = _UNTIL[until.lower()]
    else:
        raise Unread(until)
    return MayPlay(what, duration, cast=str(verb) == "cast", free=free is not None)


class CastingPhrases:
    """The transformer methods of casting and playing (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    # -- CR 608.2g, 601.2, 118.9: "you may cast an instant or sorcery spell from your hand
    # without paying its mana cost", "... a spell with mana value 3 or less from among them"
    def cast_spells(self, verb, spells, source, free=None):
        found = _SPELLS.match(str(spells))
        if found is None:
            raise Unread("which spells")
        many = found["count"] == "any number of"
        if many != (found["noun"] == "spells"):
            raise Unread("how many spells")
        if free is not None and str(free).endswith("costs") != many:
            raise Unread("whose mana cost")
        kinds_words = f"a {found['kinds']} card" if found["kinds"] else "a card"
        _, kinds = card_choice(kinds_words)
        value: Amount | None = None
        if found["value"] is not None:
            value = Amount(x=True) if found["value"] == "X" else amount_word(found["value"])
        among: Subject | None = None
        if str(source) != "from your hand":
            if self.state.last_object != TOP_CARDS:
                raise Unread("from among what")
            among = TOP_CARDS
        cast = CastSpells(kinds, among, value, many, free is not None)
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and cast)

    # -- CR 611.2a, 118.9: "Until end of turn, you may play that card without paying its
    # mana cost", "You may play it this turn without paying its mana cost"
    def may_play_free(self, verb, what, *rest):
        until = next(str(r) for r in rest if getattr(r, "type", "") == "PLAY_UNTIL")
        free = next(r for r in rest if getattr(r, "type", "") == "WITHOUT_PAYING_ANY")
        return [permission(self.state, verb, what, until, free)]

    # -- CR 611.2a, 118.14, 609.4b: "You may cast that card for as long as it remains exiled,
    # and mana of any type can be spent to cast that spell" ("..., and you may spend mana as
    # though it were mana of any color to cast that spell")
    def may_play_spend(self, verb, what, until, spend):
        return [replace(permission(self.state, verb, what, str(until)), spend=spend_kind(spend))]

    # -- CR 614.1a: "If that spell would be put into a graveyard, exile it instead." after a
    # permission to cast a card, or a card cast now: the spell cast with it
    def spell_exiled_instead(self, words):
        yours = "your graveyard" in str(words).lower()

        def amend(step: Instruction) -> Instruction:
            instead = "your" if yours else "any"
            if isinstance(step, MayPlay) and not step.instead:
                return replace(step, instead=instead)
            # "You may cast target instant card from your graveyard": the card cast now
            if isinstance(step, May) and len(step.then.steps) == 1:
                (cast,) = step.then.steps
                if isinstance(cast, CastCard) and not cast.instead:
                    return May(Script((replace(cast, instead=instead),)))
            raise Unread("which spell is exiled instead")

        return Amend(amend)

    # -- CR 611.2a: "Until your next end step, you may play that card" (513.1), "Until the
    # beginning of your next upkeep, ..." (503.1)
    def may_play_until(self, until, verb, what, free=None):
        return [permission(self.state, verb, what, str(until), free)]

    # -- CR 608.2g, 118.9 and 611.2a: "You may cast target instant card from your graveyard
    # without paying its mana cost" (cast now) or "... this turn" (a permission); the target
    # reader keeps the words after the target phrase as its spec's ``rest``
    def may_cast_target(self, verb, target):
        index = int(str(target)[3:])
        specs = self.state.specs
        if index >= len(specs) or index in self.state.players:
            raise Unread("cast what")
        spec = specs[index]
        if spec.zone != "graveyard":  # a card cast from where it is, never a permanent (601.2a)
            raise Unread("cast from where")
        what = Subject("target", index=index)
        self.state.rest_read.add(index)  # the words after the phrase are read here
        if spec.rest in ("without paying its mana cost", ""):  # cast now (608.2g)
            return [May(Script((CastCard(what, free=bool(spec.rest)),)))]
        if spec.rest.lower() in _UNTIL:
            return [MayPlay(what, _UNTIL[spec.rest.lower()], cast=True)]
        raise Unread("cast it how")

    # -- CR 702.8a, 601.3b, 611.2a: "You may cast spells this turn as though they had flash",
    # "Until your next turn, you may cast sorcery spells as though they had flash"
    def flash_this_turn(self, _cast, spells, _flash):
        return [FlashPermission(spell_kinds(spells), "end_of_turn")]

    def flash_next_turn(self, _until, _cast, spells, _flash):
        return [FlashPermission(spell_kinds(spells), "your_next_turn")]

    # -- CR 101.2, 601.2, 305.1: "Your opponents can't cast noncreature spells this turn",
    # "Target player can't play lands this turn"
    def cant_cast(self, caster, cant):
        words = str(caster).lower()
        if words.startswith("tgt"):
            index = int(words[3:])
            if index not in self.state.players:
                raise Unread("who can't cast")
            who = Subject("target", index=index)
        else:
            who = _CASTERS[words]
        what = str(cant).removeprefix("can't ")
        if what == "play lands":
            return [CantCast(who, spells=False, lands=True)]
        return [CantCast(who, spell_kinds(what.removeprefix("cast ")))]


# who "can't cast": the players the words name
_CASTERS = {
    "your opponents": Subject("each_opponent"),
    "each opponent": Subject("each_opponent"),
    "players": Subject("each_player"),
    "each player": Subject("each_player"),
}


def spell_kinds(spells: Any) -> CardKinds:
    """ "sorcery spells", "instant or sorcery spells", "spells": which cards, as spells."""
    words = str(spells).removesuffix("spells").strip()
    return card_choice(f"two {words} cards" if words else "two cards")[1]


def spend_kind(words: Any) -> str:
    """How a permission's spell may be paid for (CR 118.14, 609.4b): mana of any type, or
    mana as though it were mana of any color (colorless mana isn't)."""
    return "any_color" if "of any color" in str(words) else "any_type"
