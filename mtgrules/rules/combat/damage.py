"""Combat damage (CR 510, 120.3, 702.2, 702.4, 702.7, 702.15, 702.16e, 702.19, 702.80, 702.90).

Who deals damage in a combat damage step (:func:`strikers`): every attacking and blocking
creature, unless one of them has first strike or double strike as the first step begins;
then only those in that step, and in the second step the others and those with double
strike (510.4, 702.7b, 702.4b).

How each one assigns its damage (:func:`assignment`), equal to its power, none if that is
0 or less (510.1a): an unblocked creature to what it attacks, nothing if that is gone
(510.1b, 506.4c); a blocked one to the creatures blocking it, nothing if none are left
unless it has trample (510.1c, 702.19d); a blocker to the attacker it blocks (510.1d).
When more than one division is legal (two blockers, or trample's excess: 702.19b, with a
deathtouch source's 1 counting as lethal, 702.2c) the division is the controller's
choice, a :class:`Division` the case must make.

What the damage does (:func:`deal`), all at once (510.2): life lost or poison counters
(120.3a-b, 702.90b), loyalty or defense counters removed (120.3c, 120.3h), damage marked
or -1/-1 counters (120.3d-e, 702.80a, 702.90c), life gained for lifelink (120.3f,
702.15b), damage prevented by protection (702.16e). Anything else that could change it (a
keyword or an unread ability about damage or combat) refuses (:func:`refuse_unread_combat`).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace

from mtgrules import lazyre
from mtgrules.model.events import Event
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.combat.keywords import require_known
from mtgrules.rules.effects.changes import add_counters, change_life
from mtgrules.rules.effects.guards import refuse_unread
from mtgrules.rules.keywords.protection import protection_from
from mtgrules.rules.layers.characteristics import Characteristics, characteristics
from mtgrules.rules.scope.index import form, is_read, words_of
from mtgrules.rules.zones import with_object

# keywords that change combat damage in ways the play-out doesn't carry out (702.22 banding,
# 702.19c trample over planeswalkers, 702.164 toxic, 702.70 poisonous): a combatant with one refuses
_UNPLAYED = re.compile(
    r"^(?:banding|bands with other\b.*|trample over planeswalkers|toxic \d+|poisonous \d+)$",
    re.IGNORECASE,
)
# an unread ability speaking of combat damage or of how damage is assigned or dealt
_ABOUT_COMBAT = lazyre.compile(
    r"\b(?:combat damage|assigns?|damage|blocked|blocking|unblocked|protection|prevent)\b",
    re.IGNORECASE,
)


def in_combat(state: GameState) -> tuple[list[GameObject], list[GameObject]]:
    """The attacking creatures and the blocking creatures now (CR 506.4: a creature that left
    the battlefield is a new object, not in combat)."""
    field = state.in_zone(Zone.BATTLEFIELD)
    attackers = [o for o in field if o.attacking]
    attacking = {o.oid for o in attackers}
    blockers = [o for o in field if any(a in attacking for a in o.blocking)]
    return attackers, blockers


def blockers_of(state: GameState, attacker: GameObject) -> list[GameObject]:
    """The creatures blocking ``attacker`` now (CR 509.1g, 506.4)."""
    return [o for o in state.in_zone(Zone.BATTLEFIELD) if attacker.oid in o.blocking]


def strikes_first(chars: Characteristics) -> bool:
    return chars.has_keyword("first strike") or chars.has_keyword("double strike")


def first_strikers(state: GameState) -> tuple[str, ...]:
    """CR 510.4, 702.7b, 702.4b: the attacking and blocking creatures with first strike or
    double strike as the first combat damage step begins (empty: one regular step)."""
    attackers, blockers = in_combat(state)
    return tuple(o.oid for o in attackers + blockers if strikes_first(characteristics(state, o)))


def strikers(state: GameState) -> tuple[list[GameObject], tuple[str, ...]]:
    """The creatures that assign combat damage in this combat damage step, and the rules
    that say so (CR 510.1, 510.4)."""
    attackers, blockers = in_combat(state)
    everyone = attackers + blockers
    first = state.combat.first_strikers
    if not first:
        return everyone, ("510.1",)
    if state.combat.damage_steps <= 1:
        return [o for o in everyone if o.oid in first], ("510.4", "702.7b")
    return [
        o
        for o in everyone
        if o.oid not in first or characteristics(state, o).has_keyword("double strike")
    ], ("510.4", "702.4b")


@dataclass(frozen=True)
class Division:
    """A creature's combat damage its controller divides (CR 510.1c-d, 702.19b): ``power``
    among ``recipients`` (ids, or a player's name); with trample, ``attacked`` gets
    damage only once each blocker has been assigned its ``lethal``."""

    source: str
    controller: str
    power: int
    recipients: tuple[str, ...]
    lethal: tuple[int, ...] = ()  # per blocker, with trample
    attacked: str | None = None  # trample: what it attacks, which may get the excess

    def problem(self, split: dict[str, int]) -> str | None:
        """Why ``split`` isn't a legal division (None if it is)."""
        allowed = set(self.recipients) | ({self.attacked} if self.attacked else set())
        if set(split) - allowed:
            return "it names what this creature can't assign damage to"
        if any(not isinstance(n, int) or n < 0 for n in split.values()):
            return "each amount must be a whole number, 0 or more"
        if sum(split.values()) != self.power:
            return f"it must assign all its {self.power} damage (CR 510.1a)"
        if self.attacked and split.get(self.attacked, 0) > 0:
            short = [
                r
                for r, need in zip(self.recipients, self.lethal, strict=True)
                if split.get(r, 0) < need
            ]
            if short:
                return (
                    "trample assigns damage to what it attacks only once every blocker "
                    "has been assigned lethal damage (CR 702.19b)"
                )
        return None

    def options(self, limit: int = 6) -> list[dict[str, int]]:
        """Legal divisions, at most ``limit`` of them."""
        names = [*self.recipients, *([self.attacked] if self.attacked else [])]
        found = []
        for cut in itertools.product(range(self.power + 1), repeat=len(names) - 1):
            if sum(cut) > self.power:
                continue
            split = dict(zip(names, (*cut, self.power - sum(cut)), strict=True))
            if self.problem(split) is None:
                found.append(split)
                if len(found) >= limit:
                    break
        return found


Assigned = tuple[tuple[str, int], ...]  # (recipient, amount)


def assignment(state: GameState, creature: GameObject) -> Assigned | Division:
    """How ``creature`` assigns its combat damage (CR 510.1a-d, 702.19b-d): the one legal
    assignment, or the :class:`Division` its controller chooses."""
    chars = characteristics(state, creature)
    power = chars.power or 0
    if power <= 0:
        return ()
    if creature.attacking:
        return _attacker(state, creature, chars, power)
    targets = [
        a for a in state.in_zone(Zone.BATTLEFIELD) if a.oid in creature.blocking and a.attacking
    ]
    if not targets:
        return ()
    if len(targets) == 1:
        return ((targets[0].oid, power),)
    return Division(creature.oid, creature.controller, power, tuple(t.oid for t in targets))


def _attacked(state: GameState, attacker: GameObject) -> str | None:
    """What ``attacker`` attacks, if it is still there to be dealt damage (510.1b, 506.4c)."""
    what = attacker.attacking
    if what is True or what is None or what is False:
        raise Unsupported(
            f"the case doesn't say what {attacker.label} attacks, which decides who is dealt "
            "its combat damage (CR 510.1b)"
        )
    if what in state.player_names:
        return None if state.player(what).lost else what
    obj = state._by_id.get(what)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        return None
    chars = characteristics(state, obj, through="4")
    if not (chars.is_a("Planeswalker") or chars.is_a("Battle")):
        return None
    return obj.oid


def _attacker(
    state: GameState, attacker: GameObject, chars: Characteristics, power: int
) -> Assigned | Division:
    attacked = _attacked(state, attacker)
    if attacker.blocked is None:
        if not state.combat.blockers_declared:
            raise Unsupported(
                f"whether {attacker.label} is blocked: the case's board doesn't record "
                "blockers, and the play-out didn't declare them (CR 509.1h)"
            )
        return ((attacked, power),) if attacked else ()
    if not attacker.blocked:
        return ((attacked, power),) if attacked else ()
    blockers = blockers_of(state, attacker)
    trample = chars.has_keyword("trample")
    if not blockers:  # CR 510.1c, 702.19d
        return ((attacked, power),) if trample and attacked else ()
    if not trample:
        if len(blockers) == 1:
            return ((blockers[0].oid, power),)
        return Division(attacker.oid, attacker.controller, power, tuple(b.oid for b in blockers))
    if any(len(b.blocking) > 1 for b in blockers):
        raise Unsupported(
            f"{attacker.label} has trample and a creature blocking it blocks another attacker"
            ": lethal damage counting the others' assignments (CR 702.19b) is not played out"
        )
    deathtouch = chars.has_keyword("deathtouch")
    lethal = tuple(_lethal(state, b, deathtouch) for b in blockers)
    division = Division(
        attacker.oid,
        attacker.controller,
        power,
        tuple(b.oid for b in blockers),
        lethal,
        attacked,
    )
    options = division.options(limit=2)
    if len(options) == 1:
        return tuple((k, v) for k, v in options[0].items() if v)
    return division


def _lethal(state: GameState, blocker: GameObject, deathtouch: bool) -> int:
    """Lethal damage for trample (CR 702.19b, 120.6; 702.2c: 1 from a deathtouch source)."""
    left = max(0, (characteristics(state, blocker).toughness or 0) - blocker.damage)
    return min(1, left) if deathtouch else left


def refuse_unread_combat(state: GameState, combatants: list[GameObject]) -> None:
    """Unsupported if something the play-out doesn't read could change combat damage: a
    combatant's keyword it doesn't carry out or doesn't know (702.1), or an unread static
    ability on the battlefield speaking of damage or of blocking (a prevention, a
    redirection, another way to assign: CR 510.1, 614, 615)."""
    for obj in combatants:
        for ability in characteristics(state, obj).abilities:
            if ability.keyword and _UNPLAYED.match(ability.keyword):
                raise Unsupported(
                    f"{obj.label} has {ability.keyword}, which changes combat damage in a "
                    "way the play-out doesn't carry out yet"
                )
    for obj in combatants:
        require_known(obj, characteristics(state, obj), "its combat damage")
    for obj in state.in_zone(Zone.BATTLEFIELD):
        for ability in characteristics(state, obj).abilities:
            if is_read(ability) or ability.keyword:
                continue
            words = words_of(ability)
            if form(ability, obj.card) != "static":
                continue  # a trigger is the trigger reader's (603.2); an activation an action
            if _ABOUT_COMBAT.search(words):
                raise Unsupported(
                    f"{obj.label}'s ability “{words}” could change the combat damage dealt "
                    "(CR 510.1, 614, 615) and is not read"
                )
    refuse_unread(state, "damage", "combat damage")


@dataclass(frozen=True)
class Dealt:
    """The game after combat damage: the new state, its events and a line per result."""

    state: GameState
    events: tuple[Event, ...]
    lines: tuple[tuple[str, tuple[str, ...]], ...]


def assigned_by(state: GameState, creature: GameObject, parts: Assigned) -> tuple[str, ...]:
    """The rules by which ``creature`` assigned its damage as ``parts``: as much as its
    power (510.1a), to what it attacks, its blockers or what it blocks (510.1b-d, 702.19)."""
    return ("510.1a", *_assigned_to(state, creature))


def _assigned_to(state: GameState, creature: GameObject) -> tuple[str, ...]:
    """510.1b-d, 702.19: where a creature's combat damage is assigned."""
    if not creature.attacking:
        return ("510.1d",)
    if not creature.blocked:
        return ("510.1b",)
    chars = characteristics(state, creature)
    if not chars.has_keyword("trample"):
        return ("510.1c",)
    if not blockers_of(state, creature):
        return ("510.1c", "702.19d")
    if chars.has_keyword("deathtouch"):
        return ("510.1c", "702.19b", "702.2c")
    return ("510.1c", "702.19b")


def deal(state: GameState, assigned: list[tuple[GameObject, Assigned]]) -> Dealt:
    """CR 510.2: all the combat damage assigned is dealt at once; each source's results by
    its characteristics as the damage is dealt (120.3)."""
    before = state
    events: list[Event] = []
    lines: list[tuple[str, tuple[str, ...]]] = []
    for source, parts in assigned:
        how = assigned_by(before, source, parts)
        chars = characteristics(before, source)
        keys = {k for k in ("lifelink", "deathtouch", "infect", "wither") if chars.has_keyword(k)}
        gained = 0
        for to, n in parts:
            if n <= 0:
                continue
            prevented = _protected(before, to, chars)
            if prevented:
                lines.append(
                    (
                        f"{source.label}'s {n} combat damage to {_name(before, to)} is prevented:"
                        f" {prevented}",
                        ("702.16e", "615.1"),
                    )
                )
                continue
            state = _result(state, before, source, to, n, keys, events, lines, how)
            gained += n
        if gained and "lifelink" in keys:  # CR 702.15e: one life gain event per source
            state = change_life(state, source.controller, gained)
            events.append(Event("life_gained", player=source.controller, amount=gained))
            lines.append(
                (
                    f"lifelink: {source.controller} gains {gained} life for "
                    f"{source.label}'s damage",
                    ("120.3f", "702.15b"),
                )
            )
    return Dealt(state, tuple(events), tuple(lines))


def _name(state: GameState, to: str) -> str:
    return to if to in state.player_names else state.obj(to).label


def _protected(state: GameState, to: str, source: Characteristics) -> str:
    """Why damage from ``source`` to ``to`` is prevented by protection (702.16e), or ''."""
    if to in state.player_names:
        return ""
    protected, quality = protection_from(characteristics(state, state.obj(to)), source)
    if protected is None:
        raise Unsupported(
            f"{state.obj(to).label} has protection from {quality!r}, a quality mtgrules "
            "doesn't read: whether it prevents the combat damage is not known (CR 702.16e)"
        )
    return f"{state.obj(to).label} has protection from {quality}" if protected else ""


def _result(
    state: GameState,
    before: GameState,
    source: GameObject,
    to: str,
    n: int,
    keys: set[str],
    events: list[Event],
    lines: list[tuple[str, tuple[str, ...]]],
    how: tuple[str, ...],
) -> GameState:
    """What ``n`` combat damage from ``source`` does to ``to`` (CR 120.3); ``how`` the
    rules of its assignment."""
    said = f"{source.label} deals {n} combat damage to {_name(before, to)}"
    if to in state.player_names:
        events.append(Event("damage", player=to, source=source.oid, amount=n, combat=True))
        if "infect" in keys:
            players = tuple(
                replace(p, poison=p.poison + n) if p.name == to else p for p in state.players
            )
            lines.append((f"{said}: {to} gets {n} poison counters", (*how, "120.3b", "702.90b")))
            return replace(state, players=players)
        events.append(Event("life_lost", player=to, amount=n))
        lines.append((f"{said}, who loses {n} life", (*how, "510.2", "120.3a")))
        return change_life(state, to, -n)
    obj = state.obj(to)
    target = characteristics(before, before.obj(to))
    events.append(Event("damage", obj=to, source=source.oid, amount=n, combat=True))
    rules: list[str] = [*how, "510.2"]
    results = []
    if target.is_a("Creature"):
        if keys & {"wither", "infect"}:
            state = add_counters(state, to, "-1/-1", n)
            events.append(Event("counters_put", obj=to, amount=n, counter="-1/-1"))
            results.append(f"{n} -1/-1 counters are put on it")
            rules += ["120.3d", "702.90c" if "infect" in keys else "702.80a"]
            obj = state.obj(to)
        else:
            rules.append("120.3e")
        if "deathtouch" in keys or not keys & {"wither", "infect"}:
            marked = obj.damage + (0 if keys & {"wither", "infect"} else n)
            dt = obj.deathtouch_damage or "deathtouch" in keys
            state = with_object(state, replace(obj, damage=marked, deathtouch_damage=dt))
        if "deathtouch" in keys:
            rules.append("702.2b")
    if target.is_a("Planeswalker"):
        state = add_counters(state, to, "loyalty", -n)
        results.append(f"{n} loyalty counters are removed from it")
        rules.append("120.3c")
    if target.is_a("Battle"):
        state = add_counters(state, to, "defense", -n)
        results.append(f"{n} defense counters are removed from it")
        rules.append("120.3h")
    lines.append((f"{said}{': ' + ', '.join(results) if results else ''}", tuple(rules)))
    return state
