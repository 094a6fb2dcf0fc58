"""Triggered abilities (CR 603): what triggers on the game's events, and in what order.

- :func:`triggered` (detect.py): the abilities a batch of events triggers (CR 603.2,
  603.2c), reading their trigger conditions (603.1) from the card text
  (:mod:`mtgrules.cards.oracle.trigger_conditions`); zone-change triggers (603.6):
  enters abilities look forward (603.6a), leaves-the-battlefield abilities look back in
  time (603.6c, 603.10, 603.10a); abilities of objects outside the battlefield only when
  their text says so (113.6); unread conditions refuse, for events they could match.
- :func:`intervening_if_holds` (intervening.py): an intervening "if" (603.4), checked as
  the ability triggers and again as it resolves.
- :func:`order_for_stack` (order.py): APNAP order and each player's chosen order
  (603.3b, 101.4); a missing choice is a :class:`NeedsOrder`.
- :func:`delayed_fires` (delayed.py): delayed triggered abilities (603.7).
- :func:`event_rules` (event_rules.py): the rules of the kind of trigger an event makes.
"""

from __future__ import annotations

from mtgrules.rules.triggers.delayed import DELAYED_EVENTS, delayed_fires
from mtgrules.rules.triggers.detect import TriggerNote, TriggerResult, triggered
from mtgrules.rules.triggers.event_rules import event_rules, trigger_conditions, triggered_rules
from mtgrules.rules.triggers.intervening import intervening_if_holds
from mtgrules.rules.triggers.order import NeedsOrder, Ordered, order_for_stack

__all__ = [
    "DELAYED_EVENTS",
    "NeedsOrder",
    "Ordered",
    "TriggerNote",
    "TriggerResult",
    "delayed_fires",
    "event_rules",
    "intervening_if_holds",
    "order_for_stack",
    "trigger_conditions",
    "triggered",
    "triggered_rules",
]
