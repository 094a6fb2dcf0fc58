"""What a triggered ability's words name that its trigger event named (docs/effects.md,
"What a trigger's event named"): "it", "that creature", "that card", "that player",
"they", "that much", "that many" before any sentence of the effect named an object or
player.

CR 603.2 (an ability triggers on an event), 608.2h (the ability refers to what the
event named, as it last existed if it has left), 608.2c (the words are followed
as written). The reader doesn't know the trigger condition (a reading is stored by the
effect's words alone), so it keeps the noun: :class:`~mtgrules.cards.effects.Subject`
``that`` with ``noun`` ``player``, a card type, ``card``, ``permanent``, ``spell``,
``token`` or ``object`` ("it"). The play-out binds it only when the event named exactly
one object (or player) that fits the noun, else refuses
(:mod:`mtgrules.rules.effects.referents`).

These are transformer methods mixed into the reader's transformer after
:class:`~mtgrules.cards.oracle.effects_nouns.Nouns`, whose methods they extend: outside a
triggered ability, or once a sentence named something, Nouns reads the words.
"""

from __future__ import annotations

from typing import Any

from mtgrules.cards.effects import SELF, Amount, Subject
from mtgrules.cards.effects_library import CREATED
from mtgrules.cards.oracle.effects_nouns import Nouns
from mtgrules.cards.oracle.effects_parts import Unread

# "that creature", "that card", ...: the noun the words give (effects.lark THAT_OBJECT)
_NOUNS = frozenset(
    {"creature", "permanent", "card", "token", "artifact", "land", "enchantment", "spell"}
)


def _event_named(state: Any) -> bool:
    """Whether a pronoun may still mean what the trigger event named: a triggered ability,
    before any sentence of it was left unread (after one, what is named is unknown)."""
    return state.kind == "triggered" and getattr(state, "event_named", False)


class TriggerReferents:
    """The trigger event's referents (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    def obj_self(self, token):
        # what was named before this sentence named the source (one transformer a sentence)
        self.before_self = getattr(self, "before_self", self.state.last_object)
        return Nouns.obj_self(self, token)

    def obj_it(self, token):
        words = str(token).lower()
        last = self.state.last_object
        if words.startswith("that ") and last == SELF and hasattr(self, "before_self"):
            # "Tap target creature. This creature deals 1 damage to that creature": never
            # the source this sentence just named, but the one target named before it
            before = self.before_self
            if before is not None and before.kind in ("target", "that"):
                self.state.last_object = before
                return before
            if before is not None or not _event_named(self.state):
                raise Unread(words)
            last = None
        if last == SELF and words.startswith(("that token", "those token")):
            # the source named in a sentence before ("... for each counter on this
            # creature. Sacrifice that token"): its own words for itself are "this", never
            # "that token"; the token is one made before, which this reader doesn't bind
            raise Unread(words)
        if last is None and _event_named(self.state):
            if words == "it":
                noun = "object"
            elif words.startswith("that ") and words.split()[1] in _NOUNS:
                noun = words.split()[1]
            else:  # "them", "those creatures": the event named one object
                raise Unread(words)
            subject = Subject("that", noun=noun)
            self.state.last_object = subject
            return subject
        return Nouns.obj_it(self, token)

    def obj_that_player(self, token):
        last = self.state.last_object
        if last is not None and last.kind not in ("self", "that"):
            # after a target, a group or tokens: "that player" may be its controller or
            # owner ("return target permanent to its owner's hand, then that player
            # discards a card"), "they" those objects
            return Nouns.obj_that_player(self, token)
        named = self.state.last_player is not None or getattr(self.state, "players_named", False)
        if not named and _event_named(self.state):
            subject = Subject("that", noun="player")
            self.state.last_player = subject
            return subject
        return Nouns.obj_that_player(self, token)

    # "each player", "each opponent" name players: a "that player" after them isn't the
    # event's (nor read: which of them is meant is not said)
    def obj_each_player(self, token):
        self.state.players_named = True
        return Nouns.obj_each_player(self, token)

    def obj_each_opponent(self, token):
        self.state.players_named = True
        return Nouns.obj_each_opponent(self, token)

    def count_event(self, token):
        # "that much", "that many" in a triggered ability's first sentence: the amount its
        # event carried (damage dealt, life gained or lost); after a sentence it may be
        # that sentence's number
        if not _event_named(self.state) or self.state.sentences_read:
            raise Unread(str(token))
        if self.state.last_object == CREATED:
            # after tokens the same sentence created ("create Primo, ..., then put that many
            # +1/+1 counters on it"): a number the words before named (an intervening "if"
            # kept out of the effect), not the event's
            raise Unread(str(token))
        return Amount(count="event")
