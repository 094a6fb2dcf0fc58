"""The Oracle effect reader's keyword actions and restrictions (docs/effects.md): the transformer methods for
the grammar's keyword actions, attack and block restrictions, prevention shields, extra
turns and "can't be regenerated" (library searches: oracle/effects_search.py) (vocabulary in
:mod:`mtgrules.cards.effects_actions`), mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`). As there, a tree these methods can't hold whole
raises :class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import (
    SELF,
    YOU,
    Amount,
    DealDamage,
    Discard,
    Move,
    PutCounters,
    Subject,
)
from mtgrules.cards.effects_actions import (
    AdditionalLand,
    AdditionalPhases,
    Attach,
    CantRegenerate,
    ExileIfCountered,
    ExileIfDies,
    ExtraTurn,
    KeywordAction,
    NoUntap,
    PreventDamage,
    PutFromHand,
    Restriction,
    SwitchPowerToughness,
)
from mtgrules.cards.oracle.card_filters import read_card_filter
from mtgrules.cards.oracle.effects_parts import (
    Unread,
    VerbPhrase,
    is_player,
    object_only,
    player_only,
    third_person,
    you_only,
)

# a spell's or activated ability's "its caster" (built-in cards' own wording): the player
# who cast it, its controller (CR 112.2); only a subject
CASTER = Subject("caster")

# "the sacrificed creature's power": the object its cost sacrificed, as it last existed
# (CR 608.2h); resolution doesn't know it yet, so an amount of it is refused there
SACRIFICED = Subject("sacrificed")
# "a creature dealt damage this way": each creature the effect's damage was dealt to
DAMAGED = Subject("damaged_this_way")

# keyword actions a permanent takes, by the word the grammar reads
_BY_OBJECT = {"explores": "explore", "connives": "connive", "phases out": "phase out"}
# keyword actions whose rule defines them on the permanent the ability belongs to
_ON_SELF = ("monstrosity", "adapt")
_CANT = {
    "can't attack or block": "cant_attack_or_block",
    "can't block": "cant_block",
    "can't be blocked": "cant_be_blocked",
    "can't attack": "cant_attack",
}
_COUNT = {"a": 1, "an": 1}


class SecondRound:
    """The second round's transformer methods (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    def upkeep_suffix(self, *_):
        return "upkeep"

    def subj_caster(self, _token):
        return CASTER

    def toughness_of(self, possessive):
        return replace(self.power_of(possessive), count="toughness_of")

    # -- damage to two recipients in one sentence: one instruction each, in the order the
    # text names them (CR 120.3; nothing can happen between them, 608.2c)
    def deal_both(self, verb, amount, first, second):
        return _deal(verb, ((amount, first), (amount, second)), self.state.players)

    def deal_two(self, verb, amount, first, other, second):
        return _deal(verb, ((amount, first), (other, second)), self.state.players)

    # -- keyword actions (CR 701)
    def kw_plain(self, token):
        name = str(token).lower()
        return VerbPhrase(False, lambda a: you_only(a) and KeywordAction(name))

    def kw_amount(self, token, amount):
        name = str(token).lower()
        on = SELF if name in _ON_SELF else None
        return VerbPhrase(
            False, lambda a: you_only(a) and KeywordAction(name, what=on, amount=amount)
        )

    def kw_amass(self, _token, subtype, amount):
        return VerbPhrase(
            False,
            lambda a: you_only(a) and KeywordAction("amass", amount=amount, subtype=str(subtype)),
        )

    def kw_object(self, token, what):
        if is_player(what, self.state.players):
            raise Unread("a player transformed or goaded")
        name = str(token).lower()
        return VerbPhrase(False, lambda a: you_only(a) and KeywordAction(name, what=what))

    def kw_by_object(self, token):
        name = _BY_OBJECT[str(token)]
        players = self.state.players
        return VerbPhrase(True, lambda a: object_only(a, players) and KeywordAction(name, what=a))

    # -- attacking and blocking this turn (CR 508.1c-d, 509.1b-c)
    def restrict_cant(self, token):
        rule = _CANT[str(token)]
        players = self.state.players
        return VerbPhrase(True, lambda a: object_only(a, players) and Restriction(a, rule))

    def restrict_must(self, verb):
        rule = "attacks_if_able" if str(verb) == "attacks" else "blocks_if_able"
        players = self.state.players
        return VerbPhrase(True, lambda a: object_only(a, players) and Restriction(a, rule))

    def restrict_cant_block(self, _token, other):
        return _restrict("cant_block", other, self.state.players)

    def restrict_must_block(self, _token, other):
        return _restrict("blocks_if_able", other, self.state.players)

    # -- CR 502.3
    def no_untap(self, token):
        words = str(token)
        whose = "you" if words.endswith("your next untap step") else "controller"
        plural = words.startswith("don't")
        players = self.state.players
        return VerbPhrase(not plural, lambda a: object_only(a, players) and NoUntap(a, whose))

    # -- CR 107.14, 122.1: "you get {E}{E}"
    def get_energy(self, verb, symbols):
        n = str(symbols).count("{E}")
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: player_only(a, players) and PutCounters(a, "energy", Amount(n)),
        )

    # -- "discard your hand": the amount is the hand's size as it happens (701.9a)
    def discard_hand(self, verb, hand):
        third = third_person(verb)
        if str(hand).split()[0] != ("their" if third else "your"):
            raise Unread("whose hand")
        players = self.state.players
        return VerbPhrase(
            third,
            lambda a: player_only(a, players) and Discard(a, Amount(count="hand")),
        )

    # -- "deals damage to target creature equal to ..."
    def deal_equal_after(self, verb, to, amount):
        players = self.state.players
        return VerbPhrase(
            third_person(verb), lambda a: object_only(a, players) and DealDamage(amount, to, a)
        )

    # -- CR 613.4d
    def switch_pt(self, verb, possessive, _until):
        whose = self.power_of(possessive).of
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and SwitchPowerToughness(whose))

    # -- CR 701.24a, 400.3
    def shuffle_into_library(self, verb, what, _library):
        if is_player(what, self.state.players):
            raise Unread("a player shuffled")
        return VerbPhrase(
            third_person(verb), lambda a: you_only(a) and Move(what, zone="library_shuffled")
        )

    def they_cant_be_regenerated(self, _token):
        last = self.state.last_object
        if last is None or last.kind != "each":
            raise Unread("they")
        return [CantRegenerate(last)]

    def damaged_exiled(self, _damaged, _verb, _it):
        return [ExileIfDies(DAMAGED)]

    def countered_exiled(self, _that, _verb, _it, _it2, _graveyard):
        last = self.state.last_object
        if last is None or last.kind != "target":
            raise Unread("that spell")
        return [ExileIfCountered(last)]

    # -- CR 305.4, 305.2, 701.3a
    def put_from_hand(self, verb, count, card, _bf, *tapped):
        if str(count) not in _COUNT:
            raise Unread("how many cards")
        spec = read_card_filter(str(card).strip(), False)
        # "it", "that creature" after it: the card the player chose, which no Subject names
        # (never the object the trigger named): what comes after is unread
        self.state.last_object = None
        self.state.event_named = False
        return VerbPhrase(
            third_person(verb),
            lambda a: you_only(a) and PutFromHand(a, spec, tapped=bool(tapped)),
        )

    def additional_land(self, _words):
        # a permission for the rest of the turn, not a choice made as it resolves
        return [AdditionalLand(YOU)]

    # -- CR 500.8, 505.1a: an additional combat phase after the current one, perhaps followed
    # by an additional main phase, or an additional beginning phase (the words "after this
    # phase" first or last)
    def additional_phases(self, words):
        text = str(words).lower()
        first = "beginning" if "additional beginning" in text else "combat"
        then = ("main",) if "followed by an additional main phase" in text else ()
        return [AdditionalPhases((first, *then), after_main="this main phase" in text)]

    def attach(self, verb, what, to):
        players = self.state.players
        if is_player(what, players) or is_player(to, players):
            raise Unread("attached to a player")
        # "attach this Equipment to it": "it" is not the Equipment (301.5c, 303.4d)
        if what == to:
            raise Unread("attached to itself")
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and Attach(what, to))

    # -- CR 614.1a
    def dies_exiled(self, that, _verb, _it):
        what = self.obj_it(that)
        if is_player(what, self.state.players):
            raise Unread("a player dying")
        return [ExileIfDies(what)]

    # -- prevention (CR 615.1a, 615.7)
    def prevent_next(self, verb, amount, _would, to):
        return VerbPhrase(
            third_person(verb), lambda a: you_only(a) and PreventDamage(amount=amount, to=to)
        )

    def prevent_all(self, verb, *rest):
        combat = any(getattr(r, "type", "") == "COMBAT" for r in rest)
        return VerbPhrase(
            third_person(verb), lambda a: you_only(a) and PreventDamage(combat=combat)
        )

    def prevent_all_of(self, verb, *rest):
        combat = any(getattr(r, "type", "") == "COMBAT" for r in rest)
        which, subject = str(rest[-2]), rest[-1]
        to, by = (subject, None) if which == "to" else (None, subject)
        return VerbPhrase(
            third_person(verb),
            lambda a: you_only(a) and PreventDamage(to=to, by=by, combat=combat),
        )

    # -- CR 500.7
    def extra_turn(self, verb):
        players = self.state.players
        return VerbPhrase(third_person(verb), lambda a: player_only(a, players) and ExtraTurn(a))

    # -- CR 701.19c
    def cant_regenerate(self, _token):
        players = self.state.players
        return VerbPhrase(True, lambda a: object_only(a, players) and CantRegenerate(a))

    # -- "puts X from their graveyard into their hand": a card put into a hand goes to its
    # owner's (CR 400.3), and the card in a player's graveyard is theirs
    def put_from_their_graveyard(self, verb, what, _from, _hand):
        players = self.state.players
        if is_player(what, players):
            raise Unread("a player put into a hand")
        return VerbPhrase(
            third_person(verb), lambda a: player_only(a, players) and Move(what, zone="hand")
        )


def _restrict(rule: str, other: Subject, players: set[int]) -> VerbPhrase:
    if is_player(other, players):
        raise Unread("blocking a player")
    return VerbPhrase(True, lambda a: object_only(a, players) and Restriction(a, rule, other))


def _deal(verb: Any, parts: tuple, players: set[int]) -> VerbPhrase:
    return VerbPhrase(
        third_person(verb),
        lambda a: (
            object_only(a, players) and tuple(DealDamage(amount, to, a) for amount, to in parts)
        ),
    )
