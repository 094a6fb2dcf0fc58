"""Ask phase.rs a case's question and compare its answer with mtgrules'.

phase.rs is asked through its legal actions (``Game.actions()``: what the player with
priority may do now): a spell can be cast if a ``CastSpell`` of its object is among them
(CR 601.2), a land played if a ``PlayLand`` is (305.1, 116.2a), an ability activated if an
``ActivateAbility`` of its object and index is (602.2). A mana ability isn't offered
among them (605.3a: it is activated while paying, or with priority), so its activation is
applied to a copy of the game and phase.rs's acceptance is its answer. ``characteristics``
is compared in :mod:`mtgrules.crosscheck.characteristics`.
"""

from __future__ import annotations

import re
from typing import Any

from mtgrules import lazyre
from mtgrules.answer import Answer
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.caseio.case import Case
from mtgrules.crosscheck.board import Translated, translate
from mtgrules.crosscheck.characteristics import cross_check_characteristics
from mtgrules.crosscheck.phase_cards import card_face
from mtgrules.crosscheck.verdict import AGREES, DISAGREES, NOT_COMPARABLE, CrossCheck, NotComparable
from mtgrules.model.state import GameObject
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.ability_numbers import find_ability, numbered_abilities
from mtgrules.rules.layers.characteristics import characteristics

INSTALL_HINT = (
    "--cross-check needs phase.rs's Python bindings: pip install 'mtgrules[phase]' "
    "(or pip install phase-python)"
)
QUESTIONS = ("can_cast", "can_activate", "can_take_special_action")


def available() -> bool:
    """Whether the optional phase.rs bindings are installed."""
    try:
        # lazy: an optional extra; only asking whether it's there imports it
        import phase  # noqa: F401
    except ImportError:
        return False
    return True


def cross_check(case: Case, answer: Answer | None) -> CrossCheck:
    """phase.rs's answer to the case's question beside mtgrules' ``answer``."""
    ours = None if answer is None or answer.unsupported else answer.value
    if case.question.kind == "characteristics":
        return cross_check_characteristics(case, ours)
    try:
        said, how = phase_answer(case)
    except NotComparable as err:
        return CrossCheck(NOT_COMPARABLE, None, str(err))
    except Unsupported as err:  # the ability the question names needs what mtgrules lacks
        return CrossCheck(NOT_COMPARABLE, None, f"the question's ability: {err.reason}")
    if ours not in ("yes", "no"):
        return CrossCheck(NOT_COMPARABLE, said, f"mtgrules gives no yes/no answer; {how}")
    return CrossCheck(AGREES if said == ours else DISAGREES, said, how)


def phase_answer(case: Case) -> tuple[str, str]:
    """("yes" | "no", what phase.rs was asked), or :class:`NotComparable`."""
    kind = case.question.kind
    if kind not in QUESTIONS:
        raise NotComparable(f"phase.rs isn't asked {kind} questions")
    spec = case.question.value
    state = case.state
    if kind == "can_cast":
        obj = state.find(spec)
        options = dict(case.question.options)
        player = options.pop("by", None) or obj.owner
        pay = bool(options.pop("pay", False))
        method = options.pop("method", None)
        if obj.plotted_on_turn is not None:
            # phase.rs offers a plotted card's one cast, by plot's permission (CR 702.170d),
            # and can't be asked about another way of casting it
            if method not in (None, "plot"):
                raise NotComparable(f"phase.rs casts a plotted card only as plotted, not {method}")
            method = "normal"
        method = method or "normal"
        if method != "normal" or options:
            raise NotComparable(f"the options {sorted(options) or [method]} aren't translated")
        return _cast(case, obj, player, pay)
    obj = state.find(spec["object"])
    extra = set(spec) - {"object", "ability", "action", "by", "pay"}
    if extra:
        raise NotComparable(f"the options {sorted(extra)} aren't translated")
    if kind == "can_activate":
        player = spec.get("by") or obj.controller
        return _activate(case, obj, spec.get("ability", 1), player, bool(spec.get("pay")))
    if spec["action"] == "plot":  # phase.rs words plot as an activated ability of the card
        player = spec.get("by") or obj.owner
        return _activate(case, obj, "plot", player, False)
    if spec["action"] != "play_land":
        raise NotComparable(f"the special action {spec['action']} isn't mapped to phase.rs")
    return _play_land(case, obj, spec.get("by") or obj.owner)


def _actions(found: Translated, player: str) -> list[Any] | None:
    """The legal actions of ``player``, or None when another player has priority."""
    if found.game.priority_player() != found.seats[player]:
        return None
    return list(found.game.actions())


def _cast(case: Case, obj: GameObject, player: str, pay: bool) -> tuple[str, str]:
    found = translate(case.state, plenty_for=None if pay else player)
    pid = found.ids[obj.oid]
    acts = _actions(found, player)
    if acts is None:
        return "no", "phase.rs offers no action to a player without priority"
    castable = any(a.kind == "CastSpell" and a.data["object_id"] == pid for a in acts)
    mana = "with the case's mana" if pay else "with mana aplenty"
    return ("yes" if castable else "no"), f"phase.rs {_offer(castable)} casting it {mana}"


def _play_land(case: Case, obj: GameObject, player: str) -> tuple[str, str]:
    found = translate(case.state)
    pid = found.ids[obj.oid]
    acts = _actions(found, player)
    if acts is None:
        return "no", "phase.rs offers no action to a player without priority"
    playable = any(a.kind == "PlayLand" and a.data["object_id"] == pid for a in acts)
    return ("yes" if playable else "no"), f"phase.rs {_offer(playable)} playing it as a land"


def _activate(
    case: Case, obj: GameObject, which: int | str, player: str, pay: bool
) -> tuple[str, str]:
    index, is_mana = _phase_ability(case, obj, which)
    found = translate(case.state, plenty_for=None if pay else player)
    pid = found.ids[obj.oid]
    if is_mana:
        game = (
            found.game
        )  # a game of its own, made for this question: applying changes nothing else
        action = {"type": "ActivateAbility", "data": {"source_id": pid, "ability_index": index}}
        try:
            game.apply(found.seats[player], action)
        except ValueError:
            return "no", "phase.rs refuses to activate this mana ability"
        return "yes", "phase.rs activates this mana ability"
    acts = _actions(found, player)
    if acts is None:
        return "no", "phase.rs offers no action to a player without priority"
    offered = any(
        a.kind == "ActivateAbility"
        and a.data["source_id"] == pid
        and a.data["ability_index"] == index
        for a in acts
    )
    return ("yes" if offered else "no"), f"phase.rs {_offer(offered)} activating it"


def _offer(yes: bool) -> str:
    return "offers" if yes else "doesn't offer"


_SELF = lazyre.compile(
    r"\bthis (?:creature|artifact|enchantment|land|permanent|card|equipment|vehicle|planeswalker)\b"
)


def _norm(text: str, name: str = "") -> str:
    """An ability's words, compared as phase.rs writes them: the card's name (and "this
    creature" and the like) as ``~``, without reminder text, case or punctuation."""
    text = re.sub(r"\([^)]*\)", "", text).lower()  # reminder text
    if name:
        text = text.replace(name.lower(), "~")
        short = name.split(",")[0].lower()  # a legend's short name
        text = text.replace(short, "~") if len(short) > 3 else text
    text = _SELF.sub("~", text)
    return re.sub(r"[^a-z0-9{}~]+", " ", text).strip()


def _phase_ability(case: Case, obj: GameObject, which: int | str) -> tuple[int, bool]:
    """phase.rs's index of the ability the question names (matched by its Oracle words),
    and whether phase.rs takes it for a mana ability."""
    chars = characteristics(case.state, obj)
    named = find_ability(chars, which)
    if named is None:
        raise NotComparable(f"{obj.label} has no ability {which}")
    face = card_face(obj)
    activated = [
        (i, bool(a.get("is_mana_ability")), _norm(a.get("description") or "", obj.card.name))
        for i, a in enumerate(face.get("abilities") or ())
        if a.get("kind") == "Activated"
    ]
    keyword = named.ability.keyword if named.ability.kind is AbilityKind.KEYWORD else None
    if keyword:  # equip, outlast, embalm...: phase.rs's activated ability of that keyword
        # (it words one "Equip {1}", or leaves a keyword's ability without words)
        matches = [
            (i, mana) for i, mana, words in activated if words.startswith(keyword) or not words
        ]
        if len(matches) == 1:
            return matches[0]
        raise NotComparable(f"phase.rs has no one activated ability for {keyword}")
    if named.ability.oracle:  # an imported card's ability: found by its words
        wanted = _norm(named.ability.oracle, obj.card.name)
        matches = [(i, mana) for i, mana, words in activated if words == wanted]
        if len(matches) == 1:
            return matches[0]
        raise NotComparable(
            "phase.rs reads this ability otherwise (no activated ability of its words)"
        )
    # a built-in card's ability (own words): by its place among the activated abilities,
    # when both engines count the same activated abilities
    ours = [a for a in numbered_abilities(chars) if a.is_activated]
    if not named.ability.is_activated or len(ours) != len(activated):
        raise NotComparable("the ability can't be matched with one of phase.rs's")
    i, mana, _ = activated[ours.index(named.ability)]
    return i, mana
