"""Reflexive triggers with targets of their own (cards/oracle/reflexive.py; docs/effects.md,
"Conditions"): "You may [do something]. When you do, [instructions with targets]." (CR 603.12).
Real Oracle text read from the corpus (../shared/data/cards, skipped when absent) and texts
written here.

The guards fail on a misreading: the reflexive trigger's targets counted as the first spell's
or ability's (so that casting or activating it would demand a target, 601.2c, 602.2b), its
targets numbered after the first part's instead of from 0 within it, the trigger joined to an
action that isn't optional, and words of the trigger that refer back to the first part ("that
creature's power", "the sacrificed creature", X) bound to something else."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest

from mtgrules.cards.effects import (
    YOU,
    Amount,
    DealDamage,
    Destroy,
    Draw,
    Exile,
    GainLife,
    May,
    Modal,
    PutCounters,
    Sacrifice,
    Script,
    Subject,
    Tap,
)
from mtgrules.cards.effects_amounts import PayMana
from mtgrules.cards.effects_conditions import WhenYouDo
from mtgrules.cards.effects_named import X_PAID
from mtgrules.cards.oracle.abilities import parse_lines
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.oracle.targets import read_targets
from mtgrules.cards.statics import Group
from mtgrules.rules import Unsupported
from tests.conftest import data_env, run_cli
from tests.test_oracle_effects import T, effect_of


def card(corpus, name: str, kind: str, n: int = 0) -> Script:
    return read_effect(effect_of(corpus, name, kind, n), name, kind)


def own(text: str, kind: str = "triggered") -> Script:
    return read_effect(text, "Test Card", kind)


def reflexive(script: Script) -> tuple[May, Script]:
    """The "you may" a script ends with and the reflexive trigger's script inside it."""
    assert script.complete, script
    may = script.steps[-1]
    assert isinstance(may, May) and isinstance(may.then.steps[-1], WhenYouDo)
    return may, may.then.steps[-1].then


# -- the reader -----------------------------------------------------------------------------


def test_a_reflexive_trigger_has_its_own_targets():
    """Its targets are counted from 0 within it (like a mode's, 700.2), after the first
    part's own; it is joined to the "you may", triggering only if the action is taken."""
    may, inner = reflexive(
        own("You may tap target creature you control. When you do, destroy target enchantment.")
    )
    assert may.then.steps[0] == Tap(T(0))
    assert inner == Script((Destroy(T(0)),))
    _, inner = reflexive(own("You may pay {3}. When you do, exile target enchantment."))
    assert inner == Script((Exile(T(0)),))


def test_a_modal_reflexive_trigger():
    """ "When you do, choose one —" and its modes: the modes are the reflexive trigger's,
    chosen as it is put on the stack (603.12, 700.2b), not the first ability's."""
    _, inner = reflexive(
        own("You may pay {2}. When you do, choose one —\n• Draw a card.\n• You gain 3 life.")
    )
    (modal,) = inner.steps
    assert isinstance(modal, Modal) and modal.choose == 1
    assert [m.steps for m in modal.modes] == [(Draw(YOU, Amount(1)),), (GainLife(YOU, Amount(3)),)]


def test_the_corpus_reads_reflexive_triggers(corpus):
    may, inner = reflexive(card(corpus, "Cavalier of Night", "triggered"))
    (sacrifice,) = may.then.steps[:-1]
    assert isinstance(sacrifice, Sacrifice) and sacrifice.what.group.other
    assert inner == Script((Destroy(T(0)),))
    script = card(corpus, "Hypothesizzle", "spell")
    assert script.steps[0] == Draw(YOU, Amount(2))
    _, inner = reflexive(script)
    assert inner == Script((DealDamage(Amount(4), T(0)),))
    may, inner = reflexive(card(corpus, "Weapons Vendor", "triggered", 1))
    assert may.then.steps[0] == PayMana("{1}")
    assert [s.what for s in inner.steps] == [T(0)] and inner.steps[0].to == T(1)


def test_words_that_refer_back_leave_the_trigger_unread(corpus):
    """ "That creature's power" is the sacrificed creature's: read apart, the reader would
    bind it to the source named in the same sentence (Ziatora's own power); the sacrificed
    creature and what was done "this way" are not the trigger's own; X after "you may pay
    {X}" is the X paid (cards/effects_named.py), never an announced X."""
    for name in ("Ziatora, the Incinerator", "Tiger-Tribe Hunter", "Surtland Flinger"):
        script = card(corpus, name, "triggered")
        assert not script.complete and script.unread.startswith("When you do,"), name
        assert isinstance(script.steps[-1], May), name  # the first part is still read
    for text in (
        "You may exile a card from your graveyard. When you do, target creature gets -1/-1 "
        "until end of turn for each card exiled this way.",
    ):
        assert not own(text).complete, text
    _, inner = reflexive(
        own("You may pay {X}. When you do, this creature deals X damage to target creature.")
    )
    assert inner == Script((DealDamage(X_PAID, T(0)),))
    # a pronoun bound to the trigger's own target is read
    _, inner = reflexive(
        own(
            "You may pay {1}. When you do, put a +1/+1 counter on target creature. That creature gains flying until end of turn."
        )
    )
    assert inner.steps[0] == PutCounters(T(0), "+1/+1", Amount(1))
    assert inner.steps[1].what == T(0)


def test_after_an_action_to_take_or_a_you_may_only():
    """After an instruction the player must follow and may not be able to (a sacrifice, a
    payment, an exile: 118.12), the reflexive trigger follows it, triggering only if it was
    done (603.12); after any other instruction it is left unread (the first part is read)."""
    sacrifice = Sacrifice(YOU, Subject("chosen", group=Group(whose="any")), Amount(1))
    script = own("Sacrifice a creature. When you do, destroy target artifact.")
    assert script.complete and script.steps == (sacrifice, WhenYouDo(Script((Destroy(T(0)),))))
    script = own("Draw a card. When you do, destroy target artifact.")
    assert script.steps == (Draw(YOU, Amount(1)),)
    assert script.unread == "When you do, destroy target artifact."


def test_the_corpus_reads_one_after_a_sacrifice(corpus):
    script = card(corpus, "Villainous Syndication", "triggered")
    assert script.complete and isinstance(script.steps[0], Sacrifice)
    (reflex,) = script.steps[1:]
    assert isinstance(reflex, WhenYouDo) and reflex.then.steps[0].what == T(0)


def test_the_first_spell_or_ability_has_none_of_its_targets():
    """CR 603.12, 601.2c, 602.2b: the reflexive trigger's targets are chosen when it is put
    on the stack, so the spell or ability that makes it has only its own."""
    read = read_targets("You may sacrifice a creature. When you do, destroy target creature.")
    assert read is not None and read.read and not read.targets_anything
    read = read_targets("You may tap target artifact. When you do, destroy target creature.")
    assert read is not None and read.read and [s.what for s in read.specs] == [("artifact",)]
    # a delayed trigger's targets stay unreadable (603.7): only "When you do" is cut off
    assert not read_targets("When that creature dies, destroy target creature.").read
    (line,) = parse_lines(
        "{T}: You may sacrifice a creature. When you do, destroy target creature.",
        (),
        ("Artifact",),
        "Test Relic",
    )
    (ability,) = line[1]
    assert ability.is_activated and not ability.targets and ability.targeting.read


SCRYFALL_CARD = {
    "object": "card",
    "lang": "en",
    "released_at": "2024-04-19",
    "layout": "normal",
    "cmc": 2.0,
    "colors": [],
    "color_identity": [],
    "keywords": [],
    "set": "tst",
    "rarity": "rare",
}
# made-up cards of the shape the corpus has, written here
FIXTURE_CARDS = [
    {
        **SCRYFALL_CARD,
        "id": "0b0c0a00-0000-4000-8000-0000000000a1",
        "oracle_id": "f1f1f1f1-0000-4000-8000-0000000000a1",
        "name": "Fixture Reflex Bolt",
        "mana_cost": "{1}{R}",
        "type_line": "Instant",
        "oracle_text": "Draw a card. Then you may discard a card. When you do, this spell "
        "deals 2 damage to target creature.",
    },
    {
        **SCRYFALL_CARD,
        "id": "0b0c0a00-0000-4000-8000-0000000000a2",
        "oracle_id": "f1f1f1f1-0000-4000-8000-0000000000a2",
        "name": "Fixture Reflex Relic",
        "mana_cost": "{2}",
        "type_line": "Artifact",
        "oracle_text": "{T}: You may sacrifice a creature. When you do, destroy target artifact.",
    },
]
CASE = """\
game: {{turn: 5, active_player: Alice, phase: precombat_main}}
players:
  - name: Alice
    hand: [Fixture Reflex Bolt]
    battlefield: [Fixture Reflex Relic, Mountain, Mountain]
  - name: Bob
question: {question}
"""


@pytest.mark.parametrize(
    "question",
    [
        "{can_cast: Fixture Reflex Bolt}",
        "{can_activate: {object: Fixture Reflex Relic, ability: 1}}",
    ],
)
def test_casting_or_activating_demands_none_of_its_targets(tmp_path, question):
    """With no creature or artifact on the battlefield, the spell can be cast and the ability
    activated: their reflexive triggers' targets are chosen later (603.12, 603.3d), or never
    if the action isn't taken. Before, the targets were unreadable and the answer refused."""
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps(FIXTURE_CARDS), encoding="utf-8")
    env = data_env(tmp_path / "data")
    done = run_cli("cards", "import", str(cards), env=env)
    assert done.returncode == 0, done.stderr
    path = tmp_path / "case.yaml"
    path.write_text(CASE.format(question=question), encoding="utf-8")
    done = run_cli("check", "-f", "json", str(path), env=env)
    result = json.loads(done.stdout)["results"][0]
    assert result["answer"] == "yes", result


def test_the_playout_refuses_the_reflexive_trigger():
    """No handler yet: carry_out refuses it, naming it (never skipped, never carried out as
    the instructions inside it at once)."""
    from mtgrules.rules.effects.resolution import carry_out

    step = WhenYouDo(Script((Destroy(T(0)),)))
    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"))
    with pytest.raises(Unsupported, match=re.escape(step.render())):
        carry_out(None, Script((step,)), ctx)
