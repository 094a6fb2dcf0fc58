"""The Oracle effect reader's payments, "unless", durations and amounts (docs/effects.md,
"Payments, unless, durations"): the transformer methods for "you may pay {2}" / "you may
pay 2 life" / "{E}{E}" (a :class:`~mtgrules.cards.effects.May` whose action is a payment,
CR 608.2d, 118.3), "[do something] unless you pay {1}" (118.12a), "exile ... until this
permanent leaves the battlefield" (610.3), "until your next turn" (611.2a), "..., where
X is <a count>" (107.3c) and damage "divided as you choose" (601.2d), mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`). A tree these methods can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import YOU, Amount, IfYouDo, Instruction, May, Modify, Script, Subject
from mtgrules.cards.effects_amounts import (
    DivideDamage,
    ExileUntil,
    LoseHalfLife,
    PayEnergy,
    PayLife,
    PayMana,
    Unless,
)
from mtgrules.cards.effects_named import PayManaX
from mtgrules.cards.oracle.effects_parts import (
    Unread,
    VerbPhrase,
    is_player,
    object_only,
    player_only,
    third_person,
    you_only,
)
from mtgrules.cards.oracle.statics import read_group

# X still written in words or mana once "where X is" defined it: not read ("{X}" paid, a
# group "with toughness X or less", a "+X/+X" counter)
_X_WORD = re.compile(r"\bX\b|\{X\}")

# "your next turn": the duration :class:`~mtgrules.cards.effects.Modify` names (611.2a)
NEXT_TURN = "your_next_turn"


class AmountPhrases:
    """Payments, "unless", durations and "where X is" (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    # -- payments made as the effect resolves (CR 118.3a-b, 119.4, 107.14)
    def pay_mana(self, verb, symbols):
        mana = str(symbols)
        players = self.state.players  # any player pays: "that player may pay {2}" (608.2d)
        if "X" in mana:  # X chosen as it is paid (107.3f), the effect's later X too
            return VerbPhrase(  # (read_effect's paid_x, cards/effects_named.py)
                third_person(verb), lambda a: player_only(a, players) and PayManaX(mana, a)
            )
        return VerbPhrase(
            third_person(verb), lambda a: player_only(a, players) and PayMana(mana, a)
        )

    def pay_life(self, verb, amount):
        if amount.x:  # as "pay {X}": chosen as it is paid
            raise Unread("pay X life")
        players = self.state.players
        return VerbPhrase(
            third_person(verb), lambda a: player_only(a, players) and PayLife(amount, a)
        )

    def pay_energy(self, verb, symbols):
        n = str(symbols).count("{E}")
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and PayEnergy(Amount(n)))

    # -- "[do something] unless you pay {1}" / "unless you discard a card" (CR 118.12a)
    def unless_you_pay(self, body, vp):
        if len(body) != 1:  # "A and B unless ...": which of them the payment spares is unsaid
            raise Unread("unless, after two instructions")
        if vp.third or isinstance(body[0], May | IfYouDo):
            raise Unread("unless")
        made = vp.make(YOU)
        if isinstance(made, tuple | May | IfYouDo):
            raise Unread("unless, with two actions")
        return [Unless(Script(tuple(body)), made)]

    # -- "Investigate twice": the action, then the action again (CR 701.16a, 701.34a)
    def kw_twice(self, token, _twice):
        made = self.kw_plain(token)
        return VerbPhrase(made.third, lambda a: (made.make(a), made.make(a)))

    # -- "loses half their life, rounded up" (CR 107.1a, 119.3)
    def lose_half_life(self, verb, whose, rounded):
        players = self.state.players
        round_up = str(rounded).endswith("up")

        def make(actor: Subject) -> Instruction:
            if not is_player(actor, players) or str(whose).startswith("your") != (actor == YOU):
                raise Unread("whose life")  # "you ... your life", another player's "their"
            return LoseHalfLife(actor, round_up)

        return VerbPhrase(third_person(verb), make)

    # -- "exile ... until this permanent leaves the battlefield" (CR 610.3)
    def exile_until(self, verb, what, _until):
        if what.kind not in ("target", "that"):
            raise Unread("exile until, of a group")
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and ExileUntil(what))

    # -- "until your next turn" (CR 611.2a)
    def pump_next_turn(self, verb, pt, *rest):
        made = self.pump(verb, pt, *rest)  # the reader's own "gets +N/+N"
        return VerbPhrase(made.third, lambda a: replace(made.make(a), duration=NEXT_TURN))

    def grant_next_turn(self, verb, keywords, _until):
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: object_only(a, players) and Modify(a, keywords=keywords, duration=NEXT_TURN),
        )

    # -- "..., where X is <a count>" (CR 107.3c: the text defines X)
    def where_x(self, body, amount):
        if amount.count in _OF_AN_OBJECT and amount.of is not None:
            # "where X is its power": the pronoun is bound after the whole sentence, so it
            # is read only when the sentence acts on that one object ("Put X counters on
            # target creature, where X is that creature's power"), never on tokens the
            # sentence creates ("Create X tokens, where X is its power": the creature the
            # text named before, not the tokens) nor on one of two objects
            named = _objects(tuple(body), self.state.players)
            # "that spell's mana value": the trigger event's spell or card, which no
            # pronoun of the sentence can be (oracle/amount_counts.py)
            event_card = amount.of.kind == "that" and amount.of.noun in ("spell", "card")
            event_card = event_card and not any(o.kind == "that" for o in named)
            # a sentence naming no object at all: the pronoun can only be what its
            # trigger event named ("Incubate X, where X is its power")
            event_card = event_card or (amount.of.kind == "that" and not named)
            bound = amount.of.kind in ("self", "sacrificed") or named == {amount.of}
            if not bound and not event_card:
                raise Unread("whose count X is")
        found: list[Instruction] = []
        steps = [define_x(step, amount, found) for step in body]
        if not found:
            raise Unread("where X is, with no X")
        return steps

    def cards_in_zone(self, token):
        words = str(token)
        whose = words.split(" ")[2]
        zone = words.split(" ")[-1]
        if whose == "your":
            player = YOU
        elif whose.startswith("TGT"):
            player = Subject("target", index=int(whose[3:].removesuffix("'s")))
            if not is_player(player, self.state.players):
                raise Unread("whose cards")
        else:  # "that player's"
            if self.state.last_player is None:
                raise Unread("that player")
            player = self.state.last_player
        return Amount(count=f"{zone}_size", of=player)

    def amount_for_each_card(self, amount, *rest):
        """ "N life for each card in your hand": N times that player's count (107.3c)."""
        if amount.x or amount.count or amount.fixed < 1:
            raise Unread("N for each")
        words = str(rest[-1])
        counted = self.cards_in_zone("cards in " + words.removeprefix("card in "))
        return replace(counted, times=amount.fixed)

    def create_for_each(self, verb, amount, *rest):
        """ "Create a 1/1 token for each Elf you control": one token per object of the group,
        counted as it resolves (the amount times the group's count)."""
        group = rest[-1]
        if amount.x or amount.count or amount.fixed < 1:
            raise Unread("N for each")
        each = Amount(count="group", group=replace(group, quantifier=""), times=amount.fixed)
        return self.create(verb, each, *rest[:-1])

    def your_life_total(self):
        return Amount(count="life_total", of=YOU)

    # -- a permanent's mana value (CR 202.3), a subtype's group ("Dragons you control")
    def mana_value_of(self, possessive):
        return replace(self.power_of(possessive), count="mana_value")

    def subtype_group(self, token):
        words = str(token)
        group = read_group(words) or read_group("Each " + words)
        if group is None or group.noun == "self" or group.attached:
            raise Unread(words)
        return replace(group, quantifier="")

    # -- "deals 3 damage divided as you choose among one, two, or three targets" (601.2d)
    def deal_divided(self, verb, amount, _divided, among):
        if among.kind != "target":
            raise Unread("divided among what no target phrase names")
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: object_only(a, players) and DivideDamage(amount, among, a),
        )


# counts of an object's characteristic (208.3, 202.3), by Amount.count
_OF_AN_OBJECT = ("power_of", "toughness_of", "mana_value", "counters")


def _objects(value: Any, players: set[int]) -> set[Subject]:
    """The objects (not players) the instructions in ``value`` act on, by their subjects; an
    amount's or a group's insides are not looked into."""
    if isinstance(value, Subject):
        return set() if is_player(value, players) else {value}
    if isinstance(value, Amount) or not (
        isinstance(value, tuple) or dataclasses.is_dataclass(value)
    ):
        return set()
    parts = (
        value
        if isinstance(value, tuple)
        else [getattr(value, f.name) for f in dataclasses.fields(value)]
    )
    out: set[Subject] = set()
    for part in parts:
        out |= _objects(part, players)
    return out


def define_x(value: Any, amount: Amount, found: list[Instruction]) -> Any:
    """``value`` with every X in it (CR 107.3a's announced X, as the reader reads it) being
    ``amount``; ``found`` collects each place it was. An X the vocabulary holds as words
    ("{X}", a group "with power X or less") raises :class:`Unread`."""
    if isinstance(value, Amount):
        if value.x:
            found.append(value)
            return amount
        return value
    if isinstance(value, Modify) and (value.x_power or value.x_toughness):
        found.append(value)
        value = replace(value, x_is=amount)
    if isinstance(value, tuple):
        return tuple(define_x(v, amount, found) for v in value)
    if isinstance(value, str):
        if _X_WORD.search(value):
            raise Unread("X in words")
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changed = {
            f.name: define_x(getattr(value, f.name), amount, found)
            for f in dataclasses.fields(value)
            if f.init
        }
        return replace(value, **changed)
    return value
