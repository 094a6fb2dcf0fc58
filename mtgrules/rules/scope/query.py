"""Ask the scope index over the whole game: could an unread ability change this answer?

A question declares what its answer depends on (:class:`Depends`: the objects asked
about, the scopes, in the order a judge would look at them, and what the answer
decides); :func:`consider` looks at every ability of every object in the game where it
functions (every player's permanents, cards in other zones whose abilities say they
work there, spells on the stack, the objects asked about themselves; CR 113.6) and at
the case's ``effects:`` (read: an entry states what it does, so its source's abilities
are accounted for in the scopes the entry covers). :func:`require` raises
:class:`~mtgrules.rules.Unsupported` naming the first unread ability that could change
the answer, or returns one note saying how many were read and that none can.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from mtgrules.answer import Reason
from mtgrules.cards.vocabulary import Ability
from mtgrules.model.state import ContinuousEffect, GameObject, GameState, per_state
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.scope.index import (
    CASTING,
    CHARACTERISTICS,
    LAYER_OF,
    READ_FIELDS,
    Scope,
    form,
    functions_in,
    is_read,
    words_of,
)
from mtgrules.rules.scope.keyword_reach import keyword_patterns
from mtgrules.rules.scope.own import speaks_of_casting, speaks_of_itself, unknown_keyword
from mtgrules.rules.scope.reach import Subject, could_reach, only_about_itself, reaches_itself
from mtgrules.rules.scope.words import TextPattern, matching

# Layers 3-7 (CR 613.1c-f, 613.4): a sentence changes its subject's text, types, colors,
# abilities or power/toughness ("creatures you control get +1/+1"), so the subject says
# whether it changes the object itself. Not copy or control, whose sentences name the object
# after a player ("you control enchanted creature", "you may have it enter as a copy").
BY_SUBJECT = frozenset({Scope.TEXT, Scope.TYPES, Scope.COLORS, Scope.ABILITIES, Scope.PT})


@dataclass(frozen=True)
class Depends:
    """What a question's answer depends on.

    ``changes`` completes "..., which would change ___" ("whether Alice can cast X").
    ``scopes`` count for abilities of other objects, ``own`` (default: ``scopes``) for
    the subjects' own. ``skip`` are (object id, ability) pairs the question judges
    itself (the ability asked about). ``ignore`` are pattern keys that can't matter here
    (split second for a mana ability, 702.61b). ``entering``: the subjects are about to
    enter the battlefield, so their own abilities and other permanents' statics apply to
    them as permanents (611.3c, 614.12).
    """

    subjects: tuple[GameObject, ...]
    scopes: tuple[Scope, ...]
    changes: str
    own: tuple[Scope, ...] | None = None
    skip: tuple[tuple[str, Ability], ...] = ()
    ignore: frozenset[str] = frozenset()
    entering: bool = False


@dataclass(frozen=True)
class Finding:
    """An unread ability that could change the answer."""

    source: GameObject
    ability: Ability
    scope: Scope
    pattern: TextPattern
    subject: GameObject

    @property
    def words(self) -> str:
        text = " ".join(words_of(self.ability).split())
        return text if len(text) <= 240 else text[:237].rstrip() + "..."

    def text(self, changes: str) -> str:
        could = self.pattern.could.format(subject=self.subject.label)
        rules = ", ".join(self.pattern.rules)
        return f"{self.source.label}: “{self.words}” could {could} ({rules}), which would change {changes}"


@dataclass(frozen=True)
class Considered:
    findings: tuple[Finding, ...]
    read: int  # abilities looked at (read, or unread but unable to matter)
    effects: int  # the case's effects, all read
    touched_layers: frozenset[str] = field(default=frozenset())


def covered_scopes(effect: ContinuousEffect) -> set[Scope]:
    """The scopes an ``effects:`` entry states the outcome of (so its source's abilities
    are read there): the layers it applies in, and what a granted keyword decides."""
    found: set[Scope] = set()
    becomes = dict(effect.becomes)
    if effect.power_toughness or "power" in becomes or "toughness" in becomes:
        found.add(Scope.PT)
    if effect.add_abilities or effect.remove_all_abilities or becomes.get("abilities"):
        found |= {Scope.ABILITIES, Scope.ACTIVATE_PERMISSION}
        granted = " ".join([*effect.add_abilities, *(becomes.get("abilities") or ())]).lower()
        if "haste" in granted:
            found.add(Scope.HASTE)
        if "flash" in granted:
            found.add(Scope.CAST_TIMING)
        if any(k in granted for k in ("hexproof", "shroud", "protection")):
            found.add(Scope.TARGETING)
    if effect.colors is not None or becomes.get("colors") is not None:
        found.add(Scope.COLORS)
    if effect.add_types or effect.add_subtypes or effect.set_types is not None or becomes:
        found.add(Scope.TYPES)
    if effect.copy_of is not None:
        found.add(Scope.COPY)
    return found


def _effect_coverage(state: GameState) -> dict[str, set[Scope]]:
    out: dict[str, set[Scope]] = {}
    for e in state.effects:
        if e.source is None:
            continue
        try:
            src = state.find(e.source)
        except KeyError:
            continue
        out.setdefault(src.oid, set()).update(covered_scopes(e))
    return out


@per_state
def _abilities(
    state: GameState, obj: GameObject
) -> tuple[tuple[Ability, ...], tuple[Ability, ...]]:
    """Its abilities now (after copy and ability-changing effects), or as printed when
    those can't be worked out; and its unread abilities removed in layer 6 (613.1f), which
    may still apply in the earlier layers (613.6). Remembered as its characteristics are
    (``per_state``: it reads only them and the object), so the scope pass of a new state
    works out again only the objects whose characteristics may have changed."""
    try:
        c = characteristics(state, obj, through="6")
    except Unsupported:
        return obj.card.abilities, ()
    if c.abilities == c.copiable_abilities:  # nothing removed or added (the usual case)
        return c.abilities, ()
    lost = tuple(a for a in c.copiable_abilities if not is_read(a) and a not in c.abilities)
    return c.abilities, lost


# Layers 1-5 (CR 613.1a-e): an effect of an ability that starts to apply in one of them
# keeps applying in the later layers even when the ability is removed in layer 6 (613.6).
EARLY_LAYERS = (Scope.COPY, Scope.CONTROL, Scope.TEXT, Scope.TYPES, Scope.COLORS)


def _before_layer6(depends: Depends) -> Depends | None:
    """What an ability removed in layer 6 could still change: an answer's scopes of layers
    1-5, or all of them when the answer depends on layer 6 or 7 too (the effect, once
    started, applies there as well, 613.6); None when it depends on none of those layers."""
    scopes = {*depends.scopes, *(depends.own or ())}
    early = (
        EARLY_LAYERS
        if scopes & {Scope.ABILITIES, Scope.PT}
        else tuple(s for s in EARLY_LAYERS if s in scopes)
    )
    if not early:
        return None
    return replace(depends, scopes=early, own=early)


@per_state
def subject_of(state: GameState, obj: GameObject, entering: bool = False) -> Subject:
    """How other abilities' words could name it (its characteristics through layer 6);
    remembered as its characteristics are (``per_state``, ``entering`` an option)."""
    try:
        c = characteristics(state, obj, through="6")
        types, subtypes, supertypes, colors = c.types, c.subtypes, c.supertypes, c.colors
    except Unsupported:
        card = obj.card
        types, subtypes, supertypes, colors = (
            card.types,
            card.subtypes,
            card.supertypes,
            card.colors,
        )
    return Subject(
        obj.card.name,
        types,
        subtypes,
        supertypes,
        colors,
        "battlefield" if entering else obj.zone.value,
        obj.token,
        obj.oid,
        obj.controller or obj.owner,
    )


def consider(state: GameState, depends: Depends) -> Considered:
    """Every ability in the game, against what the answer depends on (see the module)."""
    subject_ids = {s.oid for s in depends.subjects}
    subjects = _Subjects(state, depends)
    own_scopes = depends.own if depends.own is not None else depends.scopes
    order = {scope: i for i, scope in enumerate((*depends.scopes, *own_scopes))}
    coverage = _effect_coverage(state)
    skipped = {(oid, a) for oid, a in depends.skip}
    findings: list[Finding] = []
    early: Depends | None = None
    # every ability is counted (``read``), the unread ones judged; with nothing skipped,
    # the board's scan (one per state, whatever the question) says which those are
    read, marked = _scan(state) if not skipped else (0, _each(state))
    for obj, now, lost in marked:
        own = obj.oid in subject_ids
        for ability in now:
            if skipped and (obj.oid, ability) in skipped:  # (hashing an ability isn't free)
                continue
            if skipped:
                read += 1
            if is_read(ability):
                continue
            found = _finding(state, obj, ability, own, depends, subjects, own_scopes, coverage)
            if found is not None:
                findings.append(found)
        if lost and early is None:
            early = _before_layer6(depends)
        for ability in lost if early is not None else ():
            # CR 613.6: lost in layer 6, but its effect may have started in layers 1-5
            read += 1
            assert early is not None and early.own is not None
            found = _finding(state, obj, ability, own, early, subjects, early.own, coverage)
            if found is not None:
                findings.append(found)
    read += sum(1 for item in state.stack if item.ability_of is not None)
    findings.sort(key=lambda f: order.get(f.scope, 99))
    layers = frozenset(
        layer for f in findings if f.scope in CHARACTERISTICS for layer in _layers(f.scope)
    )
    return Considered(tuple(findings), read - len(findings), len(state.effects), layers)


class _Subjects:
    """The subjects of a :class:`Depends` as other abilities' words could name them
    (:func:`subject_of`), worked out when an unread ability first needs them: most unread
    abilities don't function where they are (a card in hand) or match no pattern."""

    def __init__(self, state: GameState, depends: Depends) -> None:
        self._state = state
        self._depends = depends
        self._named: list[tuple[GameObject, Subject]] | None = None

    def __call__(self) -> list[tuple[GameObject, Subject]]:
        if self._named is None:
            entering = self._depends.entering
            self._named = [
                (s, subject_of(self._state, s, entering=entering)) for s in self._depends.subjects
            ]
        return self._named


def _each(state: GameState) -> list[tuple[GameObject, tuple[Ability, ...], tuple[Ability, ...]]]:
    """Every object with its abilities now and those removed in layer 6 (:func:`_abilities`)."""
    return [(obj, *_abilities(state, obj)) for obj in state.objects]


def _scan(
    state: GameState,
) -> tuple[int, tuple[tuple[GameObject, tuple[Ability, ...], tuple[Ability, ...]], ...]]:
    """How many abilities the objects of ``state`` have now, and the objects with an unread
    one or with abilities removed in layer 6 (those only: a read ability can't change an
    answer), each with its unread abilities now and those removed. Worked out once per
    state (``GameState.once``): a question and the mana payment it checks ask it of the
    same board several times."""

    def scan() -> tuple[
        int, tuple[tuple[GameObject, tuple[Ability, ...], tuple[Ability, ...]], ...]
    ]:
        count = 0
        marked = []
        fields = len(READ_FIELDS)  # (fields are registered as modules load: it only grows)
        for obj in state.objects:
            n, unread, lost = _scanned(state, obj, fields=fields)
            count += n
            if unread or lost:
                marked.append((obj, unread, lost))
        return count, tuple(marked)

    return state.once(("scope_scan",), scan)


@per_state
def _scanned(
    state: GameState, obj: GameObject, *, fields: int
) -> tuple[int, tuple[Ability, ...], tuple[Ability, ...]]:
    """What :func:`_scan` takes of one object: how many abilities it has now, its unread ones
    and those removed in layer 6 (:func:`_abilities`). Remembered as those are
    (``per_state``): a new state of a play-out works out only the objects that may have
    changed, not each ability of every object again. ``fields``: how many fields are
    registered as read (:func:`~mtgrules.rules.scope.index.register_read_field`), so that
    one registered since is never missed."""
    now, lost = _abilities(state, obj)
    return len(now), tuple(a for a in now if not is_read(a)), lost


def _layers(scope: Scope) -> tuple[str, ...]:
    return LAYER_OF.get(scope, ())


def _finding(
    state: GameState,
    obj: GameObject,
    ability: Ability,
    own: bool,
    depends: Depends,
    subjects: _Subjects,
    own_scopes: tuple[Scope, ...],
    coverage: dict[str, set[Scope]],
) -> Finding | None:
    zones = functions_in(ability, obj.card)
    works_here = "everywhere" in zones or obj.zone.value in zones
    covered = coverage.get(obj.oid, set())
    wanted = own_scopes if own else depends.scopes
    words = words_of(ability)
    rank = (*wanted, *depends.scopes)
    best: Finding | None = None
    patterns = matching(ability, obj.card, own)
    if own and unknown_keyword(ability) and wanted:
        patterns[:0] = keyword_patterns(ability, obj, wanted)  # rules/scope/keyword_reach.py
    for pattern in patterns:
        # an object asked about may also have an ability reaching the others asked about
        # (Grey Tide's "Lands tapped for mana ..." when its lands and it are asked about)
        others = own and pattern.scope in depends.scopes and len(depends.subjects) > 1
        if (pattern.scope not in wanted and not others) or pattern.key in depends.ignore:
            continue
        if pattern.scope in covered:
            continue
        # CR 113.6d-f: an object's own abilities that change how it is cast work
        # wherever it could be cast from; 113.6h, 611.3c: an entering object's own.
        functions = works_here or (
            own
            and (
                (pattern.scope in CASTING and speaks_of_casting(ability, obj.card.name))
                or depends.entering
            )
        )
        if not functions:
            continue
        subject: GameObject | None = None
        if own:
            itself, named = next((s, n) for s, n in subjects() if s.oid == obj.oid)
            # an activated or triggered ability is its object's own whatever it says; a
            # static one affects it only if its words reach it
            if pattern.scope in wanted and (
                form(ability, obj.card) != "static"
                or speaks_of_itself(ability)
                or reaches_itself(
                    words,
                    obj.card.name,
                    named,
                    pattern.search if pattern.scope in BY_SUBJECT else None,
                    oracle=bool(ability.oracle),
                )
            ):
                subject = itself
            elif not (others and works_here):
                continue
        if subject is None:  # the other subjects
            if (
                pattern.scope is Scope.TARGETING
                and form(ability, obj.card) == "static"
                and only_about_itself(words, obj.card.name)
            ):
                continue  # a candidate's own: rules/targets/legality.py makes it an uncertain target
            reached = [
                s
                for s, named in subjects()
                if s.oid != obj.oid
                and could_reach(
                    pattern,
                    words,
                    obj.card.name,
                    named,
                    obj.attached_to == s.oid,
                    obj.controller or obj.owner,
                )
            ]
            if not reached:
                continue
            subject = reached[0]
        found = Finding(obj, ability, pattern.scope, pattern, subject)
        if best is None or rank.index(found.scope) < rank.index(best.scope):
            best = found
    return best


def unsupported_text(findings: Iterable[Finding], changes: str) -> str:
    found = list(findings)
    text = found[0].text(changes)
    others = list(dict.fromkeys(f.source.label for f in found[1:] if f.source != found[0].source))
    if others:
        text += f"; and {len(found) - 1} more unread abilit{'y' if len(found) == 2 else 'ies'} (of {', '.join(others[:4])}{', ...' if len(others) > 4 else ''}) could too"
    return text


def finding_reasons(considered: Considered, changes: str) -> tuple[Reason, ...]:
    """A note per unread ability that could change the answer (the first five), citing
    the rules it could change; they decide the refusal."""
    return tuple(
        Reason(None, f.text(changes) + ".", f.pattern.rules, decides=True)
        for f in considered.findings[:5]
    )


def note(considered: Considered, changes: str) -> Reason:
    """The one note of an answer no unread ability can change (CR 113.6, 604.1)."""
    effects = (
        f" and {considered.effects} effect{'s' if considered.effects != 1 else ''}"
        if considered.effects
        else ""
    )
    return Reason(
        None,
        f"Read {considered.read} other abilit{'y' if considered.read == 1 else 'ies'}{effects} "
        f"in the game: none could change {changes}.",
        ("113.6",),
    )


def refusal(considered: Considered, changes: str) -> Unsupported:
    """The refusal naming the unread abilities that could change the answer."""
    return Unsupported(
        unsupported_text(considered.findings, changes), finding_reasons(considered, changes)
    )


def require(state: GameState, depends: Depends) -> Reason:
    """The note if nothing unread could change the answer; else :class:`Unsupported`."""
    considered = consider(state, depends)
    if considered.findings:
        raise refusal(considered, depends.changes)
    return note(considered, depends.changes)
