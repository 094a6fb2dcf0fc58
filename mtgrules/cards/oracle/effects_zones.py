"""The Oracle effect reader's moves between public zones, round 4 (docs/effects.md, "Zone
changes, linked exiles, control"): an object put onto the battlefield with counters on it
("Return target creature card from your graveyard to the battlefield with a +1/+1 counter
on it", CR 122.6, 614.1c), "another" permanent of a group returned to its owner's hand
(608.2d), "a creature other than this creature" sacrificed (701.21a), and "the owner of
target ..." putting it on the top or bottom of their library (608.2d) or shuffling it into
their library (701.24a). Transformer methods mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`); a tree they can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import partial
from typing import Any

from mtgrules.cards.effects import SELF, YOU, Amount, Move, Sacrifice, Script, Subject
from mtgrules.cards.effects_actions import CardFilter
from mtgrules.cards.effects_conditions import If
from mtgrules.cards.effects_continuous import NoUntapWhile
from mtgrules.cards.effects_moves import (
    ColorSpent,
    MoveAttached,
    MoveWithCounters,
    OwnCardsOntoBattlefield,
    SacrificeOneOf,
)
from mtgrules.cards.oracle.card_filters import read_card_filter
from mtgrules.cards.oracle.continuous import WHILE_OF
from mtgrules.cards.oracle.effects_groups import read_cards_in
from mtgrules.cards.oracle.effects_moves import named_a_choice
from mtgrules.cards.oracle.effects_parts import (
    Unread,
    VerbPhrase,
    object_only,
    player_only,
    third_person,
    you_only,
)
from mtgrules.cards.oracle.statics import read_group
from mtgrules.cards.statics import SUBTYPES


class ZonePhrases:
    """The transformer methods of this subject (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    # -- onto the battlefield with counters (CR 122.6, 614.1c)
    def mv_with_counters(self, amount, *words):
        kind = words[-3]
        if not (amount.x or amount.count) and amount.fixed < 1:
            raise Unread("no counters")
        return {"kind": str(kind), "amount": amount}

    def mv_return_counters(self, verb, what, *rest):
        # "from your graveyard" after a target's phrase, "it": a card that may be elsewhere
        # by then, which the words don't say what happens to (as return_ refuses it)
        if getattr(rest[0], "type", "") == "FROM_GRAVEYARD" and what != SELF:
            raise Unread("from a graveyard")
        return self._entering_with_counters(verb, what, rest[-1], rest[:-1])

    def mv_put_counters(self, verb, what, *rest):
        return self._entering_with_counters(verb, what, rest[-1], rest[:-1])

    def _entering_with_counters(self, verb, what, counters, words):
        where = self.to_battlefield(
            *[w for w in words if getattr(w, "type", "") != "FROM_GRAVEYARD"]
        )
        step = MoveWithCounters(
            what, counters["kind"], counters["amount"], where["under"], where["tapped"]
        )
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and step)

    # -- onto the battlefield attached to an object or player (CR 303.4i, 301.5e)
    def mv_return_attached(self, verb, what, *rest):
        if getattr(rest[0], "type", "") == "FROM_GRAVEYARD" and what != SELF:
            raise Unread("from a graveyard")
        return self._entering_attached(verb, what, rest[-1], rest[:-2])

    def mv_put_attached(self, verb, what, *rest):
        return self._entering_attached(verb, what, rest[-1], rest[:-2])

    def _entering_attached(self, verb, what, to, words):
        if to.kind not in _ATTACHED_TO or to == what:
            raise Unread("attached to a group, or to itself")
        # "that creature" after a sentence before may be the object that sentence moved
        # (a new object, 400.7), not the one the trigger named: only in the first sentence
        if to.kind == "that" and self.state.sentences_read:
            raise Unread("that creature after a sentence")
        where = self.to_battlefield(*_battlefield_words(words))
        step = MoveAttached(what, to, where["under"], where["tapped"])
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and step)

    # -- a permanent chosen as the effect resolves (CR 608.2d, 701.21a)
    def mv_return_another(self, verb, _another, group, dest):
        """ "Return another creature you control to its owner's hand": one of the group
        other than the object with the ability, chosen as it resolves."""
        if group.other:
            raise Unread("another other")
        return self.return_chosen(verb, Amount(1), replace(group, other=True), dest)

    def mv_sacrifice_other(self, verb, amount, group, _other_than_self):
        """ "Sacrifice a creature other than this creature": "another creature" (one
        permanent of the group other than the source, CR 701.21a)."""
        if amount.x or amount.count or amount.fixed != 1:
            raise Unread("how many are sacrificed")
        return self.sacrifice_another(verb, None, group)

    def mv_return_subtype(self, verb, amount, words, dest):
        """ "Return an untapped Island you control to its owner's hand": a permanent of
        that subtype, as read_group reads it (608.2d)."""
        noun = str(words).removesuffix(" you control").split()[-1]
        group = read_group(f"Each {words}")
        if group is None or group.noun != noun:
            raise Unread(str(words))
        return self.return_chosen(verb, amount, group, dest)

    def mv_sacrifice_subtypes(self, verb, amount, words):
        """ "Sacrifice two Mountains": that many permanents of the subtype the player
        controls, chosen by them (701.21a, 608.2d); "a Food" is sacrifice_subtype's."""
        if amount.x or amount.count or amount.fixed < 2:
            raise Unread("how many are sacrificed")
        group = read_group(f"All {words}")
        if group is None or group.noun not in (str(words), str(words)[:-1]):
            raise Unread(str(words))
        chosen = Subject("chosen", group=replace(group, quantifier=""))
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: player_only(a, players) and Sacrifice(a, chosen, amount),
        )

    def mv_sacrifice_types(self, verb, amount, types, *_of_their_choice):
        """ "Each opponent sacrifices a creature or planeswalker of their choice": one
        permanent of one of the types (701.21a)."""
        if amount.x or amount.count or amount.fixed != 1:
            raise Unread("how many are sacrificed")
        return self._sacrifice_one_of(verb, str(types), other=False)

    def mv_sacrifice_another_types(self, verb, _another, types):
        """ "Sacrifice another creature or artifact": one, never the source. "Another
        creature or an artifact" says "another" of the creature alone (the source, were it
        an artifact, could be the artifact): unread."""
        if re.search(r"\ban? ", str(types)):
            raise Unread("another of the first type only")
        return self._sacrifice_one_of(verb, str(types), other=True)

    def _sacrifice_one_of(self, verb, types, *, other):
        kinds = read_card_filter(re.sub(r"\b(an?) ", "", types) + " card", False)
        if kinds != CardFilter(any_types=kinds.any_types) or len(kinds.any_types) < 2:
            raise Unread(types)
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: player_only(a, players) and SacrificeOneOf(a, kinds, Amount(1), other),
        )

    # -- from a player's own graveyard (CR 110.2a, 101.4)
    def mv_own_cards_to_battlefield(self, verb, words, _bf, *tapped):
        """ "Each player returns all creature cards from their graveyard to the
        battlefield", "Each player puts a creature card from their graveyard onto the
        battlefield": the cards as read_cards_in reads them from "your graveyard", with
        the acting player's graveyard as theirs; "you" would say "your graveyard"."""
        cards = read_cards_in(str(words).replace("their graveyard", "your graveyard"))
        if cards.at_random:
            raise Unread("at random")
        named_a_choice(self.state)  # "them", "that card": the cards moved, no Subject
        players = self.state.players
        step = partial(OwnCardsOntoBattlefield, cards=cards, tapped=bool(tapped))
        return VerbPhrase(third_person(verb), lambda a: _another_player(a, players) and step(a))

    # -- from a hand (CR 305.4, 110.2a, 508.4, 303.4i)
    def mv_put_from_hand_more(self, verb, count, card, tail):
        """ "That player may put a creature card from their hand onto the battlefield"
        (the acting player's own hand; "you" would say "your hand"), "... from your hand
        onto the battlefield tapped and attacking" (508.4), "... attached to this
        creature" (303.4i): put_from_hand's reading, with the tail's."""
        form, words, value = tail
        players = self.state.players
        if form == "their":
            yours = self.put_from_hand(verb, count, card, *words)
            return VerbPhrase(yours.third, lambda a: _another_player(a, players) and _by(yours, a))
        yours = self.put_from_hand(verb, count, card, *words)
        return VerbPhrase(yours.third, lambda a: _changed(yours.make(a), **{form: value}))

    def mv_their_hand(self, _hand, *words):
        return ("their", words, None)

    def mv_hand_attacking(self, bf, tapped_attacking):
        return ("attacking", (bf, tapped_attacking), True)

    def mv_hand_attached(self, bf, _attached, to):
        if to.kind not in _ATTACHED_TO:
            raise Unread("attached to a group")
        return ("attached_to", (bf,), to)

    # -- "unless {U} was spent to cast it" (CR 400.7d, 601.2h)
    def mv_unless_spent(self, body, _unless, spent):
        """ "Sacrifice it unless {U} was spent to cast it": if that mana was spent, nothing;
        otherwise the sacrifice. Only one sacrifice of the object "it" names, by you."""
        if len(body) != 1 or not isinstance(body[0], Sacrifice) or body[0].who != YOU:
            raise Unread("unless mana was spent, after another instruction")
        what = body[0].what
        words = str(spent)
        if what.kind not in ("self", "that") or (words.endswith("SELF") and what != SELF):
            raise Unread("spent to cast another object")
        return [If(ColorSpent(what, words[1]), Script(), otherwise=Script(tuple(body)))]

    # -- a permanent not of a subtype, chosen as it resolves (CR 608.2d, 701.21a, 205.3)
    def gm_return_non_subtype(self, verb, amount, words, dest):
        """ "Return a non-Lair land you control to its owner's hand": one of the group
        without that subtype (return_chosen's reading, the quality a target's "non-Vampire"
        is, rules/layers/qualities.fits_quality)."""
        return self.return_chosen(verb, amount, _non_subtype_group(str(words)), dest)

    def gm_sacrifice_non_subtype(self, verb, amount, words, *_of_their_choice):
        """ "Sacrifice a non-Zombie creature", "Each player sacrifices a non-Vampire creature
        of their choice": sacrifice_chosen's reading, of the group without the subtype."""
        return self.sacrifice_chosen(verb, amount, _non_subtype_group(str(words)))

    # -- a target player's own cards shuffled into their library (CR 701.24a, 400.3)
    def gm_shuffle_their_cards(self, verb, target, _into):
        """ "Target player shuffles up to four target cards from their graveyard into their
        library": the target cards (chosen in that player's graveyard, as the target reader
        reads the phrase) put into their owner's library, which is shuffled (the shuffled
        `Move`, as "its owner shuffles it into their library" is). Only a target player
        acting, on target cards "from their graveyard"."""
        what = self.obj_target(target)
        specs, players = self.state.specs, self.state.players
        spec = specs[what.index] if what.index < len(specs) else None
        if spec is None or spec.zone != "graveyard" or spec.rest != "from their graveyard":
            raise Unread("cards from another zone")
        if what.index in players or not third_person(verb):
            raise Unread("a player shuffled")
        step = Move(what, zone="library_shuffled")
        return VerbPhrase(True, lambda a: _target_player(a, players, what) and step)

    # -- kept from untapping for as long as the source stays in a state (CR 502.3, 611.2b)
    def gm_no_untap_while(self, words, how):
        """ "It doesn't untap during its controller's untap step for as long as this creature
        remains tapped": a `NoUntapWhile` (every untap step of its controller while the
        duration lasts)."""
        duration = WHILE_OF[str(how).removeprefix("for as long as ")]
        plural = str(words).startswith("don't")
        players = self.state.players
        return VerbPhrase(
            not plural,
            lambda a: _one_named(a, players) and NoUntapWhile(a, duration),
        )

    # -- "the owner of target ..." acts on it (CR 108.3)
    def mv_owner_of(self, _words, what):
        if what.kind != "target" or what.index in self.state.players:
            raise Unread("the owner of another object than a target")
        return what


def _non_subtype_group(words: str) -> Any:
    """ "non-Lair land you control": the group of lands you control, with the quality
    "non-Lair" (a subtype it doesn't have, CR 205.3)."""
    found = re.fullmatch(r"non-(?P<sub>[A-Z][a-z]+) (?P<rest>.+)", words)
    if found is None or found.group("sub") not in SUBTYPES:
        raise Unread(words)
    group = read_group(f"Each {found.group('rest')}")
    if group is None or group.adjectives or group.attached or group.noun == "self":
        raise Unread(words)
    return replace(group, qualities=(*group.qualities, f"non-{found.group('sub')}"))


# what a permanent may be put onto the battlefield attached to: one object or player
_ATTACHED_TO = ("target", "self", "that", "you")


def _battlefield_words(words: tuple) -> list:
    """The words of "the battlefield [tapped] [under ... control]" (to_battlefield's)."""
    return [w for w in words if getattr(w, "type", "") != "FROM_GRAVEYARD"]


def _one_named(actor: Subject, players: set[int]) -> bool:
    """An object named before (a target, the trigger's object, this permanent): "those
    creatures" after a group are the ones it named then, which a group read again later
    isn't."""
    if actor.kind not in ("target", "that", "self"):
        raise Unread("a group kept from untapping")
    return object_only(actor, players)


def _target_player(actor: Subject, players: set[int], what: Subject) -> bool:
    """The target player named just before the target cards ("Target player shuffles up to
    four target cards from their graveyard"): "their" is that player."""
    if actor.kind != "target" or actor.index not in players or actor.index != what.index - 1:
        raise Unread("whose graveyard")
    return True


def _another_player(actor: Subject, players: set[int]) -> bool:
    """A player other than "you" acts ("their hand" is never the controller's own words)."""
    if actor == YOU:
        raise Unread("you and their hand")
    return player_only(actor, players)


def _by(phrase: VerbPhrase, actor: Subject) -> Any:
    """The instruction ``phrase`` makes for "you", with ``actor`` as its player."""
    return replace(phrase.make(YOU), who=actor)


def _changed(step: Any, **fields: Any) -> Any:
    """``step`` (an instruction, or False when its actor was refused) with ``fields``."""
    return step and replace(step, **fields)
