"""The Oracle effect reader's casting and playing (cards/oracle/effects_casting.py,
cards/effects_casting.py; docs/effects.md, "Casting and playing"): real Oracle text read from
the corpus (../shared/data/cards, skipped when absent) and sentences written here.

The guards fail on a misreading: a copy of a card put onto the stack uncast, or cast from
nothing; a spell cast from the wrong zone, of the wrong kind, of any mana value, or with its
mana cost paid when it isn't (or the reverse); a permission read as a choice made now, or
lasting longer than its words; a permanent "cast"; and on a play-out that carries out what
it can't yet."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from mtgrules.cards.effects import Amount, May, Script, Subject
from mtgrules.cards.effects_casting import CantCast, CastCopy, CastSpells, FlashPermission
from mtgrules.cards.effects_game import CastCard
from mtgrules.cards.effects_library import TOP_CARDS, CardKinds, MayPlay, TopCards
from mtgrules.cards.oracle.effects import read_effect
from tests.test_oracle_effects import T, effect_of

SPELLS = CardKinds(any_types=("Instant", "Sorcery"))


def own(text: str, kind: str = "spell", name: str = "Test Card") -> Script:
    return read_effect(text, name, kind)


def real(corpus: dict, name: str, kind: str = "spell", n: int = 0) -> Script:
    return read_effect(effect_of(corpus, name, kind, n), name, kind)


def test_a_copy_of_a_card_is_cast_not_put_onto_the_stack(corpus):
    """CR 707.12: "Copy it. You may cast the copy." is one choice, to cast a copy made in the
    card's zone; a copy of a card not cast is never a spell (707.10, 707.10a)."""
    script = real(corpus, "Demilich", "triggered")
    assert script.complete and script.steps[-1] == May(Script((CastCopy(T(0)),)))
    script = real(corpus, "Arcane Proxy", "triggered")
    assert script.complete
    assert script.steps[-1] == May(Script((CastCopy(T(0), free=True),)))
    # the copy must be the one the sentence before made: nothing copied, nothing cast
    assert not own("You may cast the copy.").complete
    assert not own("Exile target card from a graveyard. You may cast the copy.").complete
    # a copy its controller may choose new targets for is a spell's copy, not cast
    words = "Copy target instant spell. You may choose new targets for the copy. "
    assert not own(words + "You may cast the copy.").complete


@pytest.mark.parametrize(
    ("name", "kinds", "value"),
    [
        ("Oracle of Bones", SPELLS, None),
        ("Sram's Expertise", CardKinds(), Amount(3)),
    ],
)
def test_a_spell_cast_from_your_hand_as_it_resolves(corpus, name, kinds, value):
    """CR 608.2g, 118.9: cast now, from the hand, of the kind and mana value said, free."""
    kind = "triggered" if name == "Oracle of Bones" else "spell"
    n = 1 if name == "Sram's Expertise" else 0
    script = real(corpus, name, kind, n)
    assert script.complete
    assert script.steps[-1] == May(Script((CastSpells(kinds, None, value, free=True),)))


def test_which_spells_how_many_and_from_where():
    script = own(
        "You may cast any number of spells from your hand without paying their mana costs."
    )
    assert script.steps == (May(Script((CastSpells(any_number=True, free=True),))),)
    # a number and its pronoun must agree
    assert not own(
        "You may cast any number of spells from your hand without paying its mana cost."
    ).complete
    assert not own("You may cast a spell from your hand without paying their mana costs.").complete
    # the mana cost is paid unless the words say otherwise
    (may,) = own("You may cast a creature spell from your hand.").steps
    assert may == May(Script((CastSpells(CardKinds(any_types=("Creature",))),)))
    # "from among them": the cards a sentence before took; nothing named before, unread
    script = own(
        "Exile the top X cards of your library. You may cast an instant or sorcery spell "
        "with mana value X or less from among them without paying its mana cost."
    )
    assert script.steps == (
        TopCards("exile", Amount(x=True)),
        May(Script((CastSpells(SPELLS, TOP_CARDS, Amount(x=True), free=True),))),
    )
    assert not own("You may cast a spell from among them without paying its mana cost.").complete


def test_where_x_is_the_mana_value_limit():
    """CR 107.3c: X defined after the sentence is the mana value limit, not an announced X."""
    (may,) = own(
        "You may cast a spell with mana value X or less from your hand without paying its "
        "mana cost, where X is the number of creatures you control.",
        "triggered",
    ).steps
    (cast,) = may.then.steps
    assert cast.max_value is not None and not cast.max_value.x
    assert cast.max_value.count == "group"


def test_a_permission_without_paying_or_until_a_later_step(corpus):
    """CR 611.2a, 118.9: a permission for a while, not a choice made as it resolves."""
    script = real(corpus, "Oracle's Vault", "activated", 1)
    assert script.complete and script.steps[-1] == MayPlay(TOP_CARDS, "end_of_turn", free=True)
    (*_, play) = real(corpus, "Ob Nixilis, Captive Kingpin", "triggered").steps
    assert play == MayPlay(TOP_CARDS, "your_next_end_step")
    exiled = "Exile the top card of your library. "
    (_, play) = own(exiled + "You may play it this turn without paying its mana cost.").steps
    assert play == MayPlay(TOP_CARDS, "end_of_turn", free=True)
    words = "Until the beginning of your next upkeep, you may play that card."
    assert own(exiled + words).steps[-1] == MayPlay(TOP_CARDS, "your_next_upkeep")
    # a permission to play nothing named is not read
    assert not own("Until your next end step, you may play that card.").complete


def test_a_target_card_cast_now_or_for_a_while(corpus):
    """The words after the target phrase decide: cast now without paying (608.2g, 118.9), or
    a permission this turn (611.2a); a permanent is never cast from the battlefield."""
    (may,) = real(corpus, "Memory Plunder").steps
    assert may == May(Script((CastCard(T(0), free=True),)))
    (play,) = own("You may cast target instant card from your graveyard this turn.").steps
    assert play == MayPlay(T(0), "end_of_turn", cast=True)
    assert not own("You may cast target creature without paying its mana cost.").complete
    # no duration: cast as the effect resolves, paying its costs (608.2g), never a
    # permission lasting the whole game
    (may,) = own("You may cast target instant card from your graveyard.").steps
    assert may == May(Script((CastCard(T(0)),)))
    # the words after the target phrase are the spec's: a permission read without them
    # would drop "without paying its mana cost" (read before as a paid permission)
    words = "Until end of turn, you may cast target instant card from your graveyard"
    assert not own(words + " without paying its mana cost.").complete
    (play,) = own(words + ".").steps
    assert play == MayPlay(T(0), "end_of_turn", cast=True)


def test_how_a_permissions_spell_is_paid_for_and_where_it_goes(corpus):
    """CR 118.14 (any type, colorless too), 609.4b (any color: not colorless), 614.1a: the
    spell cast with the permission exiled instead of put into a graveyard."""
    (*_, play) = real(corpus, "Hostage Taker", "triggered").steps
    assert play == MayPlay(T(0), "exiled", cast=True, spend="any_type")
    (*_, play) = real(corpus, "Dire Fleet Daredevil", "triggered").steps
    assert play == MayPlay(T(0), "end_of_turn", cast=True, spend="any_type", instead="any")
    exiled = "Exile the top card of your library. You may cast that card this turn"
    color = ", and you may spend mana as though it were mana of any color to cast that spell."
    assert own(exiled + color).steps[-1].spend == "any_color"
    yours = ". If that spell would be put into your graveyard, exile it instead."
    assert own(exiled + yours).steps[-1].instead == "your"
    # the replacement completes a permission or a card cast now (608.2g): after anything
    # else, or nothing, unread
    assert not own(
        "Draw a card. If that spell would be put into a graveyard, exile it instead."
    ).complete
    words = (
        "Exile the top card of your library. You may cast that card without paying its mana "
        "cost. If a spell cast this way would be put into a graveyard, exile it instead."
    )
    cast = CastCard(TOP_CARDS, free=True, instead="any")
    assert own(words).steps[-1] == May(Script((cast,)))


def test_spells_as_though_they_had_flash(corpus):
    """CR 702.8a, 601.3b, 611.2a: which spells, and for how long; a permission, not a May."""
    (step,) = real(corpus, "Teferi, Time Raveler", "activated").steps
    assert step == FlashPermission(CardKinds(any_types=("Sorcery",)), "your_next_turn")
    (step,) = own("You may cast spells this turn as though they had flash.", "activated").steps
    assert step == FlashPermission(CardKinds(), "end_of_turn")
    # one spell ("the next spell ... can be cast as though it had flash") is another shape
    assert not own("You may cast a spell this turn as though it had flash.").complete


def test_a_player_who_cant_cast_or_play_lands_this_turn(corpus):
    """CR 101.2, 601.2, 305.1: who, which spells or lands, this turn only."""
    (step,) = real(corpus, "Turf Wound").steps[:1]
    assert step == CantCast(T(0), spells=False, lands=True)
    (step,) = own("Your opponents can't cast noncreature spells this turn.").steps
    assert step == CantCast(Subject("each_opponent"), CardKinds(not_types=("Creature",)))
    (step,) = own("Target player can't cast spells this turn.").steps
    assert step == CantCast(T(0))
    # a creature casts nothing; a longer or conditional "can't" is another shape
    assert not own("Target creature can't cast spells this turn.").complete
    assert not own("Your opponents can't cast spells until your next turn.").complete
    assert not own("Each opponent can't cast spells during that player's next turn.").complete


@pytest.mark.parametrize(
    "kind", [CastCopy, CastSpells, MayPlay, CastCard, FlashPermission, CantCast]
)
def test_casting_is_refused_on_resolution(kind):
    """None is carried out yet: carry_out refuses an instruction with no handler, naming it
    (cases/playout-resolution/cast-spells-refused.yaml plays one out)."""
    from mtgrules.rules.effects.resolution import HANDLERS

    assert kind not in HANDLERS


def test_the_refusal_names_the_instruction():
    from mtgrules.rules import Unsupported
    from mtgrules.rules.effects.resolution import carry_out

    script = own("You may cast a creature spell from your hand.")
    (may,) = script.steps
    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"))  # all a refusal reads
    with pytest.raises(Unsupported, match="cast one creature spell from your hand"):
        carry_out(None, may.then, ctx)  # type: ignore[arg-type]
