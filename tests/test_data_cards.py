"""Importing card data (MTGJSON AtomicCards, Scryfall bulk files) and using it: card, cases, rulings."""

from __future__ import annotations

import json
import time

import pytest

from mtgrules.cards.db import ImportedCards
from mtgrules.cards.vocabulary import AbilityKind
from tests.conftest import (
    ATOMIC_2022,
    ATOMIC_SAMPLE,
    CR_TEXT,
    FIXTURES,
    data_env,
    import_files,
    need_shared,
    run_cli,
)

SCRYFALL = FIXTURES / "scryfall"


@pytest.fixture(scope="module")
def atomic_2022_faces():
    """The 2022 file's cards as it has them (read at run time, to compare with)."""
    import gzip

    need_shared(ATOMIC_2022)
    return json.load(gzip.open(ATOMIC_2022))["data"]


def card(name: str, env: dict[str, str]):
    started = time.perf_counter()
    done = run_cli("card", name, env=env)
    print(
        f"`mtgrules card {name!r}` took {time.perf_counter() - started:.3f}s (process start included)"
    )
    return done


def test_card_shows_oracle_text_types_cost_pt_and_dated_rulings(imported_2022, atomic_2022_faces):
    face = atomic_2022_faces["Anointer Priest"][0]
    done = card("anointer priest", imported_2022)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith(f"Anointer Priest  {face['manaCost']}\n{face['type']}\n")
    assert f"{face['power']}/{face['toughness']}" in out
    assert " ".join(face["text"].split("\n")[0].split())[:50] in " ".join(out.split())
    for ruling in face["rulings"]:
        assert f"  {ruling['date']}  " in out
    assert f"Rulings ({len(face['rulings'])})" in out
    assert "2. Embalm {3}{W}" in out  # parsed: keyword with its cost


@pytest.mark.parametrize(
    ("asked", "full"),
    [
        ("FIRE", "Fire // Ice"),
        ("ice", "Fire // Ice"),
        ("Stomp", "Bonecrusher Giant // Stomp"),
        ("insectile aberration", "Delver of Secrets // Insectile Aberration"),
        ("Delver of Secrets // Insectile Aberration", "Delver of Secrets // Insectile Aberration"),
    ],
)
def test_multi_face_cards_answer_to_either_face(imported_2022, atomic_2022_faces, asked, full):
    done = card(asked, imported_2022)
    assert done.returncode == 0, done.stderr
    for face in atomic_2022_faces[full]:
        assert f"[{face['faceName']}" in done.stdout


def test_names_match_case_and_punctuation_insensitively(imported_2022):
    done = card("JACE THE MIND SCULPTOR", imported_2022)
    assert done.returncode == 0 and done.stdout.startswith("Jace, the Mind Sculptor")


def test_misspelled_and_unknown_names(imported_2022):
    done = card("Birds of Paradice", imported_2022)
    assert done.returncode == 2
    assert "did you mean Birds of Paradise" in done.stderr
    nothing = run_cli("card", "Qqqq Zzzzxx", env=imported_2022)
    assert nothing.returncode == 2 and "unknown card" in nothing.stderr and not nothing.stdout


def test_a_built_in_definition_wins_over_imported_data(imported_2022):
    done = card("Llanowar Elves", imported_2022)
    assert done.returncode == 0 and "(built-in card definition" in done.stdout


@pytest.mark.slow
def test_every_card_of_the_2022_dataset_becomes_a_card_definition(imported_2022, atomic_2022_faces):
    from pathlib import Path

    cards = ImportedCards(Path(imported_2022["MTGRULES_DATA_DIR"]) / "mtgrules.sqlite")
    started = time.perf_counter()
    kinds: dict[str, int] = {}
    keyword_costs = 0
    for name in atomic_2022_faces:
        found = cards.get(name)
        assert found is not None, name
        for ability in found.abilities:
            kinds[ability.kind.value] = kinds.get(ability.kind.value, 0) + 1
            keyword_costs += ability.keyword_cost is not None
    print(f"{len(atomic_2022_faces)} cards read in {time.perf_counter() - started:.2f}s: {kinds}")
    # every kind well represented (the unread share falls as the reader reads more: 9,935
    # abilities of the 2022 file are unread now)
    assert kinds["keyword"] > 5000 and kinds["activated"] > 300 and kinds["unmodeled"] > 5000
    assert keyword_costs >= 15  # at least the embalm cards of Amonkhet


def test_mana_abilities_are_parsed_from_the_data(imported_2022):
    from pathlib import Path

    cards = ImportedCards(Path(imported_2022["MTGRULES_DATA_DIR"]) / "mtgrules.sqlite")
    birds = cards.get("Birds of Paradise")
    assert [a.kind for a in birds.abilities] == [AbilityKind.KEYWORD, AbilityKind.ACTIVATED]
    assert birds.abilities[1].effect.adds_mana.any_color == 1 and birds.abilities[1].cost.tap
    sol_ring = cards.get("Sol Ring").abilities[0]
    assert sol_ring.effect.adds_mana.fixed == ("C", "C")


CASE = """
game: {{turn: 3, active_player: Alice, phase: precombat_main}}
players:
  - name: Alice
    battlefield:
      - {{card: {card}, id: it, controlled_since_turn: {since}}}
  - name: Bob
question:
  can_activate: {{object: it, ability: {ability}}}
"""


def check(path, env):
    done = run_cli("check", "-f", "json", str(path), env=env)
    return done, json.loads(done.stdout)["results"][0]


def test_a_case_naming_an_imported_card_validates_and_answers(imported_2022, write_case, tmp_path):
    new = write_case(CASE.format(card="Birds of Paradise", since=3, ability=2), "new.yaml")
    old = write_case(CASE.format(card="Birds of Paradise", since=2, ability=2), "old.yaml")
    done, result = check(new, imported_2022)
    assert result["answer"] == "no" and "302.6" in {
        r for x in result["reasons"] for r in x["rules"]
    }
    done, result = check(old, imported_2022)
    assert result["answer"] == "yes"
    # without imported data the same case is invalid: the card is unknown
    done = run_cli("validate", str(new), env=data_env(tmp_path / "empty"))
    assert done.returncode == 2 and "C001 unknown card 'Birds of Paradise'" in done.stdout


def test_an_unparsed_ability_makes_the_answer_unsupported(imported_2022, write_case):
    # "Return a Forest you control to its owner's hand: ..." (a cost part mtgrules doesn't read)
    path = write_case(CASE.format(card="Quirion Ranger", since=1, ability=1))
    done, result = check(path, imported_2022)
    assert done.returncode == 3 and result["status"] == "unsupported"
    # the refusal quotes the ability in the card's own words (from the imported data)
    assert "does not model this ability of Quirion Ranger: “" in result["unsupported"]
    assert "not modeled:" not in result["unsupported"]


def test_answers_name_the_rulings_that_bear_on_the_question(
    imported_2022, atomic_2022_faces, write_case
):
    path = write_case(
        """
        game: {turn: 3, active_player: Alice, phase: precombat_main}
        players:
          - name: Alice
            graveyard:
              - {card: Sacred Cat, id: priest}
          - name: Bob
        question:
          can_activate: {object: priest, ability: embalm}
        """
    )
    _, result = check(path, imported_2022)
    rulings = [r for reason in result["reasons"] for r in reason["rulings"]]
    assert rulings and all(r["card"] == "Sacred Cat" for r in rulings)
    assert all("embalm" in r["text"].lower() or "activate" in r["text"].lower() for r in rulings)
    source = atomic_2022_faces["Sacred Cat"][0]["rulings"]
    assert len(rulings) < len(source)  # only those that bear on it
    text = run_cli("check", str(path), env=imported_2022).stdout
    assert f"Ruling ({rulings[0]['date']}, Sacred Cat): “" in text


def test_the_current_sample_imports_with_plot(tmp_path):
    env = import_files(tmp_path, ("cards", ATOMIC_SAMPLE))
    done = card("visage bandit", env)
    assert done.returncode == 0
    assert "Plot {2}{U}" in done.stdout and "2024-04-12" in done.stdout
    shark = card("loan shark", env)  # not built in: its abilities come from the Oracle parser
    # its enters trigger with an intervening "if" (CR 603.4) is read; one of Railway
    # Brawler's triggered abilities is not
    assert shark.returncode == 0 and "1. When this creature enters, if " in shark.stdout
    brawler = card("railway brawler", env)
    assert brawler.returncode == 0 and "not modeled" in brawler.stdout
    status = run_cli("data", "status", env=env).stdout
    assert "Cards: 8 cards" in status and "Comprehensive Rules: not imported" in status


def test_scryfall_cards_and_rulings_import_in_either_order(tmp_path):
    for order in (
        (SCRYFALL / "rulings.json", SCRYFALL / "oracle-cards.json"),
        (SCRYFALL / "oracle-cards.json", SCRYFALL / "rulings.json"),
    ):
        folder = tmp_path / order[0].stem
        env = import_files(folder, *(("cards", p) for p in order))
        done = card("fixture schemer", env)
        assert "2. Plot {1}{U}" in done.stdout and "1. Flash" in done.stdout
        assert "  2024-04-12  " in done.stdout and "  2024-06-07  " in done.stdout
        # a face's name shows that face, saying whose it is (it used to show the front face)
        back = card("Fixture Duskstalker", env).stdout
        assert back.startswith("Fixture Duskstalker\n") and "Color indicator: B" in back
        assert "back face of Fixture Dawnwalker // Fixture Duskstalker" in back
        assert card("Fixture Dawnwalker", env).stdout.startswith("Fixture Dawnwalker  {2}{B}")
        half = card("fixture frost", env).stdout
        assert half.startswith("Fixture Frost  {1}{U}")
        assert "One half of Fixture Heat // Fixture Frost" in half
        assert card("Fixture Heat // Fixture Frost", env).stdout.startswith(
            "Fixture Heat // Fixture Frost  {1}{R}{1}{U}"
        )
        tokens = run_cli("card", "Fixture Soldier", env=env)
        assert tokens.returncode == 2  # tokens are not cards


def test_importing_cards_keeps_the_rules_and_importing_rules_keeps_the_cards(tmp_path):
    env = import_files(tmp_path, ("rules", CR_TEXT), ("cards", SCRYFALL / "oracle-cards.json"))
    status = run_cli("data", "status", env=env).stdout
    assert "effective 2026-08-07" in status and "Cards: 4 cards" in status
    assert run_cli("rule", "702.170d", env=env).returncode == 0
    import_files(tmp_path, ("rules", CR_TEXT))
    assert card("fixture schemer", env).returncode == 0


@pytest.mark.parametrize(
    ("listed", "asked", "name"),
    [
        ("Stomp", "Bonecrusher Giant", "Bonecrusher Giant"),  # adventure: either part
        ("Fire // Ice", "Ice", "Fire // Ice"),  # split: the full name or a half
        # a permanent named by its back face has it up (CR 712.8e): it used to be the front
        ("Ravager of the Fells", "Huntmaster of the Fells", "Ravager of the Fells"),  # DFC
        ("Huntmaster of the Fells", "Ravager of the Fells", "Huntmaster of the Fells"),
    ],
)
def test_a_multi_face_card_is_referred_to_by_any_of_its_names(
    imported_2022, write_case, listed, asked, name
):
    path = write_case(
        f"""
        game: {{turn: 3, active_player: Alice, phase: precombat_main}}
        players:
          - name: Alice
            battlefield: ["{listed}"]
        question:
          characteristics: "{asked}"
        """
    )
    done, result = check(path, imported_2022)
    assert result["status"] == "unchecked", done.stdout
    assert result["answer"]["name"] == name
