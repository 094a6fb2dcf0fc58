"""The Oracle effect reader's tokens, copies, casting and game-level sentences
(cards/oracle/effects_tokens.py, cards/effects_game.py; docs/effects.md): real Oracle text read
from the corpus (../shared/data/cards, skipped when absent) and sentences written here.

The guards fail on a misreading: a token made without its keywords or not attacking, a
copy of the wrong object or in the wrong number, a player winning who loses, a card cast
that no sentence named, a spell copied that no trigger event named, a predefined token
with characteristics the rules don't give it; and on a play-out that carries out what it
can't yet."""

from __future__ import annotations

import pytest

from mtgrules.cards.effects import (
    SELF,
    YOU,
    Amount,
    CreateToken,
    May,
    Script,
    Subject,
    TokenSpec,
)
from mtgrules.cards.effects_actions import Attach, KeywordAction
from mtgrules.cards.effects_game import CastCard, CreateTokenCopy, GameEnds
from mtgrules.cards.effects_library import TOP_CARDS, CopySpell, TopCards
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.vocabulary import AbilityKind
from tests.test_oracle_effects import T, effect_of

THAT = Subject("that")


def own(text: str, kind: str = "spell", name: str = "Test Card") -> Script:
    return read_effect(text, name, kind)


def real(corpus: dict, name: str, kind: str = "spell", n: int = 0) -> Script:
    return read_effect(effect_of(corpus, name, kind, n), name, kind)


def test_a_token_made_tapped_and_attacking(corpus):
    """CR 508.4: the token is put onto the battlefield attacking; "tapped" is said too."""
    (step,) = own("Create two 2/1 red Goblin creature tokens that are tapped and attacking.").steps
    assert isinstance(step, CreateToken) and step.attacking and step.amount == Amount(2)
    assert step.token.subtypes == ("Goblin",) and (step.token.power, step.token.toughness) == (2, 1)
    (one,) = real(corpus, "Leonin Warleader", "triggered").steps
    assert one.attacking and one.token.keywords == ("lifelink",) and one.amount == Amount(2)


def test_keywords_only_tokens_are_made_with(corpus):
    """Decayed (702.147a) and ward (702.21a) are the token's, with its other keywords."""
    (step,) = real(corpus, "Falcon Abomination", "triggered").steps
    assert step == CreateToken(
        TokenSpec(
            "Zombie Token",
            colors=("black",),
            types=("Creature",),
            subtypes=("Zombie",),
            power=2,
            toughness=2,
            keywords=("decayed",),
        )
    )
    (warded,) = own("Create a 3/3 blue Bird creature token with flying and ward {2}.").steps
    assert warded.token.keywords == ("flying", "ward {2}")
    # a keyword not in the grammar's lists is not dropped: the sentence stays unread
    assert not own(
        "Create a 3/3 blue Bird creature token with flying and ward—pay 3 life."
    ).complete


def test_predefined_lander_and_mutagen(corpus):
    """CR 111.10u, 111.10v: colorless artifact tokens whose ability is the rule's."""
    (lander,) = real(corpus, "Horizon Explorer", "triggered").steps
    assert lander.token.predefined == "Lander" and lander.token.types == ("Artifact",)
    assert lander.token.colors == () and lander.token.power is None
    (mutagen,) = real(corpus, "Splinter, the Mentor", "triggered").steps
    assert mutagen.token.predefined == "Mutagen" and mutagen.token.name == "Mutagen Token"


def test_token_copies_of_one_object(corpus):
    """CR 707.2: a token copy of the target, of this permanent, of the created token."""
    assert real(corpus, "Cackling Counterpart").steps == (CreateTokenCopy(T(0)),)
    assert own("Create a token that's a copy of this creature.", "activated").steps == (
        CreateTokenCopy(SELF),
    )
    assert own("Create two tokens that are copies of target artifact you control.").steps == (
        CreateTokenCopy(T(0), Amount(2)),
    )
    attacking = own("Create a token that's a copy of this creature that's tapped and attacking.")
    assert attacking.steps == (CreateTokenCopy(SELF, tapped=True, attacking=True),)
    # the number and the noun agree, or it isn't read
    assert not own("Create two tokens that's a copy of target creature.").complete
    assert not own("Create a token that are copies of target creature.").complete
    # a copy of each of a group is not this shape; an exception is what the copy gains
    # (707.9a: tests/test_oracle_effects_quoted.py) or what it is (707.9b-c:
    # tests/test_oracle_effects_tokens_counters.py), other exceptions are not read
    assert not own("Create a token that's a copy of each creature you control.").complete
    assert not own(
        "Create a token that's a copy of target creature, except its name is Foo."
    ).complete


def test_winning_and_losing_the_game(corpus):
    """CR 104.2b, 104.3e: who wins or loses, as the sentence says."""
    assert real(corpus, "Felidar Sovereign", "triggered").steps == (GameEnds(YOU, win=True),)
    assert real(corpus, "Phage the Untouchable", "triggered").steps == (GameEnds(YOU, win=False),)
    assert own("Target player loses the game.").steps == (GameEnds(T(0), win=False),)
    assert own("Target opponent wins the game.").steps == (GameEnds(T(0), win=True),)
    # "you wins", or an object losing the game, is not read
    assert not own("You wins the game.").complete
    assert not own("Target creature loses the game.").complete


def test_the_initiative_and_a_manifest(corpus):
    """CR 726.1 (a designation, as the monarch's 725.1) and 701.40a."""
    (step,) = real(corpus, "Goliath Paladin", "triggered").steps
    assert step == KeywordAction("take the initiative") and step.rules == ("726.1",)
    (manifest,) = real(corpus, "Whisperwood Elemental", "triggered").steps
    assert manifest.rules == ("701.40a",)


def test_casting_the_card_named_without_paying_its_mana_cost():
    """CR 608.2g, 118.9: a choice as it resolves, the card the sentence before took."""
    script = own(
        "Exile the top card of your library. You may cast that card without paying its mana cost."
    )
    assert script.steps == (
        TopCards("exile", Amount(1)),
        May(Script((CastCard(TOP_CARDS, free=True),))),
    )
    # nothing named before: "that card" is unknown; "this card" is not this shape
    assert not own("You may cast that card without paying its mana cost.").complete
    assert not own("You may cast this card without paying its mana cost.").complete
    # a player is not a card
    assert not own("Target player may cast it without paying its mana cost.").complete


def test_copying_the_spell_a_trigger_named(corpus):
    """CR 603.7c, 707.10: "that spell" is the trigger event's, in a triggered ability only."""
    script = real(corpus, "Kalamax, the Stormsire", "triggered")
    assert script.steps == (CopySpell(THAT, new_targets=True),)
    words = "Copy that spell. You may choose new targets for the copy."
    assert not own(words, "spell").complete and not own(words, "activated").complete


@pytest.mark.parametrize("kind", [CreateTokenCopy, CastCard, GameEnds])
def test_every_new_instruction_is_refused_on_resolution(kind):
    """None is carried out yet: carry_out refuses an instruction with no handler, naming
    it (cases/playout-resolution/game-won-refused.yaml plays one out)."""
    from mtgrules.rules.effects.resolution import HANDLERS

    assert kind not in HANDLERS


def test_a_tokens_quoted_ability_read_whole(corpus):
    """CR 111.3: the quoted ability is the token's text, read by the ability reader; "this
    token" in it is the token. "They have ..." after the tokens are made is theirs."""
    (step,) = real(corpus, "Kozilek's Predator", "triggered").steps
    assert isinstance(step, CreateToken) and step.amount == Amount(2)
    (ability,) = step.token.abilities
    assert ability.kind is AbilityKind.ACTIVATED
    assert [p.kind for p in ability.cost.parts] == ["sacrifice_self"] and not ability.cost.tap
    assert step.token.power == 0 and step.token.subtypes == ("Eldrazi", "Spawn")
    (pest,) = own(
        'Create a 1/1 black and green Pest creature token with flying and "When this token '
        'dies, you gain 1 life."'
    ).steps
    assert pest.token.keywords == ("flying",)
    assert [a.kind for a in pest.token.abilities] == [AbilityKind.TRIGGERED]
    # the number of tokens and "It has" / "They have" agree, or it isn't read
    has = 'Create two 1/1 colorless Eldrazi Scion creature tokens. It has "Sacrifice this token: Add {C}."'
    assert not own(has).complete
    # nothing created before: whose ability is unknown
    assert not own('Tap target creature. It has "Sacrifice this token: Add {C}."').complete


def test_a_quoted_ability_the_ability_reader_doesnt_read_leaves_the_effect_unread():
    """A token made without an ability it has would answer wrong: the whole sentence stays
    unread, in its own words (the quote put back)."""
    words = (
        'Create a 1/1 colorless Pilot creature token with "This token crews Vehicles as '
        'though its power were 2 greater."'
    )
    script = own(words)
    assert not script.complete and script.unread == words
    # an ability naming the card speaks of the card, not the token
    assert not own(
        'Create a 1/1 white Spirit creature token with "When this token dies, return Test '
        "Card to its owner's hand.\""
    ).complete
    # a triggered ability whose effect the effect reader doesn't read whole is not read
    inner = (
        'Create a 1/1 red Devil creature token with "When this token dies, it deals 1 '
        'damage to the player to your left."'
    )
    assert own(inner).unread == inner


def test_an_equipment_is_never_attached_to_itself():
    """ "Create a ... token with prowess. You may attach this Equipment to it.": "it" is the
    token, not the Equipment named just before it in the sentence (CR 301.5c: an Equipment
    can't equip itself). Reading the token made this sentence's "it" reachable, and it was
    read as the Equipment; it is the token made before (oracle/effects_counters.py), never
    the Equipment itself."""
    words = (
        "Create a 1/1 white Monk creature token with prowess. You may attach this Equipment to it."
    )
    script = own(words, "triggered", "Test Cutter")
    assert isinstance(script.steps[0], CreateToken)
    (may,) = script.steps[1:]
    assert may == May(Script((Attach(SELF, Subject("created")),)))
    assert not any(isinstance(s, Attach) and s.to == SELF for s in may.then.steps)
