"""What an ability mtgrules doesn't model says by its own words: its form, and whether
it is a mana ability (CR 113.3, 605).

Its form (CR 113.3) decides whether it can be activated at all (602.1c). Then,
CR 605.1 judges a mana ability by its form and a few plain facts about its words,
never by what else is in the game: only an activated ability (605.1a) or a
triggered ability (605.1b) can be one; an activated one is not a loyalty ability,
requires no target, could add mana as it resolves and moves no card to or from a
library; a triggered one requires no target, triggers from a mana ability or from
mana being added, and could add mana. Spells (605.5b) and static abilities never are.

These checks read the ability's words (the card's own, or the text a case gives
where its form shows, see :func:`settled_form`) with reminder text and quoted
abilities (those it grants to something else) left out, and decide only where the
words settle it; anything else is ``Unsupported``:
any word of an action that may move a card to or from a library (a library,
drawing, milling, surveil, scry, searching, shuffling, the top of a library, ...),
"adds" in a form other than a sentence that begins with "Add", a trigger condition
that speaks of mana, tapping, paying or activating, an unknown keyword.
"""

from __future__ import annotations

import re

from mtgrules import lazyre
from mtgrules.answer import Reason
from mtgrules.cards.vocabulary import Ability, AbilityKind, CardDef
from mtgrules.rules import Unsupported
from mtgrules.rules.scope.index import CHAPTER, form, words_of

_REMINDER = lazyre.compile(r"\([^)]*\)")
_QUOTED = lazyre.compile(r"\"[^\"]*\"|“[^”]*”")
_LOYALTY = lazyre.compile(r"^\[?[+−\-]?(?:\d+|X)\]?:")
_ABILITY_WORD = lazyre.compile(r"^[^.:—\"“{]+ — ")  # "Grand Summon — " (CR 207.2c)
_TARGET = lazyre.compile(r"\btarget\b", re.IGNORECASE)
# Words of an action that may move a card to or from a library (605.1a's last
# criterion): drawing, milling, surveil, scry, explore, manifest, searching, shuffling,
# the top or bottom of a library, revealing or looking at cards, ...
_LIBRARY = lazyre.compile(
    r"\blibrar|\bdraws?\b|\bdrawn\b|\bdrew\b|\bmill|\bsurveil|\bscry|\bexplor|\bmanifest"
    r"|\bcloak|\bdiscover|\bcascad|\bconniv|\bfateseal|\bclash|\btop\b|\bbottom\b|\bshuffl"
    r"|\bsearch|\bseek|\bdredg|\blook at\b|\breveal|\bforetell|\bplot",
    re.IGNORECASE,
)
_ADD_NOW = lazyre.compile(r"^(?:you may )?add\b", re.IGNORECASE)
_ADDS = lazyre.compile(r"\badds?\b", re.IGNORECASE)
# A trigger condition that may be met by activating or resolving a mana ability (a {T}
# cost taps it) or by mana being added (605.1b): too close to judge from words.
_FROM_MANA = lazyre.compile(
    r"\bmana\b|\bactivat|\btap|\buntap|\bspen[dt]\b|\bpays?\b", re.IGNORECASE
)


# Words after a trigger condition that may add mana, however they put it (a mana symbol too).
_MAY_ADD = lazyre.compile(r"\badds?\b|\bmana\b|\bproduc|\{[^}]*\}", re.IGNORECASE)


def _own_words(ability: Ability) -> str:
    """Its words without reminder text or the abilities it quotes for something else."""
    return _QUOTED.sub(" ", _REMINDER.sub(" ", words_of(ability))).strip()


def _cannot_tell(card: CardDef, words: str, why: str) -> Unsupported:
    return Unsupported(
        f"mtgrules does not model this ability of {card.name} (“{words}”) and its words"
        f" don't settle whether it is a mana ability: {why} (CR 605.1a-b)"
    )


def settled_form(ability: Ability, card: CardDef) -> str | None:
    """The form of an unmodeled ability when its words settle it, else None.

    Imported words are the card's own, so their form is read as written (CR 113.3);
    the text a case gives for an ability is trusted only where its form shows (a cost
    and a colon, or "when", "whenever" or "at"): anything else may be a description
    of the ability rather than its wording. An unknown keyword settles nothing.
    """
    if ability.text.startswith("not modeled: keyword"):
        return None
    how = form(ability, card)
    if ability.oracle or how in ("activated", "triggered") or ability.kind is AbilityKind.SPELL:
        return how
    return None


def trigger_adds_no_mana(ability: Ability, card: CardDef) -> bool:
    """An unmodeled triggered ability whose trigger speaks of mana or tapping and whose
    words after the trigger condition can't add mana (no "add", "mana" or "produce"):
    whether or not it triggers, it changes no mana an ability adds (605.1b, 603.3)."""
    if not ability.described_only or settled_form(ability, card) != "triggered":
        return False
    words = _own_words(ability)
    if CHAPTER.match(words):
        return False
    condition, _, effect = _ABILITY_WORD.sub("", words).partition(",")
    return bool(_FROM_MANA.search(condition) and effect and not _MAY_ADD.search(effect))


def criteria_from_words(ability: Ability, card: CardDef) -> list[Reason]:
    """The CR 605.1 criteria an unmodeled ability's words settle; :class:`Unsupported`
    where they don't. The ability is a mana ability when every reason holds."""
    shown = words_of(ability)
    how = settled_form(ability, card)
    if how is None:
        raise _cannot_tell(card, shown, "its form (activated, triggered, static) isn't clear")
    if how == "spell":
        return [
            Reason(False, "It is a spell's effect; a spell is never a mana ability.", ("605.5b",))
        ]
    if how not in ("activated", "triggered"):
        return [
            Reason(
                False,
                f"By its words it is a {how} ability; only activated and triggered abilities"
                " can be mana abilities.",
                ("605.1", "605.5"),
            )
        ]
    words = _own_words(ability)
    if _LIBRARY.search(words):
        raise _cannot_tell(card, shown, "it may move a card to or from a library")
    if _TARGET.search(words):
        rules = ("605.1a" if how == "activated" else "605.1b", "605.5a")
        return [Reason(False, "Its words require a target.", rules)]
    if how == "triggered" and CHAPTER.match(words):
        return [
            Reason(
                False,
                "It is a chapter ability: it triggers as lore counters are put on its Saga,"
                " not from a mana ability or mana being added.",
                ("605.1b", "714.2b"),
            )
        ]
    if how == "triggered":
        condition, _, effect = _ABILITY_WORD.sub("", words).partition(",")
        if _FROM_MANA.search(condition) and effect and not _MAY_ADD.search(effect):
            # CR 605.1b: a triggered mana ability must be able to add mana; these words
            # can't, whatever its trigger (a land tapped for mana that stays tapped)
            return [
                Reason(True, "It has no target.", ("605.1b",)),
                Reason(
                    False,
                    "Its words add no mana (no “add”, “mana”, “produce” or mana symbol after its trigger"
                    " condition), so it isn't a triggered mana ability even though it may"
                    " trigger on mana being made; it uses the stack.",
                    ("605.1b", "605.5a"),
                ),
            ]
        if _FROM_MANA.search(condition):
            raise _cannot_tell(
                card, shown, "its trigger condition speaks of mana, tapping or activating"
            )
        return [
            Reason(True, "It has no target.", ("605.1b",)),
            Reason(
                False,
                f"It triggers on something other than a mana ability or mana being added"
                f" ({condition.strip()}).",
                ("605.1b", "605.5a"),
            ),
        ]
    if _LOYALTY.match(words):
        return [Reason(False, "It is a loyalty ability.", ("605.1a", "606.2"))]
    effect = _ABILITY_WORD.sub("", words).split(": ", 1)[-1]
    sentences = [s.strip() for s in re.split(r"(?<=\.)\s+", effect) if s.strip()]
    if any(_ADD_NOW.match(s) for s in sentences):
        return [
            Reason(True, "It is an activated ability and not a loyalty ability.", ("605.1a",)),
            Reason(True, "Its words require no target.", ("605.1a",)),
            Reason(True, "It adds mana as it resolves (“Add …”).", ("605.1a",)),
            Reason(True, "Its words move no card to or from a library.", ("605.1a",)),
        ]
    if _ADDS.search(effect):
        raise _cannot_tell(card, shown, "it adds mana only in some other way or later")
    return [Reason(False, "It doesn't add mana.", ("605.1a", "605.5a"))]
