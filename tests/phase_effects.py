"""Comparing the Oracle effect reader with phase.rs's Oracle parser, ability by ability
(tests/test_oracle_effects_phase.py): which abilities line up, and what each reader says
an instruction is (kind, amount, who or what it acts on, how long it lasts).

An ability of ours is compared with one of phase.rs's when both readers split the face
into the same number of abilities of that kind (spell, activated, triggered) and, where
phase.rs gives its words, they are the same words. Both readings must be whole: ours
complete with no "may", "if you do", modes or delayed trigger at its top, phase.rs's with
none of the parts it doesn't read itself. They are then compared instruction by
instruction when both have as many, each of ours of a kind phase.rs names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mtgrules.cards import effects as fx
from mtgrules.cards.effect_reading import effect_reading
from mtgrules.cards.effects_actions import KeywordAction, PreventDamage, Search
from mtgrules.cards.effects_control import BecomeCopy, GainControl
from mtgrules.cards.oracle.costs import self_pattern
from mtgrules.cards.oracle.effect_texts import face_effects

# parts of phase.rs's readings that say nothing of their own
NOT_READ_BY_PHASE = ("Unimplemented", "GenericEffect", "TargetOnly", "RuntimeHandled")
PHASE_KINDS = {"spell": "Spell", "activated": "Activated"}

# our instruction -> the kinds of phase.rs's effect that say the same
KINDS: dict[type, tuple[str, ...]] = {
    fx.DealDamage: ("DealDamage", "DamageAll", "DamageEachPlayer"),
    fx.Draw: ("Draw",),
    fx.GainLife: ("GainLife",),
    fx.LoseLife: ("LoseLife",),
    fx.Discard: ("Discard",),
    fx.Mill: ("Mill",),
    fx.Destroy: ("Destroy", "DestroyAll"),
    fx.Counter: ("Counter",),
    fx.CounterUnlessPays: ("Counter",),
    fx.Regenerate: ("Regenerate",),
    fx.Fight: ("Fight",),
    fx.Exile: ("ChangeZone", "ChangeZoneAll"),
    fx.Tap: ("SetTapState", "TapAll", "UntapAll"),
    fx.PutCounters: ("PutCounter", "PutCounterAll", "RemoveCounter"),
    fx.CreateToken: ("Token",),
    fx.Sacrifice: ("Sacrifice",),
    GainControl: ("GainControl", "GiveControl", "GainControlAll"),
    fx.AddMana: ("Mana",),
    BecomeCopy: ("BecomeCopy",),
    Search: ("SearchLibrary",),
    PreventDamage: ("PreventDamage",),
}
# keyword actions phase.rs spells otherwise than their words, capitalized
_PHASE_NAMES = {
    "venture into the dungeon": "VentureIntoDungeon",
    "become the monarch": "BecomeMonarch",
    "the ring tempts you": "RingTemptsYou",
    "manifest the top card of your library": "Manifest",  # 701.40a: one card, the top one
    "open an attraction": "OpenAttractions",  # 701.51b
    "support": "PutCounter",  # 701.41a: a +1/+1 counter on each of up to N targets
}
_ZONES = {
    "hand": ("Hand",),
    "battlefield": ("Battlefield",),
    "library_top": ("Library",),
    "library_bottom": ("Library",),
    "graveyard": ("Graveyard",),
}


@dataclass(frozen=True)
class Disagreement:
    """One field on which the two readings of an ability differ."""

    card: str
    kind: str  # spell, activated, triggered
    field: str  # kind, amount, target, duration
    ours: str
    theirs: str
    words: str

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.card, self.kind, self.field)

    def __str__(self) -> str:
        return (
            f"{self.card} ({self.kind}): {self.field}: ours {self.ours}, phase.rs "
            f"{self.theirs}: {self.words!r}"
        )


def phase_kinds(step: fx.Instruction) -> tuple[str, ...]:
    """The kinds of phase.rs's effect that say what ``step`` says."""
    if isinstance(step, fx.Scry):
        return ("Surveil",) if step.surveil else ("Scry",)
    if isinstance(step, KeywordAction):
        name = _PHASE_NAMES.get(step.name, step.name.title().replace(" ", ""))
        # goading each of a group ("each creature that player controls"): phase.rs's GoadAll
        return (name, "GoadAll") if step.name == "goad" else (name,)
    if isinstance(step, fx.Move):
        if step.zone == "hand":
            return ("Bounce", "BounceAll", "ChangeZone", "ChangeZoneAll")
        if step.zone in ("library_top", "library_bottom"):
            return ("PutAtLibraryPosition", "ChangeZone", "ChangeZoneAll")
        return ("ChangeZone", "ChangeZoneAll")
    if isinstance(step, fx.PutCounters) and step.kind == "energy":
        return ("GainEnergy",)  # a player's energy counters (107.14, 122.1)
    if isinstance(step, fx.PutCounters) and step.kind in ("poison", "experience", "rad"):
        return ("GivePlayerCounter",)  # a player's counters (122.1f, 122.1i)
    if isinstance(step, fx.Modify):
        if step.keywords or step.x_power or step.x_toughness:
            return ()  # phase.rs grants keywords with its GenericEffect (not compared)
        return ("Pump", "PumpAll")
    return KINDS.get(type(step), ())


def kind_agrees(step: fx.Instruction, effect: dict[str, Any]) -> bool:
    kind = effect["type"]
    if kind not in phase_kinds(step):
        return False
    destination = effect.get("destination")
    if isinstance(step, fx.Exile) and kind.startswith("ChangeZone"):
        return destination == "Exile"
    if isinstance(step, fx.Move) and kind.startswith("ChangeZone"):
        return destination in _ZONES.get(step.zone, ())
    if isinstance(step, fx.Tap) and kind == "SetTapState":
        state = (effect.get("state") or {}).get("type")
        return state == ("Untap" if step.untap else "Tap")
    if isinstance(step, fx.PutCounters):
        return (kind == "RemoveCounter") == step.remove
    return True


def our_amount(step: fx.Instruction) -> str | None:
    """A fixed number the instruction says, or None."""
    if isinstance(step, fx.Modify):
        return f"{step.power:+d}/{step.toughness:+d}"
    if isinstance(step, KeywordAction) and step.name == "support":
        return "1"  # 701.41a: one counter on each; support's N counts its targets
    amount = getattr(step, "amount", None)
    if isinstance(amount, fx.Amount) and not amount.x and not amount.count:
        return str(amount.fixed)
    return None


def phase_amount(effect: dict[str, Any]) -> str | None:
    if effect["type"] in ("Pump", "PumpAll"):
        p, t = _fixed(effect.get("power")), _fixed(effect.get("toughness"))
        return f"{p:+d}/{t:+d}" if p is not None and t is not None else None
    if effect["type"] == "RemoveCounter":
        return None  # phase.rs counts "remove a counter" -1
    for key in ("amount", "count"):
        value = _fixed(effect.get(key))
        if value is not None:
            return str(value)
    return None


def _fixed(value: Any) -> int | None:
    if isinstance(value, int):
        return value
    if isinstance(value, dict) and value.get("type") == "Fixed":
        return value["value"]
    if isinstance(value, dict) and isinstance(value.get("Next"), int):
        return value["Next"]
    return None


# who or what an instruction acts on, in roles both readers name
_OUR_SUBJECT = {
    fx.DealDamage: "to",
    fx.Destroy: "what",
    fx.Exile: "what",
    fx.Move: "what",
    fx.Tap: "what",
    fx.Modify: "what",
    fx.PutCounters: "what",
    fx.Regenerate: "what",
    fx.Counter: "what",
    fx.Draw: "who",
    fx.Discard: "who",
    fx.Mill: "who",
    fx.GainLife: "who",
    fx.LoseLife: "who",
    fx.Scry: "who",
}
_OUR_ROLES = {
    "target": "a target",
    "self": "itself",
    "you": "its controller",
    "each": "each of a group",
    "each_player": "each player",
    "each_opponent": "each opponent",
}
_THEIR_ROLES = {"SelfRef": "itself", "Controller": "its controller"}
_THEIR_TARGETS = ("Any", "Typed", "Or", "Player", "StackSpell", "StackAbility", "Opponent")


def our_role(step: fx.Instruction) -> str | None:
    field = _OUR_SUBJECT.get(type(step))
    subject = getattr(step, field) if field else None
    return _OUR_ROLES.get(subject.kind) if isinstance(subject, fx.Subject) else None


def phase_role(effect: dict[str, Any], part: dict[str, Any]) -> str | None:
    """Who or what phase.rs's effect acts on, when its structure says so plainly (its
    ability's ``player_scope``: each player or each opponent does it)."""
    kind = effect["type"]
    scope = (part.get("player_scope") or {}).get("type")
    if scope is not None:
        return {"Opponent": "each opponent", "All": "each player"}.get(scope)
    if kind == "DamageEachPlayer":
        filt = (effect.get("player_filter") or {}).get("type")
        return {"Opponent": "each opponent", "All": "each player"}.get(filt)
    # a player who gains or loses life is phase.rs's "player"
    target = effect.get("target") or effect.get("player")
    if not isinstance(target, dict):
        return "its controller" if kind in ("GainLife", "LoseLife") and target is None else None
    what = target.get("type")
    if what in _THEIR_ROLES:
        return _THEIR_ROLES[what]
    if what in _THEIR_TARGETS:
        attached = {p.get("type") for p in target.get("properties") or () if isinstance(p, dict)}
        if attached & {"EnchantedBy", "EquippedBy", "AttachedTo"}:
            return None  # "enchanted creature": no target, and no group of ours
        if kind.endswith("All"):
            return "each of a group"
        scope = effect.get("scope")
        scope = scope.get("type") if isinstance(scope, dict) else scope
        if effect.get("selection") or scope not in (None, "Single"):
            return None  # chosen as it resolves, or a group: not compared
        return "a target"
    return None


_DURATIONS = {"end_of_turn": "until end of turn", "your_next_turn": "until your next turn"}


def duration_of(step: fx.Instruction) -> str | None:
    if isinstance(step, fx.Modify | GainControl):
        return _DURATIONS.get(step.duration, "indefinitely")
    return None


def phase_duration(ability: dict[str, Any]) -> str | None:
    duration = ability.get("duration")
    if duration == "UntilEndOfTurn":
        return "until end of turn"
    if duration == "UntilYourNextTurn":
        return "until your next turn"
    if duration in (None, "Permanent"):
        return "indefinitely"
    return None  # another duration of phase.rs's own


def chain(ability: dict[str, Any]) -> list[dict[str, Any]]:
    """phase.rs's ability and its sub-abilities, in order."""
    out = []
    while ability:
        out.append(ability)
        ability = ability.get("sub_ability")
    return out


def their_abilities(reading: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    if kind == "triggered":
        return [t["execute"] for t in reading.get("triggers") or () if t.get("execute")]
    return [a for a in reading.get("abilities") or () if a["kind"] == PHASE_KINDS[kind]]


def their_words(reading: dict[str, Any], kind: str) -> list[str | None]:
    if kind == "triggered":
        return [t.get("description") for t in reading.get("triggers") or () if t.get("execute")]
    return [a.get("description") for a in their_abilities(reading, kind)]


def _plain(text: str, name: str) -> str:
    text = self_pattern(name).sub("~", text)
    text = re.sub(r"\s*\([^()]*\)", "", text)
    return re.sub(r"[^\w~+/-]+", " ", text).strip().lower()


def compare_ability(
    card: str, kind: str, words: str, script: fx.Script, ability: dict[str, Any]
) -> tuple[bool, list[Disagreement]]:
    """Whether the two readings of one ability can be compared, and where they differ."""
    ours = list(script.steps)
    theirs = chain(ability)
    if (
        not script.complete
        or any(s.FAMILY == "glue" for s in ours)
        or any(a["effect"]["type"] in NOT_READ_BY_PHASE for a in theirs)
        or len(ours) != len(theirs)
        or not all(phase_kinds(s) for s in ours)
    ):
        return False, []
    found: list[Disagreement] = []

    def differ(field: str, a: str, b: str) -> None:
        found.append(Disagreement(card, kind, field, a, b, words))

    for step, part in zip(ours, theirs, strict=True):
        effect = part["effect"]
        if not kind_agrees(step, effect):
            differ("kind", type(step).__name__, effect["type"])
            continue
        mine, other = our_amount(step), phase_amount(effect)
        if mine is not None and other is not None and mine != other:
            differ("amount", mine, other)
        mine, other = our_role(step), phase_role(effect, part)
        if mine is not None and other is not None and mine != other:
            differ("target", mine, other)
        mine, other = duration_of(step), phase_duration(part)
        if mine is not None and other is not None and mine != other:
            differ("duration", mine, other)
    return True, found


def compare(cards: list[Any], build: Any, record: Any) -> tuple[int, list[Disagreement]]:
    """How many abilities were compared over ``cards`` (single-faced), and each
    disagreement. ``build`` is phase.rs's reader, ``record`` makes its input of a face."""
    compared, disagreements = 0, []
    for card in cards:
        if card.layout != "normal" or len(card.faces) != 1:
            continue
        face = card.faces[0]
        name = face["name"]
        ours = face_effects(
            name, face.get("text"), face.get("types") or (), face.get("keywords") or ()
        )
        scripts = [effect_reading(kind, words, name, a) for _line, a, kind, words in ours]
        if not any(s.complete for s in scripts):
            continue  # nothing of ours to compare: phase.rs isn't asked
        try:
            reading = build(record(face, card.layout), None)
        except Exception:  # phase.rs can't read the card at all: nothing to compare
            continue
        for kind in ("spell", "activated", "triggered"):
            mine = [(o, s) for o, s in zip(ours, scripts, strict=True) if o[2] == kind]
            theirs, their_text = their_abilities(reading, kind), their_words(reading, kind)
            if len(mine) != len(theirs):  # the two split the face differently
                continue
            for ((line, _a, _k, words), script), ability, text in zip(
                mine, theirs, their_text, strict=True
            ):
                if text is not None and _plain(text, name) != _plain(line, name):
                    continue  # not the same ability's words
                done, found = compare_ability(name, kind, words, script, ability)
                compared += done
                disagreements += found
    return compared, disagreements
