"""Candidates for targets (CR 115): whether one object, player, spell or ability on the
stack is a legal target for one requirement, as :mod:`mtgrules.rules.targets.legality` asks.

A candidate is judged legal, not, or unknown (:class:`Judged`): of the kind the
requirement names (115.1), in its zone, controlled as it says, with its qualifiers;
not barred by shroud (702.18a), hexproof (702.11b, 702.11d) or protection (702.16b,
702.16j); unknown when its own abilities mtgrules doesn't read could bar it, or the
requirement has words mtgrules doesn't read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mtgrules.cards.mana import COLOR_CODES
from mtgrules.cards.targets import TargetSpec
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.model.state import GameObject, GameState, StackItem, Zone
from mtgrules.model.turn import Phase, Step
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.ability_numbers import numbered_abilities
from mtgrules.rules.keywords.protection import has_quality
from mtgrules.rules.layers.characteristics import Characteristics, characteristics
from mtgrules.rules.layers.qualities import fits_quality, quality_words, with_x
from mtgrules.rules.scope.index import Scope
from mtgrules.rules.scope.query import Depends, consider
from mtgrules.rules.scope.reach import UNTARGETABLE_WORDS

PERMANENT_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")
# steps in which a creature can be blocking (CR 509.1g: blockers are declared, then they block)
BLOCKING_STEPS = (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)
LIST_AT_MOST = 4


@dataclass(frozen=True)
class Chooser:
    """Who chooses targets for what: the spell being cast or the ability being activated."""

    state: GameState
    source: GameObject  # the spell, or the object whose ability it is
    source_chars: Characteristics
    player: str  # the caster or activating player: the spell's or ability's controller
    spell: bool  # a spell (True) or an activated ability (False)
    rules: tuple[str, ...]  # what the reasons cite for the requirement itself
    verb: str  # "cast" | "activated"
    x: int | None = None  # the X announced, for "X target ..."


@dataclass(frozen=True)
class Judged:
    """One candidate for one requirement: legal (True), not (False), or unknown (None)."""

    who: str  # how a reason names it: "Bob's Mind Stone (stone)", "Bob"
    key: str  # what identifies it: an object id, or "player:NAME"
    legal: bool | None
    why: str = ""  # why not, or what mtgrules can't read
    rules: tuple[str, ...] = ()


def judge_all(chooser: Chooser, spec: TargetSpec) -> list[Judged]:
    """Every candidate for the requirement, each judged."""
    state = chooser.state
    out: list[Judged] = []
    if spec.players:
        out += [_judge_player(chooser, spec, p) for p in state.player_names]
    objects = [w for w in spec.what if w not in ("player", "opponent")]
    if not objects:
        return out
    zone = Zone(spec.zone)
    if zone is Zone.STACK and any("ability" in w for w in spec.what):
        out += [_judge_stack_ability(chooser, spec, i, item) for i, item in enumerate(state.stack)]
    candidates = [o for o in state.objects if o.zone is zone]
    reached = _reached(state, spec, candidates) if zone is Zone.BATTLEFIELD else {}
    out += [_unread_could_change(_judge_object(chooser, spec, o), reached) for o in candidates]
    return [j for j in out if j.legal is not False or j.rules or j.why != _NOT_A]


def _reached(state: GameState, spec: TargetSpec, candidates: list[GameObject]) -> dict[str, str]:
    """CR 115.1, 613.1a-e: the candidates on the battlefield an unread ability could give
    other types, colors, a controller or copiable values, which decide whether they fit
    "target artifact" or "target creature you control" (and their abilities, for "with
    flying"): each one's id, with the words and source of the first such ability."""
    if not candidates:
        return {}
    scopes = [Scope.TYPES, Scope.CONTROL, Scope.COLORS, Scope.COPY]
    if any(q.startswith(("with ", "without ")) for q in spec.qualifiers):
        scopes.append(Scope.ABILITIES)
    found = consider(state, Depends(tuple(candidates), tuple(scopes), "which are legal targets"))
    out: dict[str, str] = {}
    for f in found.findings:
        out.setdefault(f.subject.oid, f"{f.source.label}'s ability “{f.words}”")
    return out


def _unread_could_change(judged: Judged, reached: dict[str, str]) -> Judged:
    """A candidate judged from characteristics an unread ability could change is unknown
    (a legal one might not be, one that doesn't fit might)."""
    words = reached.get(judged.key)
    if words is None or judged.legal is None:
        return judged
    return Judged(
        judged.who, judged.key, None, f"{words}, which could change its types, colors or controller"
    )


_NOT_A = "it doesn't fit"  # a candidate that isn't even of the kind: not worth mentioning


def judge_ref(chooser: Chooser, spec: TargetSpec, ref: str) -> Judged:
    state = chooser.state
    if ref in state.player_names:
        return _judge_player(chooser, spec, ref)
    obj = state.find(ref)
    if obj.zone is Zone.STACK:
        return _judge_object(chooser, spec, obj)
    return _judge_object(chooser, spec, obj, verbose=True)


def _judge_player(chooser: Chooser, spec: TargetSpec, name: str) -> Judged:
    key = f"player:{name}"
    if not spec.players:
        return Judged(
            name,
            key,
            False,
            f"{name} is a player, and it targets {requirement_words(spec, chooser.player)}s",
        )
    if "player" in spec.what:
        return Judged(name, key, True)
    if name != chooser.player:
        return Judged(name, key, True)
    return Judged(name, key, False, f"{name} isn't an opponent of {chooser.player}")


def _judge_stack_ability(chooser: Chooser, spec: TargetSpec, i: int, item: StackItem) -> Judged:
    state = chooser.state
    if item.ability_of is None:
        return Judged("", f"stack:{i}", False, _NOT_A)
    source = state.obj(item.ability_of)
    who = f"{item.controller}'s ability {item.ability} of {source.label} on the stack"
    key = f"stack:{i}"
    wanted = {w for w in spec.what if "ability" in w}
    if wanted == {"activated ability", "triggered ability"}:
        return _controller_ok(chooser, spec, who, key, item.controller)
    try:
        numbered = numbered_abilities(characteristics(state, source))
        ability = numbered[int(item.ability) - 1] if isinstance(item.ability, int) else None
    except (Unsupported, IndexError):
        ability = None
    if ability is None or ability.described_only:
        return Judged(who, key, None, "whether it is an activated or a triggered ability")
    kind = "triggered ability" if ability.kind is AbilityKind.TRIGGERED else "activated ability"
    if kind not in wanted:
        return Judged(who, key, False, f"it is a {kind}", ())
    return _controller_ok(chooser, spec, who, key, item.controller)


def _controller_ok(
    chooser: Chooser, spec: TargetSpec, who: str, key: str, controller: str
) -> Judged:
    problem = _whose(spec, controller, chooser.player)
    return Judged(who, key, problem is None, problem or "")


def _whose(spec: TargetSpec, whose: str, player: str) -> str | None:
    """The controller (or for a card in a graveyard the owner) the requirement names."""
    verb = "owns" if spec.zone == "graveyard" else "controls"
    if spec.controller == "you" and whose != player:
        return f"{whose} {verb} it, not {player}"
    if spec.controller == "opponent" and whose == player:
        return f"{player} {verb} it, not an opponent"
    if spec.controller == "not_you" and whose == player:
        return f"{player} controls it"
    return None


def label(obj: GameObject) -> str:
    """ "Bob's Mind Stone (stone)", "Grizzly Bears in Alice's graveyard"."""
    if obj.zone is Zone.GRAVEYARD:
        return f"{obj.label} in {obj.owner}'s graveyard"
    where = " on the stack" if obj.zone is Zone.STACK else ""
    return f"{obj.controller}'s {obj.label}{where}"


def _judge_object(
    chooser: Chooser, spec: TargetSpec, obj: GameObject, verbose: bool = False
) -> Judged:
    state = chooser.state
    who, key = label(obj), obj.oid
    if obj.zone.value != spec.zone:
        where = {"stack": "on the stack", "graveyard": "in a graveyard"}.get(
            spec.zone, "on the battlefield"
        )
        here = "on the battlefield" if obj.zone is Zone.BATTLEFIELD else f"in the {obj.zone.value}"
        return Judged(who, key, False, f"it is {here}, and the target must be {where}", ("115.2",))
    if spec.zone == "stack" and obj.oid == chooser.source.oid:
        return Judged(who, key, False, "a spell can't target itself", ("115.5",))
    if "other" in spec.qualifiers and obj.oid == chooser.source.oid:
        return Judged(who, key, False, f"it is {obj.name} itself, and it says another", ())
    # through layer 6 (types, colors, abilities), and power and toughness only when asked:
    # a power mtgrules can't compute doesn't matter to "target creature"
    stats = any(q.startswith(("power", "toughness")) for q in spec.qualifiers)
    try:
        chars = characteristics(state, obj, through="7d" if stats else "6")
    except Unsupported as err:
        return Judged(who, key, None, f"its characteristics ({err.reason})")
    if not any(_is(chars, obj, w) for w in spec.what if w not in ("player", "opponent")):
        kinds = " or ".join(w for w in spec.what if w not in ("player", "opponent"))
        return Judged(who, key, False, f"it isn't {_a(kinds)}" if verbose else _NOT_A)
    whose = obj.owner if obj.zone is Zone.GRAVEYARD else obj.controller
    problem = _whose(spec, whose, chooser.player)
    if problem is not None:
        return Judged(who, key, False, problem if verbose else _NOT_A)
    for said in spec.qualifiers:
        q = with_x(said, chooser.x)  # "with mana value X or less": X as announced (107.3a)
        if q.endswith("X"):
            return Judged(who, key, None, f"whether it is {quality_words(q)}, X not being known")
        fits = _qualifier(state, chars, obj, q)
        if fits is False:
            return Judged(who, key, False, f"it isn't {quality_words(q)}" if verbose else _NOT_A)
        if fits is None:
            return Judged(who, key, None, f"whether it is {quality_words(q)}")
        if q.startswith(("with ", "without ")) or "=" in q:
            unread = _unread_about(chars, q.split(" ", 1)[-1].split("<")[0].split(">")[0])
            if unread is not None:
                return Judged(who, key, None, f"its ability “{unread.words}”")
    if obj.zone is Zone.BATTLEFIELD:
        barred = _untargetable(chooser, chars, obj)
        if barred is not None:
            return barred
    if not spec.whole:
        return Judged(who, key, None, f"the words “{spec.rest}” of the requirement")
    return Judged(who, key, True)


def _a(words: str) -> str:
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


def _is(chars: Characteristics, obj: GameObject, alternative: str) -> bool:
    """Whether the object is one alternative of ``what``: each of its words."""
    for word in alternative.split():
        if word in ("permanent",):
            if obj.zone is not Zone.BATTLEFIELD and not any(chars.is_a(t) for t in PERMANENT_TYPES):
                return False
        elif word in ("card", "spell"):
            continue
        elif word in ("kindred", "tribal"):
            if not (chars.is_a("Kindred") or chars.is_a("Tribal")):
                return False
        elif word[:1].isupper():
            if not chars.has_subtype(word):
                return False
        elif (
            "ability" in word
            or word in ("activated", "triggered", "player", "opponent")
            or not chars.is_a(word.capitalize())
        ):
            return False
    return True


def _qualifier(state: GameState, chars: Characteristics, obj: GameObject, q: str) -> bool | None:
    """Whether the object has the quality; None when the case can't tell."""
    if " or " in q and not q.startswith(("with", "without")):
        results = [_qualifier(state, chars, obj, part) for part in q.split(" or ")]
        if any(results):
            return True
        return None if None in results else False
    if q == "other":
        return True
    if q == "attacking":
        return bool(obj.attacking)
    if q == "blocking":
        if state.combat.blockers_declared:  # the play-out declared them (509.1g)
            return any(state._by_id.get(a) and state.obj(a).attacking for a in obj.blocking)
        if state.phase is Phase.COMBAT and state.step in BLOCKING_STEPS:
            return None  # the case format doesn't say which creatures block
        return False  # CR 509.1: creatures block only once blockers are declared
    return fits_quality(chars, obj, q)  # CR 115.1: the one check of a filter's qualities


def _unread_about(chars: Characteristics, what: str) -> Ability | None:
    """An ability of its own mtgrules doesn't read that speaks of this quality (a keyword
    it might grant itself, a power it might change)."""
    words = {"mana value": "mana value"}.get(what, what)
    for a in chars.abilities:
        if _described_static(a):
            text = a.words.lower()
            if words in text or (
                words in ("power", "toughness") and re.search(r"[+-]\d+/[+-]\d+", text)
            ):
                return a
    return None


def _untargetable(chooser: Chooser, chars: Characteristics, obj: GameObject) -> Judged | None:
    """CR 702.18a shroud, 702.11b/d hexproof, 702.16b/j protection, and the permanent's own
    abilities mtgrules doesn't read that could say the same."""
    who, key = label(obj), obj.oid
    opponent = obj.controller != chooser.player
    kind = "spells" if chooser.spell else "abilities"
    if chars.has_keyword("shroud"):
        return Judged(
            who, key, False, f"it has shroud, so it can't be the target of {kind}", ("702.18a",)
        )
    if chars.has_keyword("hexproof") and opponent:
        return Judged(
            who,
            key,
            False,
            f"it has hexproof and {chooser.player} is an opponent of its controller, "
            f"{obj.controller}",
            ("702.11b",),
        )
    for a in chars.abilities:
        keyword = (a.keyword or "").lower()
        for prefix, rule in (("hexproof from ", "702.11d"), ("protection from ", "702.16b")):
            if a.kind is not AbilityKind.KEYWORD or not keyword.startswith(prefix):
                continue
            if prefix.startswith("hexproof") and not opponent:
                continue
            qualities = [q.strip() for q in keyword[len(prefix) :].split(" and from ")]
            for quality in qualities:
                has = has_quality(chooser.source_chars, quality)
                name = "hexproof" if prefix.startswith("hexproof") else "protection"
                if has is None:
                    return Judged(who, key, None, f"its {name} from {quality}")
                if has:
                    source = (
                        chooser.source.name
                        if chooser.spell
                        else f"{chooser.source.name}, its source,"
                    )
                    rules = (rule, "702.16j") if quality == "everything" else (rule,)
                    return Judged(
                        who,
                        key,
                        False,
                        f"it has {name} from {quality}, and {source} is {_quality_words(quality)}",
                        rules,
                    )
    for a in chars.abilities:  # its own static abilities mtgrules only describes
        if _described_static(a) and UNTARGETABLE_WORDS.search(a.words):
            return Judged(who, key, None, f"its ability “{a.words}”")
    return None


# Unmodeled abilities that can't be in force as targets are chosen: an activated or
# triggered ability does something only once activated or resolved (the case's `effects`
# then say what it did), and a spell effect only as the spell resolves (a spell ability the
# reader models, AbilityKind.SPELL, is no static ability either, CR 113.3a, 608.2).
_NOT_IN_FORCE = (
    "not modeled: activated ability",
    "not modeled: mana ability",
    "not modeled: loyalty ability",
    "not modeled: triggered ability",
    "not modeled: triggered mana ability",
    "not modeled: spell effect",
)


def _described_static(a: Ability) -> bool:
    """A static ability (or one of unknown kind) mtgrules only describes, which might be
    in force on the candidate right now."""
    if a.kind is AbilityKind.UNMODELED:
        return a.text not in _NOT_IN_FORCE
    return a.kind is AbilityKind.STATIC and bool(a.text) and a.replacement is None


def _quality_words(quality: str) -> str:
    if quality == "everything":
        return "a source like any other"
    if quality in COLOR_CODES or quality in ("multicolored", "monocolored", "colorless"):
        return quality
    if quality in ("each color", "all colors"):
        return "colored"
    return _a(quality.removesuffix("s"))


def requirement_words(spec: TargetSpec, player: str) -> str:
    """The requirement's noun phrase, with "you" as the player's name."""
    objects = [w for w in spec.what if w not in ("player", "opponent")] or list(spec.what)
    if spec.any_target:
        objects = ["creature", "planeswalker", "battle"]
    plain = TargetSpec(
        tuple(objects), spec.zone, "any", spec.qualifiers, 1, 1, whole=spec.whole
    ).render()
    plain = plain.removeprefix("another ").removeprefix("target ").removesuffix(" from a graveyard")
    if spec.zone != "graveyard":
        plain += {
            "you": f" {player} controls",
            "opponent": f" an opponent of {player} controls",
            "not_you": f" {player} doesn't control",
        }.get(spec.controller, "")
    return plain
