"""The Oracle effect reader's verb phrases for the vocabulary's own instructions (docs/effects.md):
destroy (CR 701.8), exile (406), return and put into a zone (400.7), counters (122),
sacrifice (701.21), counter a spell (701.6), regenerate (701.19), draw (121), discard
(701.9), mill (701.17), life (119), damage (120), tokens (111), tap and untap (701.26),
power/toughness and keyword changes (611.2), mana (106), scry and surveil (701.22,
701.25), fight (701.14) and control (613.1b), and the destinations of a move. Transformer
methods mixed into the reader's transformer (:mod:`mtgrules.cards.oracle.effects`), like
the other subjects' modules; each returns a
:class:`~mtgrules.cards.oracle.effects_parts.VerbPhrase` made for its subject when the
clause is read, and raises :class:`~mtgrules.cards.oracle.effects_parts.Unread` where the
words say something the vocabulary can't hold.
"""

from __future__ import annotations

from dataclasses import replace

from mtgrules.cards.effects import (
    SELF,
    Counter,
    CounterUnlessPays,
    CreateToken,
    DealDamage,
    Destroy,
    Discard,
    Draw,
    Exile,
    Fight,
    GainLife,
    LoseLife,
    Mill,
    Modify,
    Move,
    PutCounters,
    Regenerate,
    Sacrifice,
    Scry,
    Subject,
    Tap,
)
from mtgrules.cards.effects_control import GainControl
from mtgrules.cards.effects_library import CREATED
from mtgrules.cards.oracle.effects_parts import Unread as _Unread
from mtgrules.cards.oracle.effects_parts import VerbPhrase as _VP
from mtgrules.cards.oracle.effects_parts import (
    object_only,
    player_only,
    signed_pt,
)
from mtgrules.cards.oracle.effects_parts import third_person as _third
from mtgrules.cards.oracle.effects_parts import you_only as _you


def _player(actor: Subject, state) -> bool:
    return player_only(actor, state.players)


def _object(actor: Subject, state) -> bool:
    return object_only(actor, state.players)


class VerbPhrases:
    """The verb phrases and destinations (see the module's docstring)."""

    # -- verb phrases
    def destroy(self, verb, what):
        return _VP(_third(verb), lambda a: _you(a) and Destroy(what))

    def exile(self, verb, what):
        return _VP(_third(verb), lambda a: _you(a) and Exile(what))

    def return_(self, verb, what, *rest):
        if len(rest) == 2 and what != SELF:  # "from your graveyard" after a target's phrase
            raise _Unread("from a graveyard")
        dest = rest[-1]
        return _VP(_third(verb), lambda a: _you(a) and Move(what, **dest))

    def put_zone(self, verb, what, dest):
        return _VP(_third(verb), lambda a: _you(a) and Move(what, **dest))

    def put_counters(self, verb, amount, kind, _noun, what):
        return _VP(_third(verb), lambda a: _you(a) and PutCounters(what, str(kind), amount))

    def remove_counters(self, verb, amount, kind, _noun, what):
        return _VP(
            _third(verb),
            lambda a: _you(a) and PutCounters(what, str(kind), amount, remove=True),
        )

    def sacrifice(self, verb, what):
        group = what.group
        if what.kind == "each" and group is not None and group.whose == "you":
            # "Sacrifice all creatures you control": you sacrifice them (701.21a); an
            # enchanted or equipped creature may be another player's: left unread
            if group.attached:
                raise _Unread("sacrifice of an attached permanent")
            return _VP(_third(verb), lambda a: _you(a) and Sacrifice(a, what))
        if what.kind not in ("self", "target", "that", "created"):
            raise _Unread("sacrifice of a group")
        return _VP(_third(verb), lambda a: _player(a, self.state) and Sacrifice(a, what))

    def sacrifice_chosen(self, verb, amount, group, _of_their_choice=None):
        chosen = Subject("chosen", group=replace(group, quantifier=""))
        return _VP(
            _third(verb),
            lambda a: _player(a, self.state) and Sacrifice(a, chosen, amount),
        )

    def counter_unless(self, verb, what, _its_controller, mana):
        if what.kind != "target":
            raise _Unread("unless another player pays")
        return _VP(_third(verb), lambda a: _you(a) and CounterUnlessPays(what, str(mana)))

    def regenerate(self, verb, what):
        return _VP(_third(verb), lambda a: _you(a) and Regenerate(what))

    def counter_(self, verb, what):
        return _VP(_third(verb), lambda a: _you(a) and Counter(what))

    def draw(self, verb, amount):
        return _VP(_third(verb), lambda a: _player(a, self.state) and Draw(a, amount))

    def discard(self, verb, amount, at_random=None):
        return _VP(
            _third(verb),
            lambda a: _player(a, self.state) and Discard(a, amount, at_random is not None),
        )

    def mill(self, verb, amount):
        return _VP(_third(verb), lambda a: _player(a, self.state) and Mill(a, amount))

    def gain_life(self, verb, amount):
        return _VP(_third(verb), lambda a: _player(a, self.state) and GainLife(a, amount))

    def lose_life(self, verb, amount):
        return _VP(_third(verb), lambda a: _player(a, self.state) and LoseLife(a, amount))

    def deal(self, verb, amount, to):
        return _VP(_third(verb), lambda a: _object(a, self.state) and DealDamage(amount, to, a))

    def deal_equal(self, verb, amount, to):
        return _VP(_third(verb), lambda a: _object(a, self.state) and DealDamage(amount, to, a))

    def create(self, verb, amount, *rest):
        tapped = len(rest) == 2
        token = rest[-1]
        # "it", "that token" after it: the token(s) it created (an object the play-out
        # doesn't resolve yet: objects_of refuses it)
        self.state.last_object = CREATED
        return _VP(
            _third(verb),
            lambda a: _player(a, self.state) and CreateToken(token, amount, a, tapped),
        )

    def tap(self, verb, what):
        return _VP(_third(verb), lambda a: _you(a) and Tap(what))

    def untap(self, verb, what):
        return _VP(_third(verb), lambda a: _you(a) and Tap(what, untap=True))

    def pump(self, verb, pt, *rest):
        power, toughness, x_power, x_toughness = signed_pt(str(pt))
        keywords = next((r for r in rest if isinstance(r, tuple)), ())
        return _VP(
            _third(verb),
            lambda a: (
                _object(a, self.state)
                and Modify(a, power, toughness, keywords, x_power=x_power, x_toughness=x_toughness)
            ),
        )

    def grant(self, verb, keywords, *until):
        # no duration stated: for as long as the effect lasts (611.2a), which the
        # play-out refuses to resolve yet ("Return it to the battlefield. It gains haste.")
        duration = "end_of_turn" if until else ""
        return _VP(
            _third(verb),
            lambda a: _object(a, self.state) and Modify(a, keywords=keywords, duration=duration),
        )

    def add_mana(self, verb, mana):
        return _VP(_third(verb), lambda a: _you(a) and mana)

    def scry(self, verb, amount):
        return _VP(_third(verb), lambda a: _player(a, self.state) and Scry(a, amount))

    def surveil(self, verb, amount):
        return _VP(_third(verb), lambda a: _player(a, self.state) and Scry(a, amount, True))

    def fight(self, verb, other):
        return _VP(_third(verb), lambda a: _object(a, self.state) and Fight(a, other))

    def gain_control(self, verb, what, until=None):
        duration = "end_of_turn" if until is not None else ""
        return _VP(
            _third(verb),
            lambda a: _player(a, self.state) and GainControl(what, a, duration),
        )

    # -- destinations
    def to_hand(self, _words):
        return {"zone": "hand"}

    def to_battlefield(self, _bf, *rest):
        tapped = any(getattr(r, "type", "") == "TAPPED" for r in rest)
        under = next((r for r in rest if isinstance(r, str) and r in ("owner", "you")), "you")
        return {"zone": "battlefield", "tapped": tapped, "under": under}

    def to_library_top(self, _words):
        return {"zone": "library_top"}

    def to_library_bottom(self, _words):
        return {"zone": "library_bottom"}

    def to_graveyard(self, _words):
        return {"zone": "graveyard"}

    def under_owner(self):
        return "owner"

    def under_you(self):
        return "you"
