"""The trigger events the triggered-ability template reads (CR 603.1, 603.2), by the words
before the comma of "When/Whenever/At ...", each with the :class:`TriggerEvent` it names:

* this permanent's own events: entering (603.6a), alone or with another's, dying,
  attacking, becoming tapped or the target of a spell or ability, being tapped for mana;
  its controller's upkeep and end step;
* the beginning of other steps and phases and of combat (603.2b, 503.1, 507.1, 513.1a);
* a player casting a spell (601.2i);
* events in combat (508-510), a player gaining life (119.9) or drawing (121.1), damage
  dealt to or by this creature (120.3), a plane's chaos ability (311.7) and setting a
  scheme in motion (701.32).

:func:`~mtgrules.cards.oracle.templates.read_triggered` tries :data:`SELF_TRIGGERS` in
order; :data:`A_STEP` stands for every step, which the match names (:data:`STEP_WORDS`,
:data:`STEP_WHOSE`).
"""

from __future__ import annotations

import re

from mtgrules import lazyre
from mtgrules.cards.oracle.costs import SELF
from mtgrules.cards.vocabulary import TriggerEvent

# "At the beginning of" a step or phase (CR 603.2b) other than the controller's own upkeep
# and end step (read above): the steps and whose turn; no question asks about the step, so
# the ability is listed, and known not to trigger on what a question asks about
STEP_WORDS = {
    "upkeep": "upkeep",
    "draw step": "draw_step",
    "end step": "end_step",
    "first main phase": "first_main_phase",
    "second main phase": "second_main_phase",
    "precombat main phase": "precombat_main_phase",
    "postcombat main phase": "postcombat_main_phase",
}
STEP_WHOSE = {
    "your": "you",
    "each player's": "each",
    "each": "each",
    "each opponent's": "opponent",
    "the": "each",  # "At the beginning of the end step": each one (513.1a)
}
# one pattern for every step and whose turn; the match says which (read_triggered)
A_STEP = TriggerEvent("beginning_of", what="step")
_BEGINNING_TRIGGERS = [
    (
        lazyre.compile(
            r"^(At the beginning of "
            rf"(?P<who>{'|'.join(map(re.escape, STEP_WHOSE))}) "
            rf"(?P<step>{'|'.join(map(re.escape, STEP_WORDS))})), "
        ),
        A_STEP,
    ),
    (
        lazyre.compile(r"^(At the beginning of combat on your turn), "),
        TriggerEvent("beginning_of", what="combat", whose="you"),
    ),
    (
        lazyre.compile(r"^(At the beginning of each combat), "),
        TriggerEvent("beginning_of", what="combat", whose="each"),
    ),
]
# "Whenever you cast a noncreature spell" (CR 601.2i): the spell's kind kept in the card's
# words; like a step's, listed and known not to trigger on what a question asks about
_CAST_WHO = {"you cast": "you", "a player casts": "any", "an opponent casts": "opponent"}
_CAST_TRIGGERS = [
    (
        lazyre.compile(
            rf"^(Whenever {who} (?:an? [^,.\"“]*?spells?(?: that targets {SELF})?"
            r"|your (?:first|second) spell each turn)), "
        ),
        TriggerEvent("cast", what="spell", whose=whose),
    )
    for who, whose in {**_CAST_WHO, "you cast or copy": "you"}.items()
]
# Events in combat (CR 508-510), a player gaining life (119.9) or drawing (121.1), and damage
# dealt to or by this creature (120.3): no question mtgrules answers depends on them, so the
# ability is listed, and known not to trigger on what a question asks about
_COMBAT_WORDS = {
    "you attack": "you_attack",
    f"{SELF} becomes blocked": "becomes_blocked",
    f"{SELF} blocks": "blocks",
    f"{SELF} attacks or blocks": "attacks_or_blocks",
    f"{SELF} attacks and isn't blocked": "attacks_unblocked",
    f"{SELF} attacks alone": "attacks_alone",
    "equipped creature attacks": "equipped_attacks",
    "equipped creature deals combat damage to a player": "equipped_combat_damage_to_player",
    "a creature you control deals combat damage to a player": "yours_combat_damage_to_player",
    f"{SELF} deals combat damage to a creature": "combat_damage_to_creature",
}
_OTHER_EVENTS = (
    *((words, TriggerEvent("combat", what=key)) for words, key in _COMBAT_WORDS.items()),
    ("you gain life", TriggerEvent("life_gain", what="you")),
    ("you draw a card", TriggerEvent("draw", what="card", whose="you")),
    ("you draw your second card each turn", TriggerEvent("draw", what="second_card", whose="you")),
    (f"{SELF} is dealt damage", TriggerEvent("damage", what="dealt_to_self")),
    (f"{SELF} deals damage to an opponent", TriggerEvent("damage", what="to_opponent")),
    # a plane's chaos ability (311.7) and a scheme's (701.32): cards of casual variants
    ("chaos ensues", TriggerEvent("chaos_ensues")),
)
_EVENT_TRIGGERS = [
    (lazyre.compile(rf"^(Whenever {words}), "), event) for words, event in _OTHER_EVENTS
] + [(lazyre.compile(r"^(When you set this scheme in motion), "), TriggerEvent("set_in_motion"))]


SELF_TRIGGERS = [
    (lazyre.compile(rf"^(When {SELF} enters(?: the battlefield)?), "), TriggerEvent("enters")),
    # its own entering is one of the events (CR 603.6a): "Whenever this creature or another
    # Ally you control enters", "Whenever this enchantment or a legendary creature you
    # control enters", "Whenever CARD enters or attacks"
    (
        lazyre.compile(
            rf"^(When(?:ever)? {SELF} or (?:another|an?) [^,.]+? enters(?: the battlefield)?), "
        ),
        TriggerEvent("enters", what="self_or_another"),
    ),
    (
        # "enters or attacks", "enters or leaves the battlefield", "enters or dies",
        # "enters and whenever you cast a Snake spell"
        lazyre.compile(
            rf"^(When(?:ever)? {SELF} enters(?: the battlefield)?"
            r" (?:or|and when|and whenever) [^,]+?), "
        ),
        TriggerEvent("enters", what="self_or_other_event"),
    ),
    (lazyre.compile(rf"^(When {SELF} dies), "), TriggerEvent("dies")),
    (lazyre.compile(rf"^(Whenever {SELF} attacks), "), TriggerEvent("attacks")),
    (lazyre.compile(r"^(At the beginning of your upkeep), "), TriggerEvent("upkeep")),
    (lazyre.compile(r"^(At the beginning of your end step), "), TriggerEvent("end_step")),
    (
        lazyre.compile(rf"^(Whenever {SELF} becomes tapped), "),
        TriggerEvent("becomes_tapped"),
    ),
    (
        lazyre.compile(rf"^(When(?:ever)? {SELF} becomes the target of a spell or ability), "),
        TriggerEvent("other"),
    ),
    (
        lazyre.compile(rf"^(Whenever you tap {SELF} for mana), "),
        TriggerEvent("tapped_for_mana", whose="you"),
    ),
    *_BEGINNING_TRIGGERS,
    *_CAST_TRIGGERS,
    *_EVENT_TRIGGERS,
    # combat damage (CR 510.2): no question asks about combat, so the ability is only listed
    (
        lazyre.compile(rf"^(Whenever {SELF} deals combat damage to a player), "),
        TriggerEvent("combat_damage_to_player"),
    ),
    (
        lazyre.compile(
            rf"^(Whenever {SELF} or another creature with the same name deals combat damage to a player), "
        ),
        TriggerEvent("combat_damage_to_player", what="self_or_same_name"),
    ),
]
