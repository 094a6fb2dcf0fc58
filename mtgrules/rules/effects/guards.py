"""Unread abilities that could change what an instruction does (CR 614, 615, 616), and
limits on a triggered ability the play-out doesn't keep (603.2h).

Replacement and prevention effects modify events as they happen; the engine applies
the ones it reads (none yet for the play-out) and refuses when an ability it doesn't
read could be one for this event. The test is conservative, by words: an unread ability
on the battlefield whose words speak of the event and of replacing or preventing it.
"""

from __future__ import annotations

import re

from mtgrules import lazyre
from mtgrules.cards.effects import Script
from mtgrules.cards.effects_frames import TRIGGER_LIMITS
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.model.state import GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.scope.index import is_read, words_of

# words that make an ability a replacement or prevention effect (614.1, 615.1)
_MODIFIES = lazyre.compile(
    r"\b(?:instead|would|prevent|skip|twice that|double|one more|additional|can't|don't|"
    r"doesn't|if (?:a|an|one or more|another)\b.*\bwould)\b",
    re.IGNORECASE,
)

# what each event is called in ability words
EVENT_WORDS = {
    "damage": r"\bdamage\b",
    "destroy": r"\b(?:destroy|dies?|die\b|regenerat|graveyard|indestructible)",
    "zone": r"\b(?:graveyard|exile|hand|library|battlefield|leave|dies?|enter)",
    "life": r"\blife\b",
    "draw": r"\bdraws?\b",
    "counters": r"\bcounters?\b",
    "token": r"\btokens?\b",
    "tap": r"\b(?:tap|untap)",
    "counter_spell": r"\bcounter(?:ed)?\b",
    "mana": r"\bmana\b",
    "discard": r"\bdiscard",
    "mill": r"\b(?:mill|graveyard)",
    "enter": r"\b(?:enters?|entering|onto the battlefield)\b",
}
# events where any unread ability that speaks of them could change them ("enters tapped",
# "enters with", "enters as a copy": 614.1c-d, 614.12)
_ANY_WORDING = frozenset({"enter"})


def refuse_unread(state: GameState, event: str, what: str) -> None:
    """Unsupported if an unread ability on the battlefield could replace or prevent
    ``event`` (a key of :data:`EVENT_WORDS`); ``what`` names the instruction. A triggered
    ability is no replacement or prevention effect (CR 603.1, 614.1: those come from
    static abilities, or from a spell or ability once it has resolved): what it does on
    triggering is the trigger rules' to judge, so it is never a reason here."""
    about = re.compile(EVENT_WORDS[event], re.IGNORECASE)
    for obj in state.in_zone(Zone.BATTLEFIELD):
        for ability in characteristics(state, obj).abilities:
            if is_read(ability) or ability.kind is AbilityKind.TRIGGERED:
                continue
            words = words_of(ability)
            if about.search(words) and (event in _ANY_WORDING or _MODIFIES.search(words)):
                raise Unsupported(
                    f"{obj.label}'s ability “{words}” could change how {what} happens "
                    "(a replacement or prevention effect, CR 614, 615) and is not read"
                )


def refuse_unfollowed(script: Script, label: str) -> None:
    """Unsupported for a Script not all read (CR 608.2c: every instruction is followed), and
    for a triggered ability that "triggers only once each turn" (CR 603.2,
    603.2h; ``Script.trigger_limit``): whether it may trigger again depends on how often it
    triggered before, which the play-out doesn't keep, so resolving it is refused, naming
    the limit, rather than letting a second trigger resolve as if there were none."""
    if not script.complete:
        raise Unsupported(f"what {label} does is not all read: {script.render()}")
    if script.trigger_limit:
        raise Unsupported(
            f"{label}'s ability {TRIGGER_LIMITS.get(script.trigger_limit, script.trigger_limit)}"
            " (CR 603.2h): the play-out doesn't keep how often it triggered"
        )
