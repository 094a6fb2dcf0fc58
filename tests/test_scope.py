"""The scope index (rules/scope/index.py, rules/scope/query.py): what an ability could touch, and
that every question refuses when an unread one could change its answer and only then."""

from __future__ import annotations

import pytest

from mtgrules.cards.vocabulary import Ability, AbilityKind, CardDef
from mtgrules.rules.layers.characteristics import ALL_CREATURE_TYPES
from mtgrules.rules.scope import index as scope
from mtgrules.rules.scope import own as scope_own
from mtgrules.rules.scope import reach as scope_reach
from mtgrules.rules.scope import words as scope_words
from mtgrules.rules.scope.index import Scope
from tests.helpers_cast import answer_of

ENCHANTMENT = CardDef("Test Relic", types=("Enchantment",))
INSTANT = CardDef("Test Spell", types=("Instant",))


def unread(words: str, oracle: bool = False) -> Ability:
    if oracle:  # as imported: the parser's label, the card's own paragraph
        return Ability(AbilityKind.UNMODELED, text="not modeled: static ability", oracle=words)
    return Ability(AbilityKind.UNMODELED, text=words)


def scopes_of(ability: Ability, card: CardDef = ENCHANTMENT, own: bool = False) -> set[Scope]:
    return {p.scope for p in scope_words.matching(ability, card, own)}


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("Creatures you control have haste.", {Scope.HASTE, Scope.ABILITIES}),
        ("Your opponents can't cast spells during your turn.", {Scope.CAST_RESTRICTION}),
        ("Creatures you control get +1/+1.", {Scope.PT}),
        ("You may play an additional land on each of your turns.", {Scope.PLAY_LAND}),
        (
            "Each creature you control enters with an additional +1/+1 counter on it.",
            {Scope.ENTERS_REPLACEMENT, Scope.ENTERS_COUNTERS},
        ),
        (
            "Lands you control are every basic land type in addition to their other types.",
            {Scope.TYPES},
        ),
    ],
)
def test_words_touch_their_scopes(words, expected):
    assert expected <= scopes_of(unread(words))
    assert expected <= scopes_of(unread(words, oracle=True))


def test_a_sentence_that_only_changes_costs_grants_no_permission():
    found = scopes_of(unread("Spells your opponents cast from exile cost {2} more to cast."))
    assert Scope.CAST_COST in found and Scope.CAST_PERMISSION not in found


def test_a_spell_ability_touches_nothing_but_its_static_words_do():
    # CR 113.3a: a spell's instructions act as it resolves; "split second" works on the stack
    assert scopes_of(unread("Its controller draws two cards."), INSTANT) == set()
    split = Ability(AbilityKind.UNMODELED, text="not modeled: spell effect", oracle="Split second")
    assert {Scope.CAST_RESTRICTION, Scope.ACTIVATE_RESTRICTION} <= scopes_of(split, INSTANT)
    assert "stack" in scope.functions_in(split, INSTANT)


def test_triggered_words_only_touch_mana_and_its_own_entering():
    trigger = unread("Whenever a land is tapped for mana, its controller adds {G}.")
    assert scopes_of(trigger) == {Scope.MANA_TRIGGER}
    assert Scope.ENTERS_TRIGGER in scopes_of(unread("When it enters, draw a card."), own=True)


def test_a_modeled_ability_is_read_and_a_registered_field_makes_one_read():
    tapped = Ability(AbilityKind.STATIC, enters_tapped=True)
    described = Ability(AbilityKind.STATIC, text="Creatures its controller controls have haste.")
    assert scope.is_read(tapped) and not scope.is_read(described)
    assert not scope.is_read(Ability(AbilityKind.TRIGGERED, trigger="When it attacks"))
    with pytest.raises(ValueError):
        scope.register_read_field("no_such_field", frozenset({Scope.HASTE}))
    saved = dict(scope.READ_FIELDS)
    try:
        scope.register_read_field("goads", frozenset({Scope.ABILITIES}))
        assert scope.READ_FIELDS["goads"] == {Scope.ABILITIES}
    finally:
        scope.READ_FIELDS.clear()
        scope.READ_FIELDS.update(saved)


def test_where_an_unread_ability_functions():
    # CR 113.6: on the battlefield; 113.6b: where its words say; 113.6a: CDAs everywhere
    assert scope.functions_in(unread("Creatures you control get +1/+1."), ENCHANTMENT) == {
        "battlefield"
    }
    grave = unread("As long as this card is in your graveyard, creatures you control have flying.")
    assert "graveyard" in scope.functions_in(grave, ENCHANTMENT)
    cda = unread("Its power is equal to the number of cards in your hand.")
    assert scope.functions_in(cda, ENCHANTMENT) == {"everywhere"}


def test_where_an_ability_functions_is_remembered_per_ability_and_card():
    # the remembered zones are those of this very ability on this very card: the same
    # ability on a card of another type (113.6: an instant's works on the stack), or another
    # card whose name the words use (113.6b), is worked out anew, never given the first's
    words = unread("As long as Test Relic is in your graveyard, creatures you control get +1/+1.")
    assert scope.functions_in(words, ENCHANTMENT) == {"battlefield", "graveyard"}
    assert scope.functions_in(words, INSTANT) == {"stack"}
    assert scope.functions_in(words, ENCHANTMENT) == {"battlefield", "graveyard"}
    renamed = CardDef("Other Relic", types=("Enchantment",))
    assert scope.functions_in(words, renamed) == {"battlefield"}
    for ability in (words, unread("Creatures you control get +1/+1."), *map(unread, "ab")):
        for card in (ENCHANTMENT, INSTANT, renamed):
            assert scope.functions_in(ability, card) == scope.zones_of(ability, card)
    # an entry left by an ability that has gone, its id now another's, is not answered
    fresh = unread("As long as this card is in your graveyard, creatures have flying.")
    scope._ZONES_OF[(id(fresh), id(ENCHANTMENT))] = (unread("y"), ENCHANTMENT, frozenset())
    assert scope.functions_in(fresh, ENCHANTMENT) == {"battlefield", "graveyard"}


BOARD = """
cards:
  - name: Haste Relic
    types: [Enchantment]
    abilities:
      - unmodeled: Creatures its controller controls have haste.
game: {{turn: 3, active_player: Alice, phase: precombat_main}}
players:
  - name: Alice
    battlefield:
      - {{card: Haste Relic, id: relic}}
      - {{card: Llanowar Elves, id: elves{since}}}
    graveyard:
      - {{card: Divination}}
  - name: Bob
{effects}
question:
  can_activate: {{object: elves, ability: 1}}
"""


def test_a_haste_grant_refuses_only_when_summoning_sickness_decides():
    sick = answer_of(BOARD.format(since=", controlled_since_turn: 3", effects=""))
    assert sick.value is None
    assert "Haste Relic" in sick.unsupported and "702.10c" in sick.unsupported
    settled = answer_of(BOARD.format(since="", effects=""))
    assert settled.value == "yes"
    assert any(r.holds is None and "113.6" in r.rules for r in settled.reasons)


def test_an_effect_entry_reads_its_source():
    effect = "effects: [{source: relic, affect: elves, add_abilities: [haste], timestamp: 1}]"
    answer = answer_of(BOARD.format(since=", controlled_since_turn: 3", effects=effect))
    assert answer.value == "yes"
    note = next(r for r in answer.reasons if "113.6" in r.rules and r.holds is None)
    assert "1 effect" in note.text


def test_an_unread_permission_to_cast_from_a_graveyard_is_a_refusal():
    text = """
    cards:
      - name: Grave Lesson
        mana_cost: "{1}{U}"
        types: [Sorcery]
        abilities:
          - unmodeled: Its owner draws two cards.
          - unmodeled: Its owner may cast this card from their graveyard.
    game: {turn: 3, active_player: Alice, phase: precombat_main}
    players:
      - name: Alice
        graveyard: [Grave Lesson]
      - name: Bob
    question: {can_cast: Grave Lesson}
    """
    answer = answer_of(text)
    assert answer.value is None and "Grave Lesson" in answer.unsupported


def test_characteristics_refusal_keeps_the_breakdown_but_never_says_nothing_applies_there():
    text = """
    cards:
      - name: Banner
        types: [Enchantment]
        abilities:
          - unmodeled: Creatures its controller controls get +1/+1.
    game: {turn: 3, active_player: Alice}
    players:
      - name: Alice
        battlefield: [Banner, {card: Grizzly Bears, id: bears}]
      - name: Bob
    question: {characteristics: bears}
    """
    answer = answer_of(text)
    assert answer.value is None and "Banner" in answer.unsupported
    nothing = " ".join(r.text for r in answer.reasons if r.text.startswith("Nothing applies"))
    assert "7c" not in nothing and "7b" not in nothing
    assert any(r.text.startswith("Layer 7c") and "doesn't read" in r.text for r in answer.reasons)


def test_an_aura_speaks_only_of_what_it_enchants():
    text = """
    cards:
      - name: Loose Aura
        types: [Enchantment]
        subtypes: [Aura]
        abilities:
          - keyword: enchant creature
          - unmodeled: The creature it enchants gets +2/+0.
    game: {turn: 3, active_player: Alice}
    players:
      - name: Alice
        battlefield: [{card: Loose Aura, id: aura, attached_to: bears}, {card: Grizzly Bears, id: bears}, {card: Llanowar Elves, id: elves}]
      - name: Bob
    question: {characteristics: QUESTION}
    """
    assert answer_of(text.replace("QUESTION", "elves")).value["power"] == 1
    assert answer_of(text.replace("QUESTION", "aura")).value is not None
    assert answer_of(text.replace("QUESTION", "bears")).value is None


def test_a_targeting_ability_only_about_itself_is_left_to_the_targets_rules():
    from mtgrules.rules.scope.reach import only_about_itself

    assert only_about_itself("As long as it is untapped, it can't be the target of spells.", "X")
    # its subject is itself; "you", "your" and "opponents" only say when, or from what
    assert only_about_itself("This creature has hexproof as long as you have no hand.", "X")
    assert only_about_itself(
        "Veiled Beast can't be the target of spells your opponents control.", "Veiled Beast"
    )
    assert only_about_itself("As long as you control a Wizard, it has shroud.", "Veiled Beast")
    assert not only_about_itself(
        "This creature and other creatures you control have hexproof.", "X"
    )
    assert not only_about_itself("Creatures you control have shroud.", "X")
    assert not only_about_itself(
        "Veiled Beast has hexproof and creatures you control have shroud.", "Veiled Beast"
    )
    assert not only_about_itself(
        "Veiled Beast can't be blocked. Other creatures you control have hexproof.", "Veiled Beast"
    )
    assert not only_about_itself("As long as enchanted creature is tapped, it has hexproof.", "X")
    # words the candidate judge doesn't read as a bar stay the scope pass's
    assert not only_about_itself(
        "Spells your opponents control can't target Veiled Beast.", "Veiled Beast"
    )


def test_a_targeting_ability_about_its_controller_is_not_only_about_itself():
    from mtgrules.rules.scope.reach import only_about_itself

    assert not only_about_itself("Its controller has hexproof.", "X")


@pytest.mark.parametrize(
    ("words", "reaches"),
    [
        # the quoted ability's "this creature" is the creature that gets it (CR 113.1a)
        (
            'Enchanted creature gets +1/+1 and has "Whenever this creature attacks, draw a card."',
            False,
        ),
        ("Other creatures you control get +0/+1.", False),
        ("Other Vampire creatures you control get +1/+1 and have first strike.", False),
        # still its own: a group it is in, or itself named beside the others
        ("Creatures you control get +1/+1.", True),
        ("This creature gets +1/+1 for each other creature you control.", True),
        ("Other creatures you control get +1/+1 as long as this creature is untapped.", True),
        ('Creatures you control have "{T}: Add {G}."', True),
        ("Creatures other than Test Bear get -1/-1.", True),
    ],
)
def test_an_own_static_reaches_itself_only_through_words_outside_quotes_and_others(words, reaches):
    bear = scope_reach.Subject(
        "Test Bear", ("Creature",), ("Bear",), (), frozenset({"G"}), "battlefield"
    )
    assert scope_reach.reaches_itself(words, "Test Bear", bear) is reaches


@pytest.mark.parametrize(
    ("words", "scope_found"),
    [
        ("This creature can't attack unless defending player controls an Island.", False),
        ("This land enters tapped unless you control a Swamp or a Forest.", False),
        ("Nonbasic lands are Mountains.", True),
        ("Enchanted land is an Island.", True),
        ("Each land is a Swamp in addition to its other land types.", True),
    ],
)
def test_land_types_change_only_where_a_land_is_or_becomes_one(words, scope_found):
    keys = {p.key for p in scope_words.matching(unread(words), ENCHANTMENT, own=False)}
    assert ("land-types" in keys) is scope_found


def test_a_choice_as_it_enters_or_day_and_night_change_no_characteristics():
    # CR 614.12: the chosen color is used by its other words; CR 731.1: day is the game's
    assert Scope.COLORS not in scopes_of(unread("As this enchantment enters, choose a color."))
    assert Scope.TYPES not in scopes_of(unread("If it's neither day nor night, it becomes day."))
    assert Scope.COLORS in scopes_of(
        unread("As this creature enters, choose a color. It is the chosen color.")
    )


@pytest.mark.parametrize(
    ("words", "refused"),
    [
        ("As this creature enters, choose a creature type.", False),
        ("As this land enters, choose a color other than white.", False),
        ("As this creature enters, secretly choose an opponent.", False),
        ("If it's neither day nor night, it becomes day as this creature enters.", False),
        # the choice is used by another sentence that changes it, or the choice is more
        ("As this creature enters, choose a creature type. It is the chosen type.", True),
        ("As this creature enters, roll a six-sided die.", True),
        ("As this Equipment enters, choose a creature you control it could be attached to.", True),
    ],
)
def test_a_choice_as_it_enters_doesnt_change_how_it_enters(words, refused):
    # CR 614.12: the choice is made as it enters; what uses it is read on its own
    found = scopes_of(unread(words), own=True)
    assert bool(found & {Scope.ENTERS_REPLACEMENT, Scope.TYPES}) is refused


@pytest.mark.parametrize(
    ("words", "own"),
    [
        # CR 113.6d-f: words that tie casting to that particular card work where it is cast from
        ("This spell costs {1} less to cast for each artifact you control.", True),
        ("You may cast this card from your graveyard.", True),
        ("You can't cast Tithe Idol unless you control a Gate.", True),
        ("You may cast it as though it had flash if you control a Desert.", True),
        ("Spend only black mana on X.", True),
        # 113.6: a permanent's static about other spells works only on the battlefield
        ("Spells your opponents cast cost {1} more to cast.", False),
        ("You may cast spells from your hand without paying their mana costs.", False),
        ("Creature spells you cast have convoke.", False),
        ("This creature can't attack unless you've cast a creature spell this turn.", False),
        # read as it resolves, or triggered once it has been cast (601.2i)
        ("Destroy target artifact. If {G} was spent to cast this spell, draw a card.", False),
        ("When you cast this spell, draw a card.", False),
    ],
)
def test_own_words_about_casting_itself(words: str, own: bool) -> None:
    ability = Ability(AbilityKind.UNMODELED, text="not modeled: static ability", oracle=words)
    assert scope_own.speaks_of_casting(ability, "Tithe Idol") is own


RELIC = scope_reach.Subject("Test Relic", ("Enchantment",), (), (), frozenset(), "battlefield")
BEAR = scope_reach.Subject(
    "Test Bear", ("Creature",), ("Bear",), (), frozenset({"G"}), "battlefield"
)
AURA = scope_reach.Subject(
    "Test Aura", ("Enchantment",), ("Aura",), (), frozenset({"W"}), "battlefield"
)
SLIVER = scope_reach.Subject(
    "Test Sliver", ("Creature",), ("Sliver",), (), frozenset(), "battlefield"
)
CHANGELING = scope_reach.Subject(
    "Test Shapeshifter",
    ("Creature",),
    ("Shapeshifter", ALL_CREATURE_TYPES),  # as layer 4 gives a changeling its types
    (),
    frozenset(),
    "battlefield",
)
DESTINY = (
    "Creatures you control of the chosen type get +1/+1. As long as you have the city's"
    " blessing, they also have vigilance."
)


@pytest.mark.parametrize(
    ("words", "subject", "reaches"),
    [
        # the subject of the sentence is a group the object is not in
        (
            "Creatures you control get +0/+1 for each Gate you control and have vigilance.",
            RELIC,
            False,
        ),
        ("Nonartifact creatures get +2/+2 as long as they all share a color.", RELIC, False),
        ("Nongreen creatures get +1/+1.", BEAR, False),
        ("Each creature has protection from its colors.", RELIC, False),
        ('All Spirits have "When this permanent enters, draw a card."', RELIC, False),
        (
            "Other creatures have base power and toughness 2/2 and are Bears in addition to their other types.",
            BEAR,
            False,
        ),
        ("Each opponent's maximum hand size is reduced by seven.", BEAR, False),
        # CR 109.2a-b: cards in a zone and spells are not the permanent
        ("Each instant and sorcery card in your hand has miracle {2}.", BEAR, False),
        ("Each Sliver creature card in your graveyard has unearth {2}.", SLIVER, False),
        ("Nonartifact spells you cast have improvise.", BEAR, False),
        # CR 303.4d: what an Aura enchants is never the Aura, nor what "it" stands for then
        (
            "Enchanted creature gets +2/+2, has first strike and vigilance, and is a legendary"
            " Soldier in addition to its other types.",
            AURA,
            False,
        ),
        (
            "Enchanted creature gets +0/+2 as long as it's a Pirate. Otherwise, it gets -2/-0.",
            AURA,
            False,
        ),
        (
            "As long as enchanted permanent is a creature, it gets +1/+1 and has trample.",
            AURA,
            False,
        ),
        (DESTINY, RELIC, False),
        # still its own: a group it is in, or words the subject reader can't settle
        (DESTINY, BEAR, True),
        (
            "Creatures you control get +0/+1 for each Gate you control and have vigilance.",
            BEAR,
            True,
        ),
        ("Nonartifact creatures get +2/+2 as long as they all share a color.", BEAR, True),
        ('All Slivers have "{T}: Tap target permanent."', SLIVER, True),
        ('All Slivers have "{T}: Tap target permanent."', CHANGELING, True),  # CR 702.73a
        ("Each non-Human creature you control gets +1/+1.", CHANGELING, False),
        ("Creatures you control with oil counters on them get +1/+1.", BEAR, True),
        (
            "Slivers you control and nontoken creatures you control are the chosen type in"
            " addition to their other creature types.",
            BEAR,
            True,
        ),
        ("Creatures you control get +1/+1, and this enchantment has shroud.", RELIC, True),
        ("It gets +2/+2 as long as you control a Wizard.", BEAR, True),  # no antecedent
    ],
)
def test_an_own_static_reaches_itself_through_the_subject_of_its_sentences(words, subject, reaches):
    # CR 613.1c-f, 613.4: a layer 3-7 sentence changes its subject
    touched = scope_reach.reaches_itself(words, subject.name, subject, lambda s: True, oracle=True)
    assert touched is reaches


OWN_GROUP = """
cards:
  - {card}
game: {{turn: 3, active_player: Alice}}
players:
  - name: Alice
    battlefield: [{{card: Test Relic, id: relic}}]
  - name: Bob
question: {{characteristics: relic}}
"""


@pytest.mark.parametrize(
    ("types", "words", "answered"),
    [
        (
            "[Enchantment]",
            "Creatures you control get +0/+1 for each Gate you control and have vigilance.",
            True,
        ),
        ("[Enchantment]", "All creatures lose flying.", True),
        (
            "[Artifact, Creature]",
            "Nonartifact creatures get +2/+2 as long as they all share a color.",
            True,
        ),
        ("[Creature]", "Each instant and sorcery card in your hand has miracle {2}.", True),
        ("[Creature]", "Nonartifact creatures get +2/+2 as long as they all share a color.", False),
        ("[Creature]", "All creatures lose flying.", False),
        # an author's "it" may be the object itself
        (
            "[Creature]",
            "Enchanted creature gets +1/+1. It gets +2/+2 as long as you control a Wizard.",
            False,
        ),
    ],
)
def test_an_own_static_about_a_group_it_is_not_in_leaves_its_characteristics_answered(
    types, words, answered
):
    pt = ", power: 2, toughness: 2" if "Creature" in types else ""
    card = f'{{name: Test Relic, types: {types}{pt}, abilities: [{{unmodeled: "{words}"}}]}}'
    answer = answer_of(OWN_GROUP.format(card=card))
    assert (answer.value is not None) is answered, answer.unsupported


ANGELS = (
    "If one or more creature tokens would be created under your control, that many 4/4 white"
    " Angel creature tokens with flying and vigilance are created instead."
)
GOADS = "Creatures your opponents control with power less than this creature's power are goaded."


@pytest.mark.parametrize(
    ("words", "scope_", "touched"),
    [
        # CR 111.1, 614.1a: created tokens are new objects, described as they are created
        (ANGELS, Scope.PT, False),
        (ANGELS, Scope.COLORS, False),
        (
            "When you do, create a tapped and attacking token that's a copy of target creature you control.",
            Scope.COPY,
            False,
        ),
        # CR 615.1: prevention changes damage; 614.1c: entering tapped is how it enters
        (
            "Prevent all damage that would be dealt to enchanted creature by sources of the chosen color.",
            Scope.COLORS,
            False,
        ),
        (
            "This land enters tapped unless you control a white, blue, or black permanent.",
            Scope.COLORS,
            False,
        ),
        # CR 614.12: a word chosen as it enters is what its other words use
        ("As this creature enters, choose a word with four or more letters.", Scope.TEXT, False),
        # a permission, a causative "have", a description, a designation, a condition
        (
            "This creature can attack as though it didn't have defender as long as you have no cards in hand.",
            Scope.ABILITIES,
            False,
        ),
        (
            "You may cast this creature without paying its mana cost and as though it had flash.",
            Scope.ABILITIES,
            False,
        ),
        (
            "You may have this creature assign its combat damage as though it weren't blocked.",
            Scope.ABILITIES,
            False,
        ),
        (
            "Creatures you control with no abilities can't be blocked by creatures with abilities.",
            Scope.ABILITIES,
            False,
        ),
        (GOADS, Scope.PT, False),
        (GOADS, Scope.TYPES, False),
        (
            "As long as this creature is your Ring-bearer, it must be blocked if able.",
            Scope.TYPES,
            False,
        ),
        (
            "If this creature is on the battlefield at the end of the game, score an additional point.",
            Scope.TYPES,
            False,
        ),
        (
            "While an opponent is searching their library, they exile each card they find.",
            Scope.TYPES,
            False,
        ),
        (
            "This creature can't attack unless there are five or more Islands on the battlefield.",
            Scope.TYPES,
            False,
        ),
        # CR 609.4b: how mana may be spent, not a color of anything
        (
            "You may spend mana as though it were mana of any color to cast those spells.",
            Scope.COLORS,
            False,
        ),
        # still touched
        ("Create a 1/1 white Soldier creature token. This creature gets +1/+1.", Scope.PT, True),
        # a second clause beside the prevention, or an ability it escapes or enters with (702.138d)
        (
            "As long as this creature has an ice counter on it, prevent all combat damage it would"
            " deal and it has defender.",
            Scope.ABILITIES,
            True,
        ),
        (
            'This creature escapes with "Whenever this creature attacks, draw a card."',
            Scope.ABILITIES,
            True,
        ),
        (
            'If this creature was kicked, it enters with a +1/+1 counter on it and with "This'
            " creature can attack as though it didn't have defender.\"",
            Scope.ABILITIES,
            True,
        ),
        ("Other creatures you control are white.", Scope.COLORS, True),
        ("This creature has flash as long as you control a Wizard.", Scope.ABILITIES, True),
        ("Creatures you control are Halfling Rogues.", Scope.TYPES, True),
        (
            "Creatures your opponents control lose all abilities and have base power 1.",
            Scope.ABILITIES,
            True,
        ),
        ("This creature's power is equal to the number of cards in your hand.", Scope.PT, True),
    ],
)
def test_words_that_change_no_characteristics_touch_none(words, scope_, touched):
    assert (scope_ in scopes_of(unread(words, oracle=True), own=True)) is touched


CREATURE = CardDef("Test Bear", types=("Creature",))


def test_an_attraction_visit_and_its_prize_are_triggered_abilities():
    # CR 702.159a-b: "Visit — [Effect]" triggers when you roll to visit; the prize is part of it
    for words in (
        "Visit — Create a 1/1 red Balloon creature token with flying.",
        "Prize — It gains haste.",
    ):
        assert scope.form(unread(words, oracle=True), ENCHANTMENT) == "triggered"
    assert (
        scope.form(unread("Creatures you control get +1/+1.", oracle=True), ENCHANTMENT) == "static"
    )


def test_an_ability_that_works_during_the_draft_never_works_in_the_game():
    # CR 905.2: some abilities function during the draft
    draft = unread(
        "As you draft a card, you may draft an additional card from that booster pack.", True
    )
    assert scope.functions_in(draft, CREATURE) == {"draft"}
    later = unread(
        "If you removed a card with flying from the draft, this creature has flying.", True
    )
    assert scope.functions_in(later, CREATURE) == {"battlefield"}


@pytest.mark.parametrize(
    ("words", "heads", "other", "opponents"),
    [
        ("Landfall — Whenever a land you control enters, you scry 1.", ["land"], False, False),
        (
            "Whenever one or more other creatures you control enter, draw.",
            ["creatures"],
            True,
            False,
        ),
        ("Whenever a nonbasic land an opponent controls enters, draw.", ["land"], False, True),
        (
            "Whenever a creature enters the battlefield under an opponent's control, draw.",
            ["creature"],
            False,
            True,
        ),
        (
            "Whenever an artifact or enchantment you control enters, draw.",
            ["artifact", "enchantment"],
            False,
            False,
        ),
    ],
)
def test_the_group_of_an_entering_trigger(words, heads, other, opponents):
    from mtgrules.rules.scope.subject import entering_group

    group = entering_group(words)
    assert group is not None
    assert [p.head for p in group.phrases] == heads
    assert (group.other, group.opponents) == (other, opponents)


@pytest.mark.parametrize(
    "words",
    [
        "When this creature enters, draw a card.",
        "Whenever this creature or another Ally you control enters, draw.",
        "Eerie — Whenever an enchantment you control enters and whenever you unlock a door, draw.",
        "Whenever a creature dies, draw a card.",
    ],
)
def test_no_group_entering_in_other_conditions(words):
    from mtgrules.rules.scope.subject import entering_group

    assert entering_group(words) is None
