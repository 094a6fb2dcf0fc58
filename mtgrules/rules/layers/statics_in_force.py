"""Which static abilities of :mod:`mtgrules.cards.statics` are in force, and whom they cover.

Shared by :mod:`mtgrules.rules.layers.grants` (layer 6), :mod:`mtgrules.rules.casting.permissions` and
:mod:`mtgrules.rules.casting.restrictions`:

- a permanent's static abilities function while it is on the battlefield (CR 113.6, 604.2,
  611.3b) and only while it has them (a face-down permanent or one that lost its abilities
  has none, 613.1f, 708.2);
- "you" is the controller of the permanent with the ability (CR 109.5);
- a group naming a card type or subtype without "card" or "spell" means permanents on the
  battlefield (CR 109.2); an artifact creature counts as an artifact and as a creature (205.2b);
- the conditions mtgrules computes: during that player's turn, during combat, during an
  opponent's end step (CR 500.1, 506, 513).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator
from typing import Any

from mtgrules.answer import Reason
from mtgrules.cards.static_permissions import spells_phrase
from mtgrules.cards.statics import COLOR_ADJECTIVES, CONDITIONS, TYPE_WORDS, Group
from mtgrules.cards.vocabulary import Ability, CardDef
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.model.turn import Phase, Step
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.qualities import fits_quality, quality_words
from mtgrules.rules.scope.index import Scope, is_read, words_of
from mtgrules.rules.scope.keyword_reach import keyword_patterns
from mtgrules.rules.scope.own import unknown_keyword
from mtgrules.rules.scope.words import matching

ATTRIBUTES = (
    "boost",
    "grant",
    "permission",
    "restriction",
    "cost_change",
    "sets_colors",
    "adds_types",
)


# rules.layers.characteristics(state, obj, through=..., statics=...), see in_force
CharacteristicsOf = Callable[..., Any]


def _card_attributes(card: CardDef | None) -> set[str]:
    """The ATTRIBUTES some ability of the card has, on any face or half."""
    found: set[str] = set()
    while card is not None:
        for ability in card.abilities:
            found.update(a for a in ATTRIBUTES if getattr(ability, a) is not None)
        for half in card.halves:  # an Adventure's or a split half's (mtgrules.cards.faces)
            if half is not card:
                found |= _card_attributes(half)
        card = card.back_face
    return found


def _attributes_of(card: CardDef) -> frozenset[str]:
    """:func:`_card_attributes`, worked out once per card (by identity: the card is kept
    beside its answer, so its id can't be reused): a play-out asks it of every object on
    each new state."""
    hit = _OF_CARD.get(id(card))
    if hit is None or hit[0] is not card:
        if len(_OF_CARD) >= _OF_CARD_MAX:
            _OF_CARD.clear()
        hit = _OF_CARD[id(card)] = (card, frozenset(_card_attributes(card)))
    return hit[1]


_OF_CARD: dict[int, tuple[CardDef, frozenset[str]]] = {}
_OF_CARD_MAX = 50_000  # forgotten all at once past this (a long batch of many cards)


def could_be_in_force(state: GameState, attribute: str) -> bool:
    """Whether any object in the game has such an ability in its card data: where none has,
    none can be in force (copy effects copy objects of the game, CR 707.2). Found once per
    state (every characteristics computation asks it: once per object would be quadratic)."""
    entry = _IN_GAME.get(id(state))
    if entry is None or entry[0]() is not state:
        if len(_IN_GAME) > 64:
            _IN_GAME.clear()
        found = frozenset().union(*(_attributes_of(o.card) for o in state.objects))
        entry = (weakref.ref(state), found)
        _IN_GAME[id(state)] = entry
    return attribute in entry[1]


# id(state) -> (the state, the ATTRIBUTES some card of it has); the weak reference tells a
# state from a later one that reuses its id
_IN_GAME: dict[int, tuple[weakref.ref, frozenset[str]]] = {}


def in_force(
    state: GameState, attribute: str, chars_of: CharacteristicsOf, *, grants: bool = True
) -> Iterator[tuple[GameObject, Ability]]:
    """Each (permanent, ability) with a ``grant``/``permission``/``restriction`` in force: the
    abilities the permanent has now (layer 6 applied; ``grants=False`` leaves out what static
    grants add, which is never one of these abilities). ``chars_of`` is
    :func:`mtgrules.rules.layers.characteristics.characteristics`, passed in because layer 6 asks this
    module which grants are in force (a recursion over the layers, CR 613.1f)."""
    if not could_be_in_force(state, attribute):
        return
    found, error = state.once(
        ("statics_in_force", attribute, chars_of, grants),
        lambda: _gather(state, attribute, chars_of, grants),
    )
    yield from found
    if error is not None:
        raise error


def _gather(
    state: GameState, attribute: str, chars_of: CharacteristicsOf, grants: bool
) -> tuple[tuple[tuple[GameObject, Ability], ...], Unsupported | None]:
    """What :func:`in_force` yields, found once per state (every object's characteristics
    ask it: once per object would be quadratic, tests/test_big_boards.py), and the ``Unsupported`` that
    stops it, if one does, raised again after the same pairs on every ask."""
    found: list[tuple[GameObject, Ability]] = []
    try:
        for obj in state.in_zone(Zone.BATTLEFIELD):
            for ability in chars_of(state, obj, through="6", statics=grants).abilities:
                if getattr(ability, attribute) is not None:
                    source_unchanged(state, obj, ability)
                    found.append((obj, ability))
    except Unsupported as err:
        return tuple(found), err
    return tuple(found), None


def condition_holds(state: GameState, condition: str, controller: str) -> tuple[bool, str]:
    """A condition of :data:`~mtgrules.cards.statics.CONDITIONS` now, and why."""
    if not condition:
        return True, ""
    mine = state.active_player == controller
    if condition in ("your_turn", "its_your_turn"):
        return mine, f"it is {state.active_player}'s turn"
    if condition == "combat":
        now = state.phase is Phase.COMBAT
        return now, "it is the combat phase" if now else f"it is the {_where(state)}, not combat"
    if condition == "opponents_end_step":
        now = not mine and state.step is Step.END
        return now, f"it is {state.active_player}'s {_where(state)}"
    raise ValueError(f"unknown condition {condition!r}; known: {', '.join(CONDITIONS)}")


def condition_words(condition: str, controller: str) -> str:
    """When a condition holds, in words: "during Alice's turn"."""
    return {
        "your_turn": f"during {controller}'s turn",
        "its_your_turn": f"during {controller}'s turn",
        "combat": "during combat",
        "opponents_end_step": f"during the end step of {controller}'s opponents",
    }[condition]


def source_unchanged(state: GameState, source: GameObject, ability: Ability) -> None:
    """A read static ability is applied only while nothing unread could take it away or
    change it: an unread ability on the battlefield that removes abilities (613.1f),
    changes text (613.1c) or control, and so who "you" is (613.1b, 109.5), could reach
    its source, so the answer is unsupported, naming both. A land also loses the
    abilities of its rules text when an effect sets its land type (305.7: every nonbasic
    land made a Mountain), so for a land an unread land-type change counts too."""
    land = "Land" in source.card.types
    for o, other, pattern in _source_changers(state):
        if pattern.key == "land-types" and not land:
            continue
        words = " ".join(words_of(other).split())
        raise Unsupported(
            f"{o.label}: “{words}” could {pattern.could.format(subject=source.label)}, and so "
            f"its static ability “{ability.words}”, which mtgrules applies "
            f"(CR {', '.join(pattern.rules)})"
        )


_SOURCE_SCOPES = (Scope.TEXT, Scope.CONTROL)


def _source_changers(state: GameState) -> list[tuple[GameObject, Ability, Any]]:
    """The unread abilities on the battlefield that could change another permanent's static
    abilities (found once per state: every characteristics computation asks)."""
    entry = _CHANGERS.get(id(state))
    if entry is None or entry[0]() is not state:
        if len(_CHANGERS) > 64:
            _CHANGERS.clear()
        found = [
            (o, ability, pattern)
            for o in state.in_zone(Zone.BATTLEFIELD)
            for ability in o.card.abilities
            if not is_read(ability)
            for pattern in matching(ability, o.card, own=False)
            if pattern.key in ("lose-abilities", "land-types") or pattern.scope in _SOURCE_SCOPES
        ]
        entry = (weakref.ref(state), found)
        _CHANGERS[id(state)] = entry
    return entry[1]


_CHANGERS: dict[int, tuple[weakref.ref, list]] = {}


def _where(state: GameState) -> str:
    return state.step.label if state.step else state.phase.label


def covers_player(who: str, player: str, controller: str) -> bool:
    """Whether "you" / "your opponents" / "players" of an ability controlled by ``controller``
    includes ``player`` (CR 109.5)."""
    if who == "you":
        return player == controller
    if who in ("opponents", "each_opponent"):
        return player != controller
    return True


def in_group(state: GameState, group: Group, source: GameObject, obj: GameObject, chars) -> bool:
    """Whether ``obj`` (with characteristics ``chars``, layer 4 applied) is in ``group`` as the
    ability of ``source`` describes it."""
    if group.noun == "self":
        return obj.oid == source.oid
    if group.attached:
        return (
            obj.zone is Zone.BATTLEFIELD
            and source.attached_to == obj.oid
            and (group.noun == "permanent" or chars.is_a(TYPE_WORDS[group.noun]))
        )
    if group.cards_not_on_battlefield:
        return (
            obj.zone is not Zone.BATTLEFIELD
            and obj.owner == source.controller
            and chars.is_a(TYPE_WORDS[group.noun])
        )
    if obj.zone is not Zone.BATTLEFIELD:  # CR 109.2: permanents
        return False
    if group.other and obj.oid == source.oid:
        return False
    if group.whose == "you" and obj.controller != source.controller:
        return False
    if group.whose == "opponents" and obj.controller == source.controller:
        return False
    if group.whose == "player":  # a player the effect names: the play-out's to resolve
        raise Unsupported(f"which player “{group.render()}” names is not known here")
    if group.token is not None and obj.token != group.token:
        return False
    if group.status == "attacking" and not obj.attacking:
        return False
    if group.status and group.status != "attacking" and obj.tapped != (group.status == "tapped"):
        return False
    if group.with_counter and obj.counter(group.with_counter) < 1:  # CR 122.1
        return False
    if group.named and chars.name != group.named:  # CR 201.2: its name after layer 1
        return False
    if group.with_keyword and not chars.has_keyword(group.with_keyword):  # CR 702.9a
        return False
    if group.without_keyword and chars.has_keyword(group.without_keyword):
        return False
    if not all(_is(chars, word) for word in (*group.adjectives, group.noun)):
        return False
    for q in group.qualities:  # an effect's group: "legendary", "power<=2" (qualities.py)
        fits = fits_quality(chars, obj, q)
        if fits is None:
            raise Unsupported(f"whether {obj.label} is {quality_words(q)}")
        if not fits:
            return False
    return True


def _is(chars, word: str) -> bool:
    if word == "permanent":
        return True
    if word in COLOR_ADJECTIVES:  # "white creatures": its colors after layer 5 (CR 105.2)
        return COLOR_ADJECTIVES[word] in chars.colors
    if word == "nonbasic":  # CR 205.4c: a land without the basic supertype
        return "Basic" not in chars.supertypes
    if word.startswith("non") and word[3:] in TYPE_WORDS:  # "nonland": not of that type (205.2a)
        return not chars.is_a(TYPE_WORDS[word[3:]])
    if word.startswith("non") and word[3:] in COLOR_ADJECTIVES:  # "nonblack" (105.2)
        return COLOR_ADJECTIVES[word[3:]] not in chars.colors
    if word == "historic":  # CR 700.6
        return (
            chars.is_a("Artifact") or "Legendary" in chars.supertypes or chars.has_subtype("Saga")
        )
    if word in TYPE_WORDS:
        return chars.is_a(TYPE_WORDS[word])
    return chars.has_subtype(word)


PERMANENT_CARD_TYPES = ("Artifact", "Creature", "Enchantment", "Planeswalker", "Battle")


def spell_is(chars, kind: str) -> bool:
    """Whether a spell with characteristics ``chars`` is of a kind a permission or restriction
    names (:func:`mtgrules.cards.oracle.statics.spell_kind`): "creature", "noncreature",
    "Spirit", "green creature", "historic" (700.6), "colorless", "legendary", "permanent"."""
    words = kind.split(" ")
    if words[0] in COLOR_ADJECTIVES:
        if COLOR_ADJECTIVES[words[0]] not in chars.colors:
            return False
        words = words[1:]
        if not words:
            return True
    word = words[0]
    if word.startswith("non") and word[3:] in (*TYPE_WORDS, "permanent"):
        return not spell_is(chars, word[3:])
    if word == "permanent":
        return any(chars.is_a(t) for t in PERMANENT_CARD_TYPES)
    if word == "colorless":
        return not chars.colors
    if word == "legendary":
        return "Legendary" in chars.supertypes
    return _is(chars, word)


def spells_match(chars, kinds: tuple[str, ...]) -> bool:
    """Any of the kinds (none: every spell)."""
    return not kinds or any(spell_is(chars, k) for k in kinds)


# Keywords that offer a choice, while the spell is proposed, that changes its qualities (an
# Aura spell instead of a creature spell, a face-down colorless 2/2, prototype colors).
QUALITY_CHOICES = ("bestow", "morph", "megamorph", "disguise", "prototype")


def quality_choice(chars) -> str | None:
    """CR 601.3a-b: a choice made while proposing the spell that could change the qualities
    a permission or restriction looks at: the keyword offering it, a face to choose, or None."""
    for a in chars.abilities:
        if (a.keyword or "").split(" ")[0] in QUALITY_CHOICES:
            return a.keyword
    return "a choice of face" if " // " in chars.name else None


def spells_not_covered(
    quoted: str, obj: GameObject, chars, kinds: tuple[str, ...], rule: str
) -> Reason | None:
    """A note when a static ability covering some kinds of spells (``kinds``; none: every
    spell) doesn't cover this one, else None; unsupported when a choice while casting it
    could change what kind of spell it is (CR 601.3a)."""
    if kinds and quality_choice(chars) is not None:
        raise Unsupported(
            f"{quoted} covers only some kinds of spells, and {obj.label} has "
            f"{quality_choice(chars)}: a choice while casting it could change what kind of spell "
            "it is (CR 601.3a), which mtgrules doesn't weigh"
        )
    if spells_match(chars, kinds):
        return None
    return Reason(None, f"{quoted} covers {spells_phrase(kinds, 'or')}; this isn't one.", (rule,))


# what decides whether a permanent is counted: its types and colors, and who controls it
# ("for each artifact you control": 613.1b)
_KINDS_OF_PERMANENTS = (Scope.TYPES, Scope.COLORS, Scope.CONTROL)
_KINDS = (Scope.TYPES, Scope.COLORS)


def counted_kinds_read(state: GameState, what: str, names: bool = False) -> None:
    """Counting the permanents of a group ("for each artifact you control", "unless you
    control a Plains") reads their types and colors (layers 4-5, CR 613.1d-e) and their
    controllers (layer 2, 613.1b): an unread static ability on the battlefield that could
    change some permanent's types, colors or controller could change the count, so the
    answer is unsupported, naming it. ``names``: the group is of a name ("named Wastes"),
    which a copy effect could change (layer 1, 613.1a), so those are read too."""
    scopes = (*_KINDS_OF_PERMANENTS, Scope.COPY) if names else _KINDS_OF_PERMANENTS
    for o in state.in_zone(Zone.BATTLEFIELD):
        for ability in o.card.abilities:
            if is_read(ability):
                continue
            # its own unread words or keyword could change its own kind too: a bestowed
            # Aura or an attached reconfigure Equipment is no creature (CR 702.103b,
            # 702.151b), a station card a creature by its counters (721.2b)
            own = matching(ability, o.card, own=True)
            if unknown_keyword(ability):
                own += keyword_patterns(ability, o, _KINDS)
            if any(p.scope in scopes for p in own):
                words = " ".join(words_of(ability).split())
                raise Unsupported(
                    f"{o.label}: “{words}” could change which permanents count for “{what}” "
                    f"(CR {'613.1a, ' * names}613.1b, 613.1d, 613.1e), which would change the count"
                )
