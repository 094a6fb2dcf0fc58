""" "Can't" and "only" restrictions on casting, activating and playing lands; split second.

A restriction of a static ability (a permanent's, in force while it is on the battlefield,
CR 604.2) forbids what a rule or another effect allows: the "can't" wins (101.2). A player
can't begin to cast a spell a rule or effect prohibits (601.3) nor to activate an ability
that is prohibited (602.5); playing a land is the same (305.1, 116.2a).

- "[players] can't cast [kinds of] spells [from ...] [during your turn / combat]", and
  Grand Abolisher's "... or activate abilities of artifacts, creatures, or enchantments";
- "[players] can cast spells only any time they could cast a sorcery" (307.5) / "only
  during their own turns";
- "[players] can't cast more than one spell each turn": read with the player's
  ``spells_cast_this_turn``; unsupported when the case doesn't give it;
- "activated abilities of [types] can't be activated [unless they're mana abilities]" and
  an Aura's "its activated abilities can't be activated" (602.5);
- "[players] can't play lands";
- split second (702.61a-b): while a spell with split second is on the stack, players can't
  cast other spells or activate abilities that aren't mana abilities; mana abilities and
  special actions are still allowed.

Every restriction in force is listed: the ones that stop the action as failed checks, the
ones that don't cover it as notes saying why.
"""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.cards.static_permissions import (
    CAST_WINDOWS,
    FROM_ZONES,
    RESTRICTED_WHO,
    Restriction,
    cast_window_words,
    spells_phrase,
)
from mtgrules.cards.statics import TYPE_WORDS, join_words, plural
from mtgrules.cards.vocabulary import Ability
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.layers.statics_in_force import (
    condition_holds,
    condition_words,
    covers_player,
    in_force,
    quality_choice,
    spells_match,
    spells_not_covered,
)
from mtgrules.rules.mana.abilities import is_mana_ability

CANT = ("101.2",)
SPLIT_SECOND = ("702.61a",)


def split_second_spells(state: GameState, but: GameObject | None = None) -> list[GameObject]:
    """CR 702.61a: the spells with split second on the stack (split second works only there)."""
    found = []
    for item in state.stack:
        if item.oid is None or (but is not None and item.oid == but.oid):
            continue
        spell = state.obj(item.oid)
        if characteristics(state, spell, through="6").has_keyword("split second"):
            found.append(spell)
    return found


def _who(restriction: Restriction, controller: str) -> str:
    words = RESTRICTED_WHO[restriction.who]
    return (
        f"{controller}'s opponents"
        if restriction.who in ("opponents", "each_opponent")
        else (controller if restriction.who == "you" else words.lower())
    )


def _quote(source: GameObject, ability: Ability) -> str:
    return f"{source.label}'s static ability “{ability.words}”"


def cast_window(state: GameState, chars, player: str) -> list[Reason]:
    """CR 113.6e, 601.3: its own "Cast this spell only during ..." abilities, wherever the
    card is cast from. A condition beside the window ("and only if you've been attacked
    this step") isn't checked: while the window is open, the answer is unsupported."""
    out = []
    for a in chars.abilities:
        r = a.restriction
        if r is None or r.kind != "cast_window":
            continue
        phases, steps = CAST_WINDOWS[r.only]
        words = cast_window_words(r.only, r.who)
        rules = ("113.6e", "601.3")
        whose = covers_player(r.who, state.active_player, player)
        where = state.step.label if state.step else state.phase.label
        now = f"it is {state.active_player}'s {where}"
        if not whose or (phases and state.phase.value not in phases):
            out.append(Reason(False, f"It can be cast only {words}, and {now}.", rules))
            continue
        if steps is not None and state.step is None:
            raise Unsupported(
                f"it can be cast only {words} (CR 113.6e), and the case doesn't say which "
                f"step of the {state.phase.label} it is"
            )
        if steps is not None and state.step.value not in steps:
            out.append(Reason(False, f"It can be cast only {words}, and {now}.", rules))
            continue
        if r.also:
            raise Unsupported(
                f"it can be cast only {words} and only {r.also} (CR 113.6e); {now}, and "
                "mtgrules doesn't check that condition"
            )
        out.append(Reason(True, f"It can be cast only {words}, and {now}.", rules))
    return out


def cast_restrictions(state: GameState, obj: GameObject, chars, player: str) -> list[Reason]:
    """CR 601.3, 101.2, 702.61a: what forbids ``player`` to cast ``obj`` now."""
    reasons = cast_window(state, chars, player) + [
        Reason(
            False,
            f"{spell.label} has split second and is on the stack: until it leaves the stack, "
            "no player can cast another spell.",
            (*SPLIT_SECOND, *CANT),
        )
        for spell in split_second_spells(state, but=obj)
    ]
    for source, ability in in_force(state, "restriction", characteristics):
        restriction = ability.restriction
        assert restriction is not None
        if restriction.kind not in ("cast", "cast_only", "cast_count"):
            continue
        quoted = _quote(source, ability)
        if not covers_player(restriction.who, player, source.controller):
            reasons.append(
                Reason(
                    None,
                    f"{quoted} restricts {_who(restriction, source.controller)}, not {player}.",
                    ("601.3", "109.5"),
                )
            )
            continue
        if restriction.kind == "cast":
            reasons.append(_cant_cast(state, obj, chars, player, source, restriction, quoted))
        elif restriction.kind == "cast_only":
            reasons.append(_cast_only(state, player, restriction, quoted))
        else:
            reasons.append(_cast_count(state, chars, player, restriction, quoted))
    return reasons


def _cant_cast(
    state: GameState,
    obj: GameObject,
    chars,
    player: str,
    source: GameObject,
    restriction: Restriction,
    quoted: str,
) -> Reason:
    other = spells_not_covered(quoted, obj, chars, restriction.spells, "601.3")
    if other is not None:
        return other
    if restriction.from_zones:
        zones = restriction.from_zones
        where = obj.zone.value
        covered = (obj.zone is not Zone.HAND) if zones == ("not_hand",) else where in zones
        if not covered:
            named = join_words([FROM_ZONES[z] for z in zones], "or")
            return Reason(
                None,
                f"{quoted} covers spells cast from {named}; this one would be cast from the {where}.",
                ("601.3",),
            )
    holds, why = condition_holds(state, restriction.during, source.controller)
    if not holds:
        return Reason(
            None,
            f"{quoted} applies only {condition_words(restriction.during, source.controller)}, and {why}.",
            ("601.3",),
        )
    return Reason(
        False,
        f"{quoted}: {player} can't cast it now. A \"can't\" beats every permission to cast it.",
        ("601.3", *CANT),
    )


def _cast_only(state: GameState, player: str, restriction: Restriction, quoted: str) -> Reason:
    """CR 307.5: "any time they could cast a sorcery" is priority, their own main phase and
    an empty stack (priority is checked with the timing); or only during their own turns."""
    own = state.active_player == player
    if restriction.only == "own_turn":
        if own:
            return Reason(True, f"{quoted}: it is {player}'s own turn.", ("601.3",))
        return Reason(
            False,
            f"{quoted}: it is {state.active_player}'s turn, so {player} can't cast spells. "
            "A \"can't\" beats every permission to cast it (flash or an instant's).",
            ("601.3", *CANT),
        )
    main = state.phase.is_main and state.step is None
    problems = []
    if not own:
        problems.append(f"it is {state.active_player}'s turn")
    elif not main:
        problems.append("it isn't a main phase")
    if not state.stack_empty:
        problems.append("the stack isn't empty")
    if not problems:
        return Reason(
            True,
            f"{quoted}: it is {player}'s main phase and the stack is empty, a time they could "
            "cast a sorcery.",
            ("307.5", "601.3"),
        )
    return Reason(
        False,
        f"{quoted}: {player} can cast spells only any time they could cast a sorcery, and "
        f"{' and '.join(problems)}. That beats the permission to cast it at instant speed.",
        ("307.5", "601.3", *CANT),
    )


def _cast_count(
    state: GameState, chars, player: str, restriction: Restriction, quoted: str
) -> Reason:
    kinds = restriction.spells
    if kinds and quality_choice(chars) is not None:
        raise Unsupported(
            f"{quoted} counts only some kinds of spells, and this card has "
            f"{quality_choice(chars)}: a choice while casting it could change its kind (CR 601.3a)"
        )
    if not spells_match(chars, kinds):
        return Reason(
            None, f"{quoted} counts only {spells_phrase(kinds, 'or')}; this isn't one.", ("601.3",)
        )
    cast = state.player(player).spells_cast_this_turn
    if cast is None:
        raise Unsupported(
            f"{quoted} lets {player} cast only {restriction.per_turn} "
            f"{spells_phrase(kinds, 'or').removesuffix('s')} each turn, and the case doesn't say "
            f"how many spells {player} has cast this turn (give `spells_cast_this_turn`)"
        )
    if cast < restriction.per_turn:
        return Reason(
            True,
            f"{quoted}: {player} has cast {cast} spell{'s' * (cast != 1)} this turn.",
            ("601.3",),
        )
    if kinds:
        raise Unsupported(
            f"{quoted} counts only {spells_phrase(kinds, 'or')}; {player} has cast {cast} "
            "spells this turn, and the case doesn't say of which kinds"
        )
    return Reason(
        False,
        f"{quoted}: {player} has already cast {cast} spell{'s' * (cast != 1)} this turn, so "
        "they can't cast another.",
        ("601.3", *CANT),
    )


def activation_restrictions(
    state: GameState, obj: GameObject, chars, ability: Ability, player: str
) -> list[Reason]:
    """CR 602.5, 101.2, 702.61a-b: what forbids ``player`` to activate ``ability`` of ``obj``."""
    mana = is_mana_ability(ability)
    reasons = []
    for spell in split_second_spells(state):
        if mana:
            reasons.append(
                Reason(
                    None,
                    f"{spell.label} has split second and is on the stack, but mana abilities "
                    "can still be activated.",
                    ("702.61b",),
                )
            )
        else:
            reasons.append(
                Reason(
                    False,
                    f"{spell.label} has split second and is on the stack: until it leaves the "
                    "stack, no player can activate an ability that isn't a mana ability.",
                    (*SPLIT_SECOND, *CANT),
                )
            )
    for source, static in in_force(state, "restriction", characteristics):
        restriction = static.restriction
        assert restriction is not None
        found = _cant_activate(state, obj, chars, mana, player, source, static, restriction)
        if found is not None:
            reasons.append(found)
    return reasons


def _cant_activate(
    state: GameState,
    obj: GameObject,
    chars,
    mana: bool,
    player: str,
    source: GameObject,
    static: Ability,
    restriction: Restriction,
) -> Reason | None:
    quoted = _quote(source, static)
    if restriction.kind == "cast" and restriction.also_activate:
        types = restriction.also_activate
        if obj.zone is not Zone.BATTLEFIELD or not any(chars.is_a(TYPE_WORDS[t]) for t in types):
            return None  # CR 109.2: it names permanents of those types
        named = join_words([plural(t) for t in types], "or")
        if not covers_player(restriction.who, player, source.controller):
            return Reason(
                None,
                f"{quoted} restricts {_who(restriction, source.controller)}, not {player}.",
                ("602.5", "109.5"),
            )
        holds, why = condition_holds(state, restriction.during, source.controller)
        if not holds:
            return Reason(
                None,
                f"{quoted} stops abilities of {named} only "
                f"{condition_words(restriction.during, source.controller)}, and {why}.",
                ("602.5",),
            )
        return Reason(
            False,
            f"{quoted}: {player} can't activate abilities of {named} now, mana abilities included.",
            ("602.5", *CANT),
        )
    if restriction.kind != "activate":
        return None
    if restriction.attached:
        if source.attached_to != obj.oid or obj.zone is not Zone.BATTLEFIELD:
            return None
        what = f"it is the {restriction.attached.split()[0]} permanent"
    else:
        if obj.zone is not Zone.BATTLEFIELD or not any(
            chars.is_a(TYPE_WORDS[t]) for t in restriction.of_types
        ):
            return None
        if restriction.whose == "opponents" and obj.controller == source.controller:
            return Reason(
                None,
                f"{quoted} covers only permanents {source.controller}'s opponents control.",
                ("602.5",),
            )
        what = f"it is one of the {join_words([plural(t) for t in restriction.of_types], 'or')}"
    if mana and restriction.unless_mana:
        return Reason(
            None, f"{quoted} spares mana abilities, and this is one.", ("602.5", "605.1a")
        )
    return Reason(
        False,
        f"{quoted}: {what}, so its activated abilities can't be activated"
        + (", mana abilities included." if mana else "."),
        ("602.5", *CANT),
    )


def mana_ability_barred(
    state: GameState, obj: GameObject, chars, ability: Ability, player: str
) -> Reason | None:
    """CR 602.5, 101.2: while a cost is paid, a mana ability a restriction forbids can't be
    activated to pay it; the note saying so, or None when nothing forbids it."""
    for reason in activation_restrictions(state, obj, chars, ability, player):
        if reason.holds is False:
            return Reason(
                None, f"{obj.label} can't be tapped for mana: {reason.text}", reason.rules
            )
    return None


def special_action_restrictions(
    state: GameState, obj: GameObject, player: str, action: str
) -> list[Reason]:
    """CR 305.1, 116.2a, 101.2: "can't play lands"; CR 702.61b: split second doesn't stop
    special actions (their own timing still applies)."""
    reasons = [
        Reason(
            None,
            f"{spell.label} has split second, but split second doesn't stop special actions.",
            ("702.61b",),
        )
        for spell in split_second_spells(state)
    ]
    if action != "play_land":
        return reasons
    for source, ability in in_force(state, "restriction", characteristics):
        restriction = ability.restriction
        assert restriction is not None
        if restriction.kind != "play_lands":
            continue
        quoted = _quote(source, ability)
        if covers_player(restriction.who, player, source.controller):
            reasons.append(
                Reason(
                    False,
                    f"{quoted}: {player} can't play lands. A \"can't\" beats the permission to "
                    "play one.",
                    ("305.1", "116.2a", *CANT),
                )
            )
        else:
            reasons.append(
                Reason(
                    None,
                    f"{quoted} restricts {_who(restriction, source.controller)}, not {player}.",
                    ("305.1", "109.5"),
                )
            )
    return reasons
