"""What each question's answer depends on, declared for the scope index.

One function per question type returns the :class:`~mtgrules.rules.scope.query.Depends`
its ``ask`` hands to :func:`~mtgrules.rules.scope.query.require` before answering: an
unread ability anywhere in the game whose scope touches one of these could change the
answer, so the answer is unsupported (see docs/soundness.md).

- ``can_cast``: permission, timing and restrictions of casting it, from anywhere
  (101.2, 601.3, 117.1a, 702.61a); costs only when ``pay`` asks for payment (601.2f);
  targeting grants when it targets (115.1).
- ``can_activate``: restrictions, timing and permission (602.5); haste and types when
  summoning sickness decides ({T}/{Q} in the cost, 302.6, 702.10c); costs when paying;
  split second only for an ability that isn't a mana ability (702.61b).
- ``can_take_special_action``: playing lands (305.2, 305.9) or plotting (702.170a).
- ``characteristics``: every layer, the object's own abilities and others' (613.1).
- ``enters``: replacements, counters, entering tapped, copy effects and characteristics
  (614.1c, 614.12, 611.3c); for an Aura that doesn't enter (303.4g), only what decides it.
- ``is_mana_ability``: only the ability itself (605.1a: no other effect counts).
- ``could_produce``: the mana its abilities (and those of the lands they look at) could
  add, replacements, and what changes those abilities or types (106.7).
- ``mana_produced``: triggered mana abilities and replacements (106.12a-b), and for a
  "could produce" ability the lands it looks at.
- ``x_value``: what defines or limits X (107.3), and copy effects.
- ``can_attack``: attack restrictions and requirements (508.1c-d), abilities, types and
  control; haste when summoning sickness decides (302.6, 702.10b).
- ``can_block``: block restrictions and requirements and evasion (509.1b-c), abilities,
  types and control of both creatures; colors for color-based evasion (702.13b, 702.36b,
  702.16f), power for skulk (702.118b), and the defending player's lands for landwalk
  (702.14c).
"""

from __future__ import annotations

from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules.activation.ability_words import trigger_adds_no_mana
from mtgrules.rules.activation.summoning_sickness import controlled_since_latest_turn
from mtgrules.rules.layers.characteristics import characteristics as characteristics_now
from mtgrules.rules.mana.amounts import with_board_mana
from mtgrules.rules.scope.index import CHARACTERISTICS, Scope
from mtgrules.rules.scope.query import Depends

_CHARACTERISTICS = (
    Scope.PT,
    Scope.ABILITIES,
    Scope.TYPES,
    Scope.COLORS,
    Scope.COPY,
    Scope.TEXT,
)
assert set(_CHARACTERISTICS) <= CHARACTERISTICS


# CR 115.1b, 702.5a, 702.103b: an Aura spell (a bestowed one too) targets what its enchant
# keyword allows, though the keyword's words don't say "target"
_TARGETING_KEYWORDS = ("enchant ", "bestow")


def _targets(ability: Ability | None, obj: GameObject) -> bool:
    """Whether it targets: words of targeting, a read target, or an Aura's enchant keyword
    (an expanded keyword such as equip, 702.6a, is passed as its expanded ability)."""
    if ability is not None:
        return (
            ability.targets
            or ability.targeting is not None
            or "target" in (ability.oracle or ability.render()).lower()
        )
    return any(
        a.targets
        or a.targeting is not None
        or (
            a.kind is AbilityKind.KEYWORD
            and (a.keyword or "").lower().startswith(_TARGETING_KEYWORDS)
        )
        or "target" in (a.oracle or a.text).lower()
        for a in obj.card.abilities
    )


def can_cast(obj: GameObject, player: str, pay: bool) -> Depends:
    scopes = [Scope.CAST_RESTRICTION, Scope.CAST_PERMISSION, Scope.CAST_TIMING]
    # CR 118.3, 119.8: its non-mana cost parts are checked with or without `pay`, and an
    # effect elsewhere ("can't lose life") could make one unpayable
    parts = any(
        a.casting_cost is not None and a.casting_cost.cost.parts for a in obj.card.abilities
    )
    if pay or parts:
        scopes.append(Scope.CAST_COST)
    if _targets(None, obj):
        scopes.append(Scope.TARGETING)
    return Depends(
        (obj,),
        tuple(scopes),
        f"whether {player} can cast {obj.label} now",
    )


def can_activate(
    state: GameState,
    obj: GameObject,
    ability: Ability,
    player: str,
    pay: bool,
    mana: bool,
    expanded: Ability | None = None,
) -> Depends:
    """``expanded``: what a keyword means as an activated ability (equip's "attach to
    target creature you control", CR 702.6a), when ``ability`` is such a keyword."""
    scopes = [Scope.ACTIVATE_RESTRICTION, Scope.ACTIVATE_PERMISSION, Scope.ACTIVATE_TIMING]
    cost = ability.cost
    sick = cost is not None and (cost.tap or cost.untap)
    if sick and not controlled_since_latest_turn(state, obj)[0]:
        # CR 302.6: only a creature is stopped, so haste matters only for a creature; what
        # could make it a creature (or not) matters either way
        creature = characteristics_now(state, obj, through="4").is_a("Creature")
        scopes[1:1] = [Scope.HASTE, Scope.TYPES] if creature else [Scope.TYPES]
        changes = f"whether {'{T}' if cost and cost.tap else '{Q}'} can be paid"
    else:
        changes = f"whether {player} can activate it now"
    if pay or (cost is not None and cost.parts):  # as for casting: CR 118.3, 119.8
        scopes.append(Scope.ACTIVATE_COST)
    if obj.controller != player:
        scopes.append(Scope.CONTROL)
    if _targets(ability, obj) or (expanded is not None and _targets(expanded, obj)):
        scopes.append(Scope.TARGETING)
    # CR 702.61b: mana abilities can be activated while a split second spell is on the stack
    ignore = frozenset({"split-second-activate"}) if mana else frozenset()
    return Depends(
        (obj,),
        tuple(scopes),
        changes,
        skip=((obj.oid, ability),),
        ignore=ignore,
    )


def special_action(action: str, obj: GameObject, player: str) -> Depends:
    scope = Scope.PLAY_LAND if action == "play_land" else Scope.PLOT
    what = "play it as a land" if action == "play_land" else "plot it"
    scopes = (scope, Scope.CAST_RESTRICTION) if action == "plot" else (scope,)
    return Depends((obj,), scopes, f"whether {player} can {what} now")


def characteristics(obj: GameObject) -> Depends:
    return Depends((obj,), _CHARACTERISTICS, f"the characteristics of {obj.label}")


def enters(state: GameState, obj: GameObject, copy_of: GameObject | None) -> Depends:
    # what it copies: the copy gets its abilities, so they count as its own (707.2)
    scopes = (
        Scope.ENTERS_REPLACEMENT,
        Scope.ENTERS_COUNTERS,
        Scope.ENTERS_TAPPED,
        *_CHARACTERISTICS,
    )
    return Depends(
        (obj,) if copy_of is None else (obj, copy_of),
        scopes,
        f"what {obj.label} enters the battlefield as",
        own=(Scope.ENTERS_TRIGGER, *scopes),  # 603.6a: the answer lists its enters triggers
        entering=True,
    )


def copy_choice(obj: GameObject, chosen: GameObject | None) -> Depends:
    """CR 614.1c, 614.12, 707.9b: whether what ``as_copy_of`` names is a choice it may make
    as it enters: the replacements on its entering (its own unread "enter as a copy"
    ability first) and whatever changes what the chosen object is."""
    scopes = (Scope.ENTERS_REPLACEMENT, *_CHARACTERISTICS)
    return Depends(
        (obj,) if chosen is None else (obj, chosen),
        scopes,
        f"whether {obj.label} may enter as a copy of "
        f"{'nothing' if chosen is None else chosen.label}",
        entering=True,
    )


def aura_enters(obj: GameObject) -> Depends:
    """CR 303.4f-g: whether an Aura enters at all, which is all an answer that it doesn't
    needs: what it is and what it could enchant (its types, text, abilities, control, copy
    effects) and replacements on its entering."""
    scopes = (
        Scope.ENTERS_REPLACEMENT,
        Scope.TYPES,
        Scope.TEXT,
        Scope.ABILITIES,
        Scope.CONTROL,
        Scope.COPY,
    )
    return Depends((obj,), scopes, f"whether {obj.label} enters the battlefield", entering=True)


def is_mana_ability(obj: GameObject, ability: Ability) -> Depends:
    # CR 605.1a-b: whether an ability is a mana ability is judged from the ability itself;
    # replacement effects (other than its own) and other abilities don't count.
    return Depends((obj,), (), "whether it is a mana ability", own=(), skip=((obj.oid, ability),))


def _looked_at(state: GameState, obj: GameObject) -> tuple[GameObject, ...]:
    """It, and when one of its abilities adds mana "a land ... could produce" (106.7),
    the lands on the battlefield (all of them: chains of such abilities go anywhere)."""
    lands: list[GameObject] = []
    for ability in obj.card.abilities:
        mana = ability.effect.adds_mana if ability.effect else None
        if mana is not None and mana.could_produce:
            lands = [
                o
                for o in state.in_zone(Zone.BATTLEFIELD)
                if o.oid != obj.oid and "Land" in o.card.types
            ]
    return (obj, *lands)


# CR 106.7, 305.6: of its characteristics, only granted or lost mana abilities and land
# types (which carry mana abilities) change what a permanent could produce.
_NOT_MANA = frozenset({"abilities", "types"})


def could_produce(state: GameState, obj: GameObject) -> Depends:
    return with_board_mana(
        state,
        (obj,),
        Depends(
            _looked_at(state, obj),
            (Scope.MANA_REPLACEMENT, Scope.MANA_ABILITY, Scope.ABILITIES, Scope.TYPES),
            f"which types of mana {obj.label} could produce",
            own=(Scope.MANA_ABILITY, Scope.MANA_REPLACEMENT, Scope.ABILITIES, Scope.TYPES),
            ignore=_NOT_MANA,
        ),
    )


def mana_produced(state: GameState, obj: GameObject, ability: Ability) -> Depends:
    looked = _looked_at(state, obj)
    # an unread trigger on tapping for mana whose words add no mana changes no mana (605.1b)
    quiet = tuple(
        (o.oid, a)
        for o in state.in_zone(Zone.BATTLEFIELD)
        for a in o.card.abilities
        if trigger_adds_no_mana(a, o.card)
    )
    return with_board_mana(
        state,
        (obj,),
        Depends(
            looked,
            (Scope.MANA_TRIGGER, Scope.MANA_REPLACEMENT)
            + ((Scope.MANA_ABILITY, Scope.ABILITIES, Scope.TYPES) if len(looked) > 1 else ()),
            f"the mana {obj.label}'s ability adds",
            own=(Scope.MANA_TRIGGER, Scope.MANA_REPLACEMENT),
            skip=((obj.oid, ability), *quiet),
            ignore=_NOT_MANA,
        ),
    )


def x_value(obj: GameObject, ability: Ability | None) -> Depends:
    skip = ((obj.oid, ability),) if ability is not None else ()
    return Depends(
        (obj,),
        (Scope.X_VALUE, Scope.COPY),
        f"the value of X for {obj.label}",
        skip=skip,
    )


def can_attack(state: GameState, obj: GameObject) -> Depends:
    """CR 508.1a, 508.1c-d: what could change whether it can be declared as an attacker."""
    scopes = [Scope.ATTACKING, Scope.ABILITIES, Scope.TYPES, Scope.CONTROL]
    if not controlled_since_latest_turn(state, obj)[0]:
        scopes.insert(1, Scope.HASTE)  # "can attack as though it had haste" (702.10b)
    return Depends((obj,), tuple(scopes), f"whether {obj.label} can attack")


# evasion that looks at the blocker's colors (CR 702.36b, 702.13b, 702.16f)
_BY_COLOR = ("fear", "intimidate", "protection from")


def can_block(
    state: GameState, blocker: GameObject, attacker: GameObject, lands: tuple[GameObject, ...]
) -> Depends:
    """CR 509.1a-c: what could change whether ``blocker`` can block ``attacker``; ``lands``
    are the defending player's lands when the attacker has landwalk (702.14c)."""
    keywords = [
        a.keyword or "" for a in characteristics_now(state, attacker, through="6").abilities
    ]
    scopes = [Scope.BLOCKING, Scope.ABILITIES, Scope.TYPES, Scope.CONTROL]
    if any(k.startswith(_BY_COLOR) for k in keywords):
        scopes.append(Scope.COLORS)
    if "skulk" in keywords:
        scopes.append(Scope.PT)
    return Depends(
        (blocker, attacker, *lands),
        tuple(scopes),
        f"whether {blocker.label} can block {attacker.label}",
    )
