"""The Oracle effect reader's players other than the ability's controller adding mana
(docs/effects.md, "Players a triggered ability names"): "Its controller adds an additional
{G}{G}", "That player adds {G}{G}", "Target player adds {C}".

A mana sentence's verb phrase (effects_verbs' ``add_mana``, effects_changes' ``add_mana_of``
and ``add_mana_each``) is the controller's alone ("Add {G}", CR 106.4); these methods take
the same phrase with another player as its subject ("its controller" of what a trigger
event named, "that player", a target player) as that player adding the mana to their own
pool (:class:`~mtgrules.cards.effects_players.PlayerAddsMana`). "An additional" before the
mana says only that the mana comes on top of what was tapped for (a triggered mana
ability, 605.1b, 106.12a): it is read as the same mana. Mana "of any color in your
commander's color identity" added by another player stays unread ("your" is the
controller's). These are transformer methods mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`) after the modules whose methods they extend.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import SELF, YOU, AddMana
from mtgrules.cards.effects_changes import AddManaOf
from mtgrules.cards.effects_continuous import NoUntapWhile
from mtgrules.cards.effects_players import PlayerAddsMana
from mtgrules.cards.mana_effects import Mana
from mtgrules.cards.oracle.continuous import WHILE_OF
from mtgrules.cards.oracle.effects_changes import ChangePhrases
from mtgrules.cards.oracle.effects_parts import Unread, VerbPhrase, is_player, object_only
from mtgrules.cards.oracle.effects_verbs import VerbPhrases
from mtgrules.cards.oracle.filter_phrases import FilterPhrases


def _by_player(phrase: VerbPhrase, players: set[int]) -> VerbPhrase:
    """The mana phrase ``phrase`` with any player as its subject: the controller's own
    mana as before (a spell that "adds" is its controller adding, 608.2c), another
    player's a :class:`PlayerAddsMana`."""

    def make(actor: Any) -> Any:
        if actor in (YOU, SELF):
            return phrase.make(actor)
        if not is_player(actor, players):
            raise Unread("mana added by an object")
        mana = phrase.make(YOU)
        if isinstance(mana, AddManaOf) and mana.kind == "commander's colors":
            raise Unread("whose commander")  # "your commander's" is the controller's
        return PlayerAddsMana(actor, mana)

    return VerbPhrase(phrase.third, make)


class TriggerPlayers:
    """The transformer methods of this subject (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle/effects._State)

    def add_mana(self, verb, mana):
        return _by_player(VerbPhrases.add_mana(self, verb, mana), self.state.players)

    def add_mana_of(self, verb, amount, kind):
        return _by_player(ChangePhrases.add_mana_of(self, verb, amount, kind), self.state.players)

    def add_mana_each(self, verb, symbol, group):
        phrase = ChangePhrases.add_mana_each(self, verb, symbol, group)
        return _by_player(phrase, self.state.players)

    # "its controller adds an additional {G}": the same mana (605.1b, 106.12a)
    def tp_add_additional(self, verb, _additional, mana):
        return self.add_mana(verb, mana)

    def tp_add_additional_of(self, verb, _additional, amount, kind):
        return self.add_mana_of(verb, amount, kind)

    def tp_add_additional_each(self, verb, _additional, symbol, group):
        return self.add_mana_each(verb, symbol, group)

    def tp_mana_produced(self, token):
        """ "One mana of any type that land produced": in a triggered ability only, where
        "that land" is the one its event tapped for mana (106.12a); one mana of one of the
        types it produced, as the mana reader reads the same words."""
        if self.state.kind != "triggered" or self.state.last_object is not None:
            raise Unread("which land produced it")
        by = str(token).split()[-2]
        return AddMana(str(token), mana=Mana(one_of_produced=1, produced_by=by))

    # -- CR 508.5, 109.5: "each creature defending player controls"
    def _group_words(self, *tokens):
        """A group the defending player controls (the player the attacking creature the
        ability refers to is attacking, 508.5), as "that player controls" is read
        (filter_phrases' ``Group.player``); other groups as before."""
        found = [t for t in tokens if getattr(t, "type", "") == "TP_DEFENDING_CONTROLS"]
        if not found:
            return FilterPhrases._group_words(self, *tokens)
        rest = tuple(t for t in tokens if t not in found)
        group = FilterPhrases._group_words(self, *rest)
        if group.whose != "any" or group.player or group.other:
            # "each other creature defending player controls" (Kusari-Gama): other than
            # the creature its event named, not than the source, as Group.other means
            raise Unread("whose group, other than what")
        return replace(group, whose="player", player="defending_player:0")

    # -- CR 502.3, 611.2b: "That creature doesn't untap during its controller's untap step
    # for as long as you control this creature."
    def tp_no_untap_while(self, token):
        """Every untap step of the object's controller while the source stays tapped, on the
        battlefield or under your control; "don't" of several objects, "doesn't" of one."""
        words = str(token)
        duration = WHILE_OF[words.split(" for as long as ", 1)[1]]
        plural = words.startswith("don't")
        if plural != ("their" in words):
            raise Unread("whose untap step")
        players = self.state.players
        return VerbPhrase(
            not plural, lambda a: object_only(a, players) and NoUntapWhile(a, duration)
        )
