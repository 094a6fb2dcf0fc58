"""The Oracle effect reader's "instead" within one ability's text, "unless" a player other than
you does something, and more optional payments (docs/effects.md, "Instead, unless and
optional payments"): transformer methods mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`) like the other subjects' modules.

- "If [condition], [instruction] instead." after the instruction it replaces (CR 608.2c:
  later text modifies earlier text; 614.1a) is an
  :class:`~mtgrules.cards.effects_instead.Instead` in the replaced instruction's place. It
  is read only when which instruction it replaces is not in doubt: the instruction just
  before it, of the same kind as the new one, the only one of that kind read so far, acting
  on the same objects and players (a pronoun bound to anything else leaves it unread). "It
  deals 5 damage instead" and "create four of those tokens instead" change the number alone.
- "[instruction] unless that player pays {2}" / "unless its controller pays {1}" / "unless
  they discard a card" (118.12a) is :class:`~mtgrules.cards.effects_amounts.Unless` whose
  action is that player's; "Counter target spell unless its controller pays {3}" keeps its
  own instruction.
- Payments: hybrid and Phyrexian mana (107.4e-f) and "{2} and 2 life" (118.3a-b).
- "[this creature] assigns no combat damage this turn" (510.1a).

A tree these methods can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from mtgrules import lazyre
from mtgrules.cards.effects import (
    SELF,
    YOU,
    Counter,
    CounterUnlessPays,
    CreateToken,
    DealDamage,
    Instruction,
    May,
    Script,
    Subject,
)
from mtgrules.cards.effects_actions import ExileIfDies
from mtgrules.cards.effects_amounts import PayLife, PayMana, Unless
from mtgrules.cards.effects_conditions import Condition, IsKind
from mtgrules.cards.effects_instead import (
    CitysBlessing,
    CreatureDied,
    DiscardKind,
    FullParty,
    Instead,
    IsColor,
    ManaSpent,
    NoCombatDamage,
    ReturnAttacking,
)
from mtgrules.cards.effects_library import CopySpell
from mtgrules.cards.oracle.card_filters import read_counted_cards
from mtgrules.cards.oracle.costs import number
from mtgrules.cards.oracle.effects_conditions import no_other_in_a_spell
from mtgrules.cards.oracle.effects_parts import (
    Amend,
    Unread,
    VerbPhrase,
    is_player,
    object_only,
    player_only,
    third_person,
    you_only,
)

_THAT_IS = lazyre.compile(
    r"^if that (?P<noun>creature|permanent|land|card) is "
    r"(?:an? (?P<sub>[A-Z][a-z]+)|(?P<colors>[a-z]+(?: or [a-z]+)?))$"
)


_HEAD = lazyre.compile(r"^(?:[a-z][a-z' ]* — )?if ")
_MANA_SPENT = lazyre.compile(r"^(?P<n>[a-z]+) or more mana was spent to cast that spell$")
_GAME = {
    "a creature died this turn": CreatureDied(),
    "you have the city's blessing": CitysBlessing(),
    "you have a full party": FullParty(),
}


def replace_instead(steps: list[Instruction], new: list[Instruction], condition: Condition):
    """``steps`` with the last one replaced by an :class:`Instead` of ``new`` under
    ``condition`` (CR 608.2c, 614.1a), or :class:`Unread` when which instruction "instead"
    replaces is in doubt: ``new`` is one instruction of the same kind as the last one read,
    no other instruction read so far is of that kind, and both act on the same objects and
    players (an object or player the sentence's pronouns were bound to otherwise is not one
    the words can mean); or of another kind, acting on the same objects, when the last one
    is the only instruction read so far."""
    if len(new) != 1 or not steps:
        raise Unread("instead: what it replaces")
    old, made = steps[-1], new[0]
    if old.FAMILY == "glue" or made.FAMILY == "glue":
        raise Unread("instead: a choice or condition")
    if type(old) is not type(made):
        # "Destroy target creature. If it's a Demon, exile it instead.": another action on
        # the same object, only where nothing else was read before
        if len(steps) != 1 or set(_subjects(old)) != set(_subjects(made)):
            raise Unread("instead: another kind of instruction")
    elif sum(type(s) is type(made) for s in steps) != 1:
        raise Unread("instead: two instructions it may replace")
    elif _subjects(old) != _subjects(made):
        raise Unread("instead: other objects")
    return [*steps[:-1], Instead(condition, Script((made,)), Script((old,)))]


def _plain(may: May) -> bool:
    return all(step.FAMILY != "glue" for step in may.then.steps)


def _subjects(step: Instruction) -> tuple[Subject, ...]:
    return tuple(v for f in fields(step) if isinstance(v := getattr(step, f.name), Subject))


class InsteadPhrases:
    """The transformer methods for "instead", "unless" and payments (see the module's
    docstring)."""

    state: Any  # the reader's sentence state (oracle/effects._State)

    # -- "If [condition], [instruction] instead." (CR 608.2c, 614.1a)
    def ins_instead(self, condition, body, _instead):
        no_other_in_a_spell(body, self.state)
        return Amend(lambda steps: replace_instead(steps, list(body), condition), whole=True)

    def ins_instead_first(self, condition, _instead, body):
        return self.ins_instead(condition, body, _instead)

    def ins_damage_instead(self, condition, dealer, _verb, amount, _instead):
        """ "It deals 5 damage instead": the damage before, dealt by the same source (the
        spell or the ability's source: "it" names it here, CR 608.2c) to the same
        recipient, of the new amount."""

        def apply(steps):
            old = steps[-1] if steps else None
            if not isinstance(old, DealDamage) or old.source != SELF:
                raise Unread("instead: no damage dealt by the source before")
            if str(dealer) == "it" and self.state.kind not in ("spell", "activated"):
                raise Unread("instead: which object 'it' is")
            return replace_instead(steps, [replace(old, amount=amount)], condition)

        return Amend(apply, whole=True)

    def ins_tokens_instead(self, condition, _verb, amount, _those, _instead):
        """ "Create four of those tokens instead": the tokens created before, that many."""

        def apply(steps):
            old = steps[-1] if steps else None
            if not isinstance(old, CreateToken):
                raise Unread("instead: no tokens created before")
            return replace_instead(steps, [replace(old, amount=amount)], condition)

        return Amend(apply, whole=True)

    def ins_if_that_is(self, token):
        """ "If that creature is a Demon" / "is white" (CR 205.3a, 105.2): the object
        named before (never the source, nor one no sentence named), as the instruction
        applies (608.2h)."""
        found = _THAT_IS.match(str(token))
        last = self.state.last_object
        if found is None or last is None or last.kind not in ("target", "that"):
            raise Unread(str(token))
        what = self.obj_it(f"that {found.group('noun')}")  # type: ignore[attr-defined]
        if found.group("sub"):
            return IsKind(what, subtypes=(found.group("sub"),))
        return IsColor(what, tuple(found.group("colors").split(" or ")))

    def ins_if_game(self, token):
        """ "If a creature died this turn", "if you have the city's blessing", "if you have a
        full party", "if five or more mana was spent to cast that spell" (the spell a
        triggered ability's event named, never one a sentence named)."""
        words = _HEAD.sub("", str(token))
        if words in _GAME:
            return _GAME[words]
        found = _MANA_SPENT.match(words)
        n = number(found.group("n")) if found else None
        if not n or self.state.kind != "triggered" or self.state.last_object is not None:
            raise Unread(words)
        if not self.state.event_named:
            raise Unread(words)
        return ManaSpent(Subject("that", noun="spell"), n)

    # -- "if that creature or planeswalker would die this turn, exile it instead" (614.1a)
    def ins_dies_exiled(self, that, _verb, _it):
        last = self.state.last_object
        if last is None or last.kind != "target":
            raise Unread(str(that))
        return [ExileIfDies(last)]

    # -- "[instruction] unless [a player] pays {2}" (CR 118.12a)
    def ins_payer_player(self, token):
        return (self.obj_that_player(token), str(token).lower() != "they")  # type: ignore[attr-defined]

    def ins_payer_controller(self, token):
        return (self.obj_its_controller(token), True)  # type: ignore[attr-defined]

    def ins_payer_target(self, token):
        subject = self.obj_target(token)  # type: ignore[attr-defined]
        return (subject, True)

    def ins_unless(self, body, _unless, payer, vp):
        who, third = payer
        if len(body) != 1:  # "A and B unless ...": which of them the payment spares is unsaid
            raise Unread("unless, after two instructions")
        if not is_player(who, self.state.players) or who == YOU:
            raise Unread("unless")
        # "You may draw a card unless that player pays {1}": they choose first (118.12a),
        # then you may; another choice or condition before "unless" is not read
        if body[0].FAMILY == "glue" and not (isinstance(body[0], May) and _plain(body[0])):
            raise Unread("unless")
        if vp.third != third:
            raise Unread("unless: verb form")
        made = vp.make(who)
        if not isinstance(made, Instruction) or made.FAMILY == "glue":
            raise Unread("unless, with two actions")
        only = body[0]
        if (
            isinstance(only, Counter)
            and isinstance(made, PayMana)
            and who.kind == "its_controller"
            and only.what.kind == "target"
            and who.index == only.what.index
        ):  # the counterspell's own instruction (counter_unless reads it too)
            return [CounterUnlessPays(only.what, made.mana)]
        return [Unless(Script(tuple(body)), made)]

    # -- "discard a creature card" (CR 701.9a)
    def ins_discard_kind(self, verb, words):
        amount, card = read_counted_cards(str(words))
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: player_only(a, players) and DiscardKind(a, amount, card),
        )

    # -- the spell or ability a trigger's event named, countered (CR 701.6a, 603.7c)
    def _that_spell(self, words) -> Subject:
        state = self.state
        if state.kind != "triggered" or state.last_object is not None or not state.event_named:
            raise Unread(str(words))
        that = Subject("that", noun="spell" if str(words) == "that spell" else "")
        state.last_object = that
        return that

    def ins_counter_that(self, verb, words):
        that = self._that_spell(words)
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and Counter(that))

    def ins_counter_that_unless(self, verb, words, _its_controller, mana):
        that = self._that_spell(words)
        return VerbPhrase(
            third_person(verb), lambda a: you_only(a) and CounterUnlessPays(that, str(mana))
        )

    # -- "copy that ability" (CR 707.10), the one a trigger's event named
    def ins_copy_that_ability(self, verb, words):
        state = self.state
        if state.kind != "triggered" or state.last_object is not None or not state.event_named:
            raise Unread(str(words))
        that = Subject("that", noun="ability")
        state.last_object = that
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and CopySpell(that))

    # -- "return this card from your graveyard to the battlefield tapped and attacking"
    def ins_return_attacking(self, verb, what, _graveyard, _battlefield, _attacking):
        if what != SELF:  # a target's own words say where it is (as return_)
            raise Unread("from a graveyard")
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and ReturnAttacking(what))

    # -- "pay {2} and 2 life" (CR 118.3a-b): both or neither, as one choice
    def ins_pay_mana_life(self, verb, symbols, amount):
        mana = str(symbols)
        if "X" in mana or amount.x:  # X chosen as it is paid, not announced (107.3a)
            raise Unread("pay X")
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: player_only(a, players) and (PayMana(mana, a), PayLife(amount, a)),
        )

    # -- "this creature assigns no combat damage this turn" (CR 510.1a)
    def ins_no_combat_damage(self, token):
        players = self.state.players
        return VerbPhrase(
            third_person(str(token).split()[0]),
            lambda a: object_only(a, players) and NoCombatDamage(a),
        )
