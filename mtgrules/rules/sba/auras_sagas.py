"""State-based actions on Auras, Sagas and Siege battles, and what entering means for them.

The toughness and loyalty checks (CR 704.5f, 704.5i) and an attachment whose object left
the battlefield (:func:`mtgrules.rules.copy.timing.attachment_sba`) don't cover these:

- an Aura attached to nothing, or to an object its enchant ability doesn't allow, is put
  into the graveyard (CR 704.5m, 303.4d);
- a Saga with at least as many lore counters as its final chapter number is sacrificed,
  unless one of its chapter abilities is still on the stack (CR 714.4, 704.5s, 714.2d);
- a Siege battle with defense 0 goes to the graveyard, unless it is the source
  of an ability on the stack (CR 704.5v, 310.4c).

Entering (the ``enters`` question): an Aura put onto the battlefield other than by
resolving as a spell is attached to what its controller chooses as it enters, and with
nothing it could enchant it doesn't enter at all (CR 303.4f, 303.4g); a Saga enters with a
lore counter and its chapter I ability triggers (714.3a, 714.2b); a battle enters with
defense counters (310.4b). What mtgrules can't decide here is refused, never guessed.
"""

from __future__ import annotations

import re

from mtgrules import lazyre
from mtgrules.answer import Reason
from mtgrules.cards.oracle.targets import read_enchant
from mtgrules.cards.targets import TargetSpec
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.ability_numbers import find_ability
from mtgrules.rules.keywords.protection import protection_from
from mtgrules.rules.layers.characteristics import Characteristics, characteristics
from mtgrules.rules.scope.index import CHAPTER, Scope
from mtgrules.rules.scope.query import Depends, require

_ROMAN = {"I": 1, "V": 5, "X": 10}


def _roman(numeral: str) -> int:
    total = 0
    for i, ch in enumerate(numeral):
        value = _ROMAN[ch]
        following = _ROMAN[numeral[i + 1]] if i + 1 < len(numeral) else 0
        total += -value if value < following else value
    return total


def chapter_numbers(chars: Characteristics) -> list[int]:
    """The chapter numbers of its chapter abilities, read from their words (CR 714.2a-c)."""
    numbers: list[int] = []
    for a in chars.abilities:
        found = CHAPTER.match(a.words)
        if found:
            numbers += [_roman(n) for n in re.findall(r"[IVX]+", found.group(0))]
    return numbers


def object_sba(
    state: GameState, obj: GameObject, chars: Characteristics, waiting: frozenset[str] = frozenset()
) -> list[Reason]:
    """CR 704.5m, 704.5s, 704.5v for a permanent on the battlefield: each check that applies
    to it, held or not (``holds`` False: the action removes it). ``waiting``: the Sagas
    whose chapter abilities have triggered and wait to be put on the stack (714.4)."""
    if obj.zone is not Zone.BATTLEFIELD:
        return []
    out: list[Reason] = []
    if chars.has_subtype("Aura") and chars.is_a("Enchantment"):
        out += _aura(state, obj, chars)
    if chars.has_subtype("Saga") and chars.is_a("Enchantment"):
        out += _saga(state, obj, chars, obj.oid in waiting)
    if chars.is_a("Battle") and chars.has_subtype("Siege"):
        out += _siege(state, obj)
    return out


def _chapter_on_stack(state: GameState, obj: GameObject, chars: Characteristics) -> bool | None:
    """CR 714.4: whether a chapter ability of this Saga is on the stack; None when an
    ability of it is there whose number doesn't say which it is."""
    items = [i for i in state.stack if i.ability_of == obj.oid]
    if not items:
        return False
    found = False
    for item in items:
        named = find_ability(chars, item.ability) if isinstance(item.ability, int) else None
        if named is None:
            return None
        found = found or bool(CHAPTER.match(named.ability.words))
    return found


def _from_stack(state: GameState, obj: GameObject) -> bool:
    return any(item.ability_of == obj.oid for item in state.stack)


def _aura(state: GameState, obj: GameObject, chars: Characteristics) -> list[Reason]:
    if obj.attached_to is None:
        players = [
            a.words
            for a in chars.abilities
            if _enchant_targeting(a) is not None
            and re.search(r"\b(?:players?|opponents?)\b", a.words, re.IGNORECASE)
        ]
        if players:  # `attached_to` names objects only
            raise Unsupported(
                f"{obj.label} is an Aura that can enchant a player (“{players[0]}”), and the "
                "case can't say which player it enchants; attached to nothing, it would be "
                "moved to the graveyard (CR 704.5m)"
            )
        return [
            Reason(
                False,
                "It is an Aura attached to no object or player: state-based actions move it "
                "to the graveyard.",
                ("704.5m",),
            )
        ]
    elsewhere = _enchants_off_the_battlefield(chars)
    if elsewhere:
        raise Unsupported(
            f"{obj.label}: its enchant ability “{elsewhere}” names a card or zone off the "
            "battlefield (CR 303.4a, 702.5a); attached to one it may stay, and attached to a "
            "permanent it stays when an effect has changed its enchant ability (as an Aura "
            "that returns the card it enchants does), which mtgrules can't see, so whether "
            "it goes to the graveyard (704.5m) is not judged"
        )
    host = state.obj(obj.attached_to)
    if host.zone is not Zone.BATTLEFIELD:
        return []  # its object left the battlefield: copy_timing.attachment_sba says so
    if chars.is_a("Creature"):
        return [
            Reason(
                False,
                "It is an Aura that is also a creature, which can't enchant anything: "
                "state-based actions move it to the graveyard.",
                ("303.4d", "704.5m"),
            )
        ]
    specs = enchant_specs(obj, chars)
    controller = obj.controller or obj.owner
    verdicts = [may_enchant(state, obj, controller, spec, host) for spec in specs]
    if any(v is True for v in verdicts):
        return [
            Reason(
                True,
                f"It is attached to {host.label}, which its enchant ability allows.",
                ("704.5m", "303.4a"),
            ),
            # CR 303.4c: legal by its enchant ability and other applicable effects
            _host_stays_legal(state, obj, [host], "may stay attached to"),
        ]
    if all(v is False for v in verdicts):
        protected, quality = _protected(state, obj, host)
        if protected:
            return [
                Reason(
                    False,
                    f"It is attached to {host.label}, which has protection from {quality}, so "
                    "it can't be enchanted by this Aura: state-based actions move it to the "
                    "graveyard.",
                    ("704.5m", "702.16c"),
                )
            ]
        return [
            Reason(
                False,
                f"It is attached to {host.label}, which “{_enchant_words(specs)}” doesn't allow, "
                "so state-based actions move it to the graveyard.",
                ("704.5m", "303.4a"),
            )
        ]
    raise Unsupported(
        f"{obj.label}: whether its enchant ability “{_enchant_words(specs)}” allows "
        f"{host.label} decides whether the Aura stays on the battlefield (CR 704.5m), and "
        "mtgrules can't read all of it"
    )


def _saga(
    state: GameState, obj: GameObject, chars: Characteristics, waiting: bool = False
) -> list[Reason]:
    numbers = chapter_numbers(chars)
    if not numbers:
        return []  # CR 714.4: only a Saga with one or more chapter abilities
    final, lore = max(numbers), obj.counter("lore")
    if lore >= final and waiting:
        return [
            Reason(
                True,
                f"It has {lore} lore counters, at least its final chapter number {final}, but "
                "a chapter ability of it has triggered and hasn't left the stack yet, so it "
                "isn't sacrificed now.",
                ("714.4", "704.5s"),
            )
        ]
    if lore < final:
        return [
            Reason(
                True,
                f"It has {lore} lore counter{'s' * (lore != 1)}, fewer than its final chapter "
                f"number {final}.",
                ("714.4", "714.2d"),
            )
        ]
    chapter = _chapter_on_stack(state, obj, chars)
    if chapter:
        return [
            Reason(
                True,
                f"It has {lore} lore counters, at least its final chapter number {final}, but "
                "a chapter ability of it is on the stack, so it isn't sacrificed yet.",
                ("714.4", "704.5s"),
            )
        ]
    if chapter is None:
        raise Unsupported(
            f"{obj.label} has {lore} lore counters, as many as its final chapter number "
            f"({final}), and an ability of it is on the stack: whether that is a chapter "
            "ability decides whether it is sacrificed now (CR 714.4, 704.5s)"
        )
    return [
        Reason(
            False,
            f"It has {lore} lore counter{'s' * (lore != 1)}, at least its final chapter number "
            f"{final}, and none of its chapter abilities is on the stack, so its controller "
            "sacrifices it when state-based actions are checked.",
            ("714.4", "704.5s", "714.2d"),
        )
    ]


def _siege(state: GameState, obj: GameObject) -> list[Reason]:
    defense = obj.counter("defense")
    if defense > 0:
        return [Reason(True, f"Its defense is {defense} (its defense counters).", ("310.4c",))]
    if _from_stack(state, obj):
        return [
            Reason(
                None,
                "Its defense is 0, but it is the source of an ability on the stack, so it stays "
                "until that ability leaves the stack.",
                ("704.5v", "310.4c"),
            )
        ]
    return [
        Reason(
            False,
            "It is a Siege with defense 0 (no defense counters): state-based actions move "
            "it to the graveyard.",
            ("704.5v", "310.4c"),
        )
    ]


# -- what an Aura could enchant -------------------------------------------------------


def enchant_specs(obj: GameObject, chars: Characteristics) -> list[TargetSpec]:
    """What its enchant abilities allow (CR 702.5a, 303.4a); Unsupported if one isn't read."""
    specs: list[TargetSpec] = []
    for a in chars.abilities:
        targeting = _enchant_targeting(a)
        if targeting is None:
            continue
        if targeting.unreadable or not targeting.specs:
            raise Unsupported(
                f"{obj.label}: mtgrules can't read its enchant ability “{a.words}”, which "
                "decides what the Aura can be attached to (CR 303.4a, 704.5m)"
            )
        specs.append(targeting.specs[0])
    if not specs:
        raise Unsupported(
            f"{obj.label} is an Aura, and mtgrules finds no enchant ability it reads, which "
            "decides what it can be attached to (CR 303.4a, 702.5a)"
        )
    return specs


def _enchant_targeting(a: Ability):
    keyword = (a.keyword or "").lower()
    if a.kind is AbilityKind.KEYWORD and keyword.startswith("enchant "):
        return a.targeting or read_enchant(keyword)
    if a.targeting is not None and a.words.lower().startswith("enchant"):
        return a.targeting
    return None


_OFF_BATTLEFIELD = lazyre.compile(r"\b(?:card|graveyard|hand|library|zone|exile)\b", re.IGNORECASE)


def _enchants_off_the_battlefield(chars: Characteristics) -> str:
    """The words of an enchant ability that names a card in a zone or a zone ("enchant
    creature card in a graveyard", "enchant your library", CR 702.5a), read or not; or ""."""
    for a in chars.abilities:
        words = a.keyword if a.kind is AbilityKind.KEYWORD and a.keyword else a.words
        if words.lower().startswith("enchant ") and _OFF_BATTLEFIELD.search(words):
            return words
    return ""


def _enchant_words(specs: list[TargetSpec]) -> str:
    return "; ".join(s.words() for s in specs)


def _fits(chars: Characteristics, alternative: str) -> bool:
    for word in alternative.split():
        if word in ("card", "spell"):
            continue
        if word == "permanent":
            continue
        if word[:1].isupper():
            if not chars.has_subtype(word):
                return False
        elif not chars.is_a(word.capitalize()):
            return False
    return True


def _protected(state: GameState, aura: GameObject, host: GameObject) -> tuple[bool | None, str]:
    """CR 702.16c: whether ``host`` has protection from the Aura."""
    try:
        return protection_from(characteristics(state, host), characteristics(state, aura))
    except Unsupported:
        return None, ""


def may_enchant(
    state: GameState, aura: GameObject, controller: str, spec: TargetSpec, host: GameObject
) -> bool | None:
    """Whether the Aura (controlled by ``controller``) could legally enchant ``host``, a
    permanent on the battlefield, by one enchant requirement; None when mtgrules can't
    tell (qualifiers, words it didn't read, protection). An Aura can't enchant itself
    (CR 303.4d); hexproof and shroud don't matter, as attaching doesn't target (303.4f)."""
    if host.oid == aura.oid or host.zone is not Zone.BATTLEFIELD or spec.zone != "battlefield":
        return False
    objects = [w for w in spec.what if w not in ("player", "opponent")]
    try:
        chars = characteristics(state, host, through="6")
    except Unsupported:
        return None
    if not any(_fits(chars, w) for w in objects):
        return False
    if spec.controller == "you" and host.controller != controller:
        return False
    if spec.controller in ("opponent", "not_you") and host.controller == controller:
        return False
    if spec.qualifiers or not spec.whole:
        return None
    if any((a.keyword or "").startswith("protection") for a in chars.abilities):
        # CR 702.16c: not enchanted by an Aura with the quality it has protection from
        protected, _ = _protected(state, aura, host)
        return None if protected is None else not protected
    return True


def entering_counters(
    obj: GameObject, chars: Characteristics, copying: bool
) -> tuple[dict[str, int], list[Reason]]:
    """The counters a Saga or a battle enters with by its intrinsic abilities: one lore
    counter (CR 714.3a; read ahead, 714.3b, is refused before, by the keyword's reach) and
    defense counters equal to its printed defense (310.4b)."""
    counters: dict[str, int] = {}
    reasons: list[Reason] = []
    if chars.has_subtype("Saga") and chapter_numbers(chars):
        counters["lore"] = 1
        reasons.append(
            Reason(None, "As a Saga it enters with a lore counter.", ("714.3a", "614.1c"))
        )
    if chars.is_a("Battle"):
        defense = obj.card.defense
        if copying or defense is None:
            raise Unsupported(
                f"{obj.label} is a battle: it enters with defense counters equal to its "
                "printed defense (CR 310.4b), and mtgrules doesn't know "
                + ("the defense a copy has" if copying else "this card's defense")
            )
        counters["defense"] = defense
        reasons.append(
            Reason(
                None,
                f"As a battle it enters with {defense} defense counters (its printed defense).",
                ("310.4b", "614.1c"),
            )
        )
    return counters, reasons


def chapter_triggers(chars: Characteristics, lore: int) -> list[Ability]:
    """The chapter abilities that trigger as a Saga enters with ``lore`` lore counters:
    each whose chapter number is at most ``lore``, since it had none before (CR 714.2b)."""
    if not chars.has_subtype("Saga"):
        return []
    out = []
    for a in chars.abilities:
        found = CHAPTER.match(a.words)
        if found and any(_roman(n) <= lore for n in re.findall(r"[IVX]+", found.group(0))):
            out.append(a)
    return out


def battle_protector(state: GameState, entering: GameObject, chars: Characteristics) -> Reason:
    """CR 310.9a, 310.12a: as a battle enters its controller chooses its protector; a
    Siege's is one of their opponents, a battle with no battle type's is its controller."""
    controller = entering.controller or entering.owner
    if chars.has_subtype("Siege"):
        choices = [p for p in state.player_names if p != controller]
        rules: tuple[str, ...] = ("310.12a", "310.9a")
    elif not chars.subtypes:
        choices, rules = [controller], ("310.9a",)
    else:
        raise Unsupported(
            f"{entering.label} is a battle whose battle type isn't Siege: who may protect it "
            "is set by its battle type (CR 310.9a, 310.12), which mtgrules doesn't know"
        )
    if not choices:
        return Reason(
            False,
            f"As a Siege it needs an opponent of {controller} as its protector, and there is "
            "none, so state-based actions put it into the graveyard.",
            (*rules, "310.11"),
        )
    who = (
        choices[0] if len(choices) == 1 else f"one of {', '.join(choices)}, as {controller} chooses"
    )
    return Reason(None, f"As it enters its protector is chosen: {who}.", rules)


def aura_entering(
    state: GameState, obj: GameObject, entering: GameObject, chars: Characteristics
) -> list[Reason]:
    """Where an Aura entering the battlefield is attached (CR 303.4f, 608.3c), or, first
    with holds False, that it doesn't enter at all because nothing could be enchanted
    (303.4g); nothing for a permanent that isn't an Aura. Unsupported when mtgrules can't
    tell."""
    if not (chars.has_subtype("Aura") and chars.is_a("Enchantment")):
        return []
    controller = entering.controller or entering.owner
    if obj.zone is Zone.STACK:
        return [
            Reason(
                None,
                "As an Aura spell resolving, it is attached to the object or player it targets "
                "(if that target is no longer legal, it doesn't resolve at all).",
                ("608.3c", "608.3b"),
            )
        ]
    why = (
        f"{obj.label} is an Aura: entering other than as a resolving Aura spell, it is attached "
        "to an object or player its controller chooses as it enters (CR 303.4f), and with "
        "nothing it could enchant it doesn't enter at all (303.4g)"
    )
    if chars.is_a("Creature"):
        raise Unsupported(f"{why}; as a creature it can't enchant anything (303.4d)")
    off = _enchants_off_the_battlefield(chars)
    if off:
        raise Unsupported(
            f"{why}; mtgrules doesn't look for what “{off}” allows off the battlefield"
        )
    specs = enchant_specs(obj, chars)
    legal: list[str] = []
    hosts: list[GameObject] = []
    unknown = False
    for spec in specs:
        if spec.players:
            for player in state.player_names:
                if "player" in spec.what or player != controller:
                    legal.append(player)
        for o in state.in_zone(Zone.BATTLEFIELD):
            verdict = may_enchant(state, entering, controller, spec, o)
            if verdict is True:
                legal.append(o.label)
                hosts.append(o)
            unknown = unknown or verdict is None
    words = _enchant_words(specs)
    if unknown and not legal:
        raise Unsupported(
            f"{why}; mtgrules can't tell whether something here could be enchanted by “{words}”"
        )
    if not legal:
        # CR 303.4g: only types, control and copy effects decide what "Enchant creature"
        # allows here; an unread ability that could change them refuses the answer
        hosts = tuple(state.in_zone(Zone.BATTLEFIELD))
        scopes = (Scope.TYPES, Scope.CONTROL, Scope.COPY)
        changes = f"whether anything here could be enchanted by {obj.label}"
        read = [require(state, Depends(hosts, scopes, changes))] if hosts else []
        where = (
            "it isn't created" if entering.token else f"it stays in {obj.owner}'s {obj.zone.value}"
        )
        return [
            Reason(
                False,
                "As an Aura put onto the battlefield it must be attached, as it enters, to "
                f"what “{words}” allows, and nothing here is: it doesn't enter, and {where}.",
                ("303.4g", "303.4f"),
            ),
            *read,
        ]
    shown = ", ".join(legal[:4]) + (", ..." if len(legal) > 4 else "")
    return [
        Reason(
            True,
            f"As an Aura put onto the battlefield it is attached, as it enters, to what "
            f"{controller} chooses among what “{words}” allows ({shown}).",
            ("303.4f", "303.4a"),
        ),
        *([] if len(hosts) < len(legal) else [_host_stays_legal(state, obj, hosts)]),
    ]


def _host_stays_legal(
    state: GameState, obj: GameObject, hosts: list[GameObject], how: str = "could be attached to"
) -> Reason:
    """CR 303.4f, 303.4c: what an Aura enchants must be legal by its enchant ability *and
    any other applicable effect*; an unread ability that could change a host's types,
    control or copy effects, give it protection (702.16c) or say it can't be enchanted
    could leave the Aura nothing to be attached to as it enters (303.4g), or make the one
    it is attached to illegal (704.5m). Other abilities it gains or loses can't. One host
    nothing unread reaches is enough (a player it may enchant, too: no check then)."""
    scopes = (Scope.TYPES, Scope.CONTROL, Scope.COPY, Scope.ATTACHING)
    first: Unsupported | None = None
    for host in hosts:
        changes = f"whether {obj.label} {how} {host.label}"
        try:
            return require(state, Depends((host,), scopes, changes))
        except Unsupported as err:
            first = first or err
    assert first is not None
    raise first
