"""The Oracle effect reader (cards/oracle/effects.py, docs/effects.md): each instruction on real
Oracle text read from the corpus (../shared/data/cards, skipped when absent), and on texts
written here that are no card's exact Oracle text (the bare-clone tests).

The guards fail on a misreading: a wrong amount, a wrong target index, a pronoun bound to
the wrong object, a sentence dropped instead of left unread."""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import fields, is_dataclass

import pytest

from mtgrules.cards.effects import (
    SELF,
    YOU,
    AddMana,
    Amount,
    Counter,
    CounterUnlessPays,
    CreateToken,
    DealDamage,
    Delayed,
    Destroy,
    Discard,
    Draw,
    Exile,
    Fight,
    GainLife,
    IfYouDo,
    LoseLife,
    May,
    Mill,
    Modal,
    Modify,
    Move,
    PutCounters,
    Regenerate,
    Sacrifice,
    Script,
    Scry,
    Subject,
    Tap,
)
from mtgrules.cards.effects_actions import (
    AdditionalLand,
    Attach,
    CantRegenerate,
    CardFilter,
    ExileIfCountered,
    ExileIfDies,
    ExtraTurn,
    KeywordAction,
    NoUntap,
    PreventDamage,
    PutFromHand,
    Restriction,
    Search,
    SwitchPowerToughness,
)
from mtgrules.cards.effects_amounts import DivideDamage
from mtgrules.cards.effects_conditions import WhenYouDo
from mtgrules.cards.oracle.effect_texts import effect_texts
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.oracle.targets import read_targets
from tests.conftest import ROOT


def T(i: int) -> Subject:
    return Subject("target", index=i)


# -- the corpus --------------------------------------------------------------------------


def effect_of(corpus: dict[str, dict], name: str, kind: str = "spell", n: int = 0) -> str:
    record = corpus[name]
    found = [
        t for k, t in effect_texts(name, record.get("text"), record.get("types") or ()) if k == kind
    ]
    return found[n]


def read(corpus: dict[str, dict], name: str, kind: str = "spell", n: int = 0) -> Script:
    return read_effect(effect_of(corpus, name, kind, n), name)


def test_damage_to_any_target_is_the_first_target_with_the_stated_amount(corpus):
    script = read(corpus, "Lightning Bolt")
    assert script.complete
    assert script.steps == (DealDamage(Amount(3), T(0), SELF),)


def test_damage_to_each_creature_is_a_group_not_a_target(corpus):
    (step,) = read(corpus, "Pyroclasm").steps
    assert isinstance(step, DealDamage) and step.amount == Amount(2)
    assert step.to.kind == "each" and step.to.group.noun == "creature"
    assert step.to.group.whose == "any"


def test_an_activated_ability_of_the_creature_itself(corpus):
    script = read(corpus, "Prodigal Pyromancer", "activated")
    assert script.steps == (DealDamage(Amount(1), T(0), SELF),)


def test_exile_then_life_equal_to_the_exiled_creatures_power(corpus):
    """Swords to Plowshares: its controller (the target's, by last known information,
    608.2h) gains life equal to the exiled creature's power, not the card's own."""
    script = read(corpus, "Swords to Plowshares")
    assert script.complete
    assert script.steps == (
        Exile(T(0)),
        GainLife(Subject("its_controller", index=0), Amount(count="power_of", of=T(0))),
    )


def test_a_sentence_not_read_is_left_unread_never_dropped():
    # a player can't be regenerated: the sentence stays unread, the destruction is kept
    script = read_effect("Destroy target creature. Its controller can't be regenerated.")
    assert script.steps == (Destroy(T(0)),)
    assert not script.complete and "regenerated" in script.unread


def test_they_cant_be_regenerated_is_the_destroyed_group(corpus):
    """Wrath of God: "they" is the creatures just destroyed (CR 701.19c), not a player."""
    wrath = read(corpus, "Wrath of God")
    assert wrath.complete
    destroy, cant = wrath.steps
    assert isinstance(destroy, Destroy) and cant == CantRegenerate(destroy.what)
    assert not read_effect("They can't be regenerated.").complete  # nothing destroyed before


def test_it_cant_be_regenerated_follows_the_destroyed_target(corpus):
    """Terror (CR 701.19c): the second sentence is said of the creature just destroyed."""
    script = read(corpus, "Terror")
    assert script.complete
    assert script.steps == (Destroy(T(0)), CantRegenerate(T(0)))


def test_a_delayed_return_with_a_counter_is_not_read_as_a_plain_return(corpus):
    """Otherworldly Journey: the card comes back with its +1/+1 counter (it enters with it,
    CR 614.1c; cards/oracle/effects_zones.py), never as a plain Move that loses it."""
    from mtgrules.cards.effects_moves import MoveWithCounters

    script = read(corpus, "Otherworldly Journey")
    assert script.complete
    back = MoveWithCounters(T(0), "+1/+1", Amount(1), "owner")
    assert script.steps[1] == Delayed("next_end_step", Script((back,)))
    assert not any(isinstance(s, Move) for s in script.steps[1].then.steps)


def test_a_delayed_return_at_the_next_end_step(corpus):
    script = read(corpus, "Mistmeadow Witch", "activated")
    assert script.complete
    assert script.steps == (
        Exile(T(0)),
        Delayed("next_end_step", Script((Move(T(0), "battlefield", under="owner"),))),
    )


def test_flicker_returns_the_same_target_under_your_control(corpus):
    script = read(corpus, "Cloudshift")
    assert script.steps == (Exile(T(0)), Move(T(0), "battlefield", under="you"))


def test_draw_discard_mill_and_life(corpus):
    assert read(corpus, "Divination").steps == (Draw(YOU, Amount(2)),)
    assert read(corpus, "Mind Rot").steps == (Discard(T(0), Amount(2)),)
    assert read(corpus, "Glimpse the Unthinkable").steps == (Mill(T(0), Amount(10)),)
    # the subject is shared over "and": the target player loses the life, not you
    assert read(corpus, "Sign in Blood").steps == (Draw(T(0), Amount(2)), LoseLife(T(0), Amount(2)))
    assert read(corpus, "Night's Whisper").steps == (Draw(YOU, Amount(2)), LoseLife(YOU, Amount(2)))


def test_counter_and_counter_unless_pays(corpus):
    assert read(corpus, "Counterspell").steps == (Counter(T(0)),)
    assert read(corpus, "Mana Leak").steps == (CounterUnlessPays(T(0), "{3}"),)


def test_return_to_hand(corpus):
    assert read(corpus, "Unsummon").steps == (Move(T(0), "hand"),)
    assert read(corpus, "Regrowth").steps == (Move(T(0), "hand"),)


def test_tokens_with_their_stated_characteristics(corpus):
    (step,) = read(corpus, "Raise the Alarm").steps
    assert isinstance(step, CreateToken) and step.amount == Amount(2) and step.who == YOU
    token = step.token
    assert (token.power, token.toughness) == (1, 1)
    assert token.colors == ("white",) and token.subtypes == ("Soldier",)
    assert token.types == ("Creature",) and token.name == "Soldier Token"  # CR 111.4


def test_a_token_for_the_targets_controller(corpus):
    destroy, create = read(corpus, "Beast Within").steps
    assert destroy == Destroy(T(0))
    assert isinstance(create, CreateToken) and create.who == Subject("its_controller", index=0)
    assert (create.token.power, create.token.subtypes) == (3, ("Beast",))


def test_pump_and_keywords_until_end_of_turn(corpus):
    assert read(corpus, "Giant Growth").steps == (Modify(T(0), 3, 3),)
    assert read(corpus, "Disfigure").steps == (Modify(T(0), -2, -2),)
    (overrun,) = read(corpus, "Overrun").steps
    assert isinstance(overrun, Modify) and (overrun.power, overrun.keywords) == (3, ("trample",))
    assert overrun.what.kind == "each" and overrun.what.group.whose == "you"


def test_fight_and_bite_name_both_targets_in_order(corpus):
    assert read(corpus, "Prey Upon").steps == (Fight(T(0), T(1)),)
    bite = read(corpus, "Rabid Bite").steps
    assert bite == (DealDamage(Amount(count="power_of", of=T(0)), T(1), T(0)),)


def test_then_carries_the_object_to_the_next_sentence(corpus):
    steps = read(corpus, "Hunt the Weak").steps
    assert steps == (PutCounters(T(0), "+1/+1", Amount(1)), Fight(T(0), T(1)))


def test_mana_and_scry(corpus):
    assert read(corpus, "Llanowar Elves", "activated").steps[0].symbols == "{G}"
    assert read(corpus, "Dark Ritual").steps[0].mana.fixed == ("B", "B", "B")
    assert read(corpus, "Opt").steps == (Scry(YOU, Amount(1)),)
    assert read(corpus, "Consider").steps == (Scry(YOU, Amount(1), surveil=True),)


def test_modes_each_with_their_own_targets(corpus):
    """Boros Charm (CR 700.2): each mode read on its own; its targets count from 0 within
    the mode, as the casting rules' Targeting.modes do."""
    (modal,) = read(corpus, "Boros Charm").steps
    assert isinstance(modal, Modal) and modal.choose == 1 and len(modal.modes) == 3
    damage, indestructible, double = modal.modes
    assert damage.steps == (DealDamage(Amount(4), T(0), SELF),)
    assert double.steps == (Modify(T(0), keywords=("double strike",)),)
    (grant,) = indestructible.steps  # a group, not a target: the targets stay per mode
    assert grant.what.kind == "each" and grant.what.group.noun == "permanent"
    assert grant.what.group.whose == "you" and grant.keywords == ("indestructible",)


def test_a_search_for_a_basic_land_onto_the_battlefield_tapped(corpus):
    """Rampant Growth (CR 701.23a): one basic land card, onto the battlefield tapped."""
    script = read(corpus, "Rampant Growth")
    assert script.complete
    assert script.steps == (
        Search(YOU, CardFilter(types=("Land",), basic=True), "battlefield", tapped=True),
    )


# -- every reading over the corpus: targets line up, nothing is lost -----------------------


def _subjects(value):
    if isinstance(value, WhenYouDo):  # a reflexive trigger's targets are its own (603.12)
        return
    if isinstance(value, Subject):
        yield value
    if isinstance(value, tuple):
        for item in value:
            yield from _subjects(item)
    if is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            yield from _subjects(getattr(value, f.name))


def _scripts(script: Script):
    yield script
    for step in script.steps:
        if isinstance(step, WhenYouDo):  # its targets are its own (603.12), as in _subjects
            continue
        for inner in (getattr(step, "then", None), *getattr(step, "modes", ())):
            if isinstance(inner, Script):
                yield from _scripts(inner)


def test_every_target_index_is_one_the_casting_rules_read(corpus):
    """Over the spell and activated effects of a fixed sample of 3,000 cards of the corpus,
    a reading that names a target names one of the specs the target reader reads for the
    same text (CR 115.1, 601.2c)."""
    checked = 0
    names = random.Random(33).sample(sorted(corpus), 3000)
    for name in names:
        record = corpus[name]
        for _kind, text in effect_texts(name, record.get("text"), record.get("types") or ()):
            script = read_effect(text, name)
            if not script.steps or "\n" in text:
                continue
            targeting = read_targets(text)
            n = len(targeting.specs) if targeting is not None else 0
            for inner in _scripts(script):
                for subject in _subjects(inner.steps):
                    if subject.kind in ("target", "its_controller"):
                        assert subject.index < n, (name, text, script)
                        checked += 1
    assert checked > 300


# -- bare-clone texts (written here, no card's exact Oracle text) ---------------------------


def test_sentence_with_unknown_words_is_unread_whole():
    script = read_effect("Destroy target artifact. Its controller can't cast spells.", "Gizmo")
    assert script.steps == (Destroy(T(0)),)
    assert script.unread == "Its controller can't cast spells."


def test_a_clause_never_read_in_part():
    # the second recipient's group isn't read, so neither is the first's damage
    script = read_effect(
        "Gizmo deals 2 damage to any target and 1 damage to each creature that attacked this turn.",
        "Gizmo",
    )
    assert not script.steps and script.unread


def test_may_then_if_you_do():
    script = read_effect("You may sacrifice an artifact. If you do, draw three cards.", "Gizmo")
    assert script.complete
    may, then = script.steps
    assert isinstance(may, May) and isinstance(then, IfYouDo)
    (sacrifice,) = may.then.steps
    assert isinstance(sacrifice, Sacrifice) and sacrifice.who == YOU
    assert sacrifice.what.kind == "chosen" and sacrifice.what.group.noun == "artifact"
    assert then.then.steps == (Draw(YOU, Amount(3)),)


def test_if_you_do_without_an_optional_step_is_unread():
    script = read_effect("Draw a card. If you do, gain 2 life.", "Gizmo")
    assert not script.complete and "If you do" in script.unread


def test_each_opponent_and_for_each():
    script = read_effect(
        "Each opponent loses 2 life. You gain 1 life for each artifact you control.", "Gizmo"
    )
    lose, gain = script.steps
    assert lose == LoseLife(Subject("each_opponent"), Amount(2))
    assert isinstance(gain, GainLife) and gain.amount.count == "group"
    assert gain.amount.group.noun == "artifact" and gain.amount.group.whose == "you"


def test_n_for_each_is_n_times_the_count():
    (step,) = read_effect("You gain 2 life for each artifact you control.", "Gizmo").steps
    assert step.amount.count == "group" and step.amount.times == 2
    assert not read_effect("You gain X life for each artifact you control.", "Gizmo").complete


def test_amount_equal_to_a_count():
    (step,) = read_effect("Draw cards equal to the number of artifacts you control.", "Gizmo").steps
    assert isinstance(step, Draw) and step.amount.count == "group"


def test_predefined_token_is_marked_as_such():
    (step,) = read_effect("Create two tapped Clue tokens.", "Gizmo").steps
    assert isinstance(step, CreateToken) and step.tapped and step.amount == Amount(2)
    assert step.token.predefined == "Clue" and step.token.types == ("Artifact",)


def test_the_cards_own_name_and_this_creature_are_self():
    a = read_effect("Gizmo Wrangler gets +2/+0 until end of turn.", "Gizmo Wrangler")
    b = read_effect("This creature gains menace and haste until end of turn.", "Gizmo")
    assert a.steps == (Modify(SELF, 2, 0),)
    assert b.steps == (Modify(SELF, keywords=("menace", "haste")),)


def test_tap_untap_and_counters():
    script = read_effect(
        "Untap target land. Put two charge counters on this artifact. Tap it.", "Gizmo"
    )
    assert script.steps == (
        Tap(T(0), untap=True),
        PutCounters(SELF, "charge", Amount(2)),
        Tap(SELF),
    )


def test_x_amount():
    (step,) = read_effect("Gizmo deals X damage to target creature.", "Gizmo").steps
    assert step == DealDamage(Amount(x=True), T(0), SELF)


def test_regenerate_and_mana():
    assert read_effect("Regenerate target Goblin.", "Gizmo").steps == (Regenerate(T(0)),)
    (add,) = read_effect("Add {W}, {U}, or {B}.", "Gizmo").steps
    assert isinstance(add, AddMana) and add.mana.one_of == ("W", "U", "B")


def test_pronoun_after_an_unread_sentence_is_not_guessed():
    script = read_effect(
        "Exile target creature. Create a token that's a copy of it, except its name is Foo. "
        "Sacrifice it.",
        "Gizmo",
    )
    assert script.steps == (Exile(T(0)),)
    assert "Sacrifice it." in script.unread


def test_choose_modes_of_own_making():
    (modal,) = read_effect(
        "Choose one —\n• Draw two cards.\n• Gizmo deals 2 damage to each opponent.", "Gizmo"
    ).steps
    assert modal.modes[0].steps == (Draw(YOU, Amount(2)),)
    assert modal.modes[1].steps == (DealDamage(Amount(2), Subject("each_opponent"), SELF),)


def test_reading_imports_lark_only_when_asked():
    """Issue #40 item 2: importing the reader (and so anything a check imports) doesn't
    load the grammar library; reading an effect does."""
    code = (
        "import sys; import mtgrules.cards.oracle.effects as o; a = 'lark' in sys.modules; "
        "o.read_effect('Draw a card.'); print(a, 'lark' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.split() == ["False", "True"]


# -- keyword actions, restrictions, searches: texts written here, in the grammar's shapes ------------------


def own(text: str, kind: str = "", name: str = "Test Card") -> Script:
    return read_effect(text, name, kind)


def test_a_spells_or_sources_first_it_is_itself_only_for_spells_and_activated_abilities():
    bolt = own("It deals 3 damage to any target.", "spell")
    assert bolt.complete and bolt.steps == (DealDamage(Amount(3), T(0), SELF),)
    assert own("It deals 1 damage to any target.", "activated").steps == (
        DealDamage(Amount(1), T(0), SELF),
    )
    # near miss: a triggered ability's "it" may be the object its event named
    assert not own("It deals 3 damage to any target.").complete
    # an "it" that doesn't open the text is never the source: here it is the token
    # (a guard: it was read as the source before only an opening "It" was); the token
    # created is a subject of its own, which the play-out refuses to resolve yet
    fractal = own(
        "Create a 0/0 green Fractal creature token and put X +1/+1 counters on it.", "activated"
    )
    assert fractal.steps[-1].what == Subject("created") != SELF
    # after an unread sentence, "it" is never the spell itself
    assert "It deals" in own("Gloop the widget. It deals 2 damage to any target.", "spell").unread


def test_built_in_spells_read_in_their_own_words():
    """The built-in cards word spells with pronouns (their own words, not Oracle text):
    "its caster" is the spell's controller (CR 112.2), "the artifact it targets" its one
    target, and a spell that "destroys" is its controller destroying (608.2c)."""
    import yaml  # lazy: only this test reads the built-in definitions

    builtin = ROOT / "mtgrules" / "cards" / "builtin"
    expected = {
        "lightning-bolt": (DealDamage(Amount(3), T(0), SELF),),
        "shatter": (Destroy(T(0)),),
        "counterspell": (Counter(T(0)),),
        "disfigure": (Modify(T(0), -2, -2),),
        "divination": (Draw(YOU, Amount(2)),),
        "faithless-looting": (Draw(YOU, Amount(2)), Discard(YOU, Amount(2))),
        "raise-dead": (Move(T(0), "hand"),),
    }
    for stem, steps in expected.items():
        data = yaml.safe_load((builtin / f"{stem}.yaml").read_text())
        spell = next(a["spell"] for a in data["abilities"] if "spell" in a)
        script = read_effect(spell["does"], data["name"], "spell")
        assert script.complete and script.steps == steps, stem
    # near misses: plural "the creatures it targets" (several targets), "its caster" outside
    # a spell, and a first-person verb after "its caster"
    assert not own("It taps the creatures it targets.", "spell").complete
    assert not own("Its caster draws two cards.", "activated").complete
    assert not own("Its caster draw two cards.", "spell").complete


def test_keyword_actions_name_their_rule():
    assert own("Investigate.").steps == (KeywordAction("investigate"),)
    (adapt,) = own("Adapt 3.", "activated").steps
    assert adapt == KeywordAction("adapt", what=SELF, amount=Amount(3))
    assert adapt.rules == ("701.46a",)
    assert own("Amass Orcs 2.").steps == (KeywordAction("amass", amount=Amount(2), subtype="Orcs"),)
    assert own("Goad target creature.").steps == (KeywordAction("goad", what=T(0)),)
    # near miss: "Support N" targets up to N creatures, which no target phrase names
    assert not own("Support 2.").complete


def test_restrictions_for_the_turn():
    assert own("Target creature can't block this turn.").steps == (Restriction(T(0), "cant_block"),)
    assert own("Target creature attacks this turn if able.").steps == (
        Restriction(T(0), "attacks_if_able"),
    )
    # near misses: another duration, a restriction on blocking one creature
    assert not own("Target creature can't block until your next turn.").complete
    assert not own("Target creature can't block an attacking creature this turn.").complete


def test_prevention_shields(corpus):
    # the cards' own words, read from the corpus at test time (none stored here)
    assert read(corpus, "Mending Hands").steps == (PreventDamage(Amount(4), to=T(0)),)
    assert read(corpus, "Fog").steps == (PreventDamage(combat=True),)
    # near miss: a source chosen as it resolves
    assert not own(
        "Prevent the next 4 damage that would be dealt to you this turn by a source of your choice."
    ).complete


def test_library_searches():
    (step,) = own(
        "Search your library for up to two basic land cards, reveal them, put them into your "
        "hand, then shuffle."
    ).steps
    assert step == Search(
        YOU,
        CardFilter(types=("Land",), basic=True),
        "hand",
        amount=Amount(2),
        up_to=True,
        reveal=True,
    )
    (other,) = own(
        "Target player searches their library for a Forest card, puts it onto the battlefield "
        "tapped, then shuffles."
    ).steps
    assert other.who == T(0) and other.card.subtypes == ("Forest",) and other.tapped
    # near misses: an "or" whose reach is unsettled, "them" for one card, "your" library
    # with "shuffles"
    assert not own(
        "Search your library for a legendary creature or planeswalker card, put it into your "
        "hand, then shuffle."
    ).complete
    assert not own(
        "Search your library for a basic land card, put them into your hand, then shuffle."
    ).complete
    assert not own("Search your library for a card, put it into your hand, then shuffles.").complete


def test_extra_turns_damage_to_two_and_x_pumps():
    assert own("Take an extra turn after this one.").steps == (ExtraTurn(YOU),)
    assert not own("Take two extra turns after this one.").complete
    two = own("Test Card deals 2 damage to target creature and 1 damage to you.").steps
    assert two == (DealDamage(Amount(2), T(0), SELF), DealDamage(Amount(1), YOU, SELF))
    # divided as announced while casting (601.2d), never 4 to each (effects_amounts.py)
    (divided,) = own(
        "Test Card deals 4 damage divided as you choose among one or two targets."
    ).steps
    assert divided == DivideDamage(Amount(4), T(0), SELF)
    (shrink,) = own("Target creature gets -X/-X until end of turn.").steps
    assert (shrink.power, shrink.x_power, shrink.x_toughness) == (0, -1, -1)
    (gain,) = own("Exile target creature. Its controller gains life equal to its toughness.").steps[
        1:
    ]
    assert gain.amount == Amount(count="toughness_of", of=T(0))


def test_batch_two_untap_blocking_energy_hand_and_replacement():
    tapped = own("Tap target creature. It doesn't untap during its controller's next untap step.")
    assert tapped.steps[1] == NoUntap(T(0))
    assert own("Target creature can't block Test Card this turn.", name="Test Card").steps == (
        Restriction(T(0), "cant_block", SELF),
    )
    assert own("You get {E}{E}{E}.").steps == (PutCounters(YOU, "energy", Amount(3)),)
    assert own("Discard your hand.").steps == (Discard(YOU, Amount(count="hand")),)
    assert not own("Discard their hand.").complete  # the base form with "their"
    burn = own(
        "Test Card deals 2 damage to target creature. If that creature would die this turn, exile it instead.",
        name="Test Card",
    )
    assert burn.steps[1] == ExileIfDies(T(0))
    # near miss: with nothing named before, "that creature" is unknown
    assert not own("If that creature would die this turn, exile it instead.").complete
    assert own("Switch target creature's power and toughness until end of turn.").steps == (
        SwitchPowerToughness(T(0)),
    )
    (gain,) = own("You gain 2 life for each creature you control.").steps
    assert gain.amount.times == 2 and gain.amount.count == "group"
    assert not own("You gain X life for each creature you control.").complete
    (sac,) = own("You gain life equal to the sacrificed creature's toughness.", "activated").steps
    assert sac.amount == Amount(count="toughness_of", of=Subject("sacrificed"))


def test_batch_three_replacements_put_from_hand_extra_land_attach():
    countered = own(
        "Counter target spell. If that spell is countered this way, exile it instead of "
        "putting it into its owner's graveyard."
    )
    assert countered.steps == (Counter(T(0)), ExileIfCountered(T(0)))
    # near miss: nothing countered before it
    assert not own(
        "If that spell is countered this way, exile it instead of putting it into its "
        "owner's graveyard."
    ).complete
    (may,) = own("You may put a land card from your hand onto the battlefield tapped.").steps
    assert may.then.steps == (PutFromHand(YOU, CardFilter(types=("Land",)), tapped=True),)
    # a color the card filter reads (105.2); near miss: two abilities joined by "or" (one
    # ability, "with flash", is read: tests/test_filters.py)
    (green,) = own("You may put a green creature card from your hand onto the battlefield.").steps
    assert green.then.steps == (
        PutFromHand(YOU, CardFilter(types=("Creature",), colors=("green",))),
    )
    assert not own(
        "You may put a creature card with flash or flying from your hand onto the battlefield."
    ).complete
    # a permission for the turn, not a "may" choice made as it resolves
    assert own("You may play an additional land this turn.").steps == (AdditionalLand(YOU),)
    assert own("Attach Test Card to target creature you control.", name="Test Card").steps == (
        Attach(SELF, T(0)),
    )


def test_a_target_phrase_is_one_subject_however_many_targets_it_takes():
    """Target i is the i-th target *phrase* (CR 601.2c): "two target creatures" is one
    subject, and the play-out gives it the targets its phrase took (rules/effects/
    target_groups.py; cases/playout-resolution/destroy-two-targets.yaml destroys both)."""
    assert own("Destroy two target creatures.").steps == (Destroy(T(0)),)
    assert own("Tap up to one target creature. Target player draws a card.").complete


def test_a_draw_at_the_next_upkeep_is_a_delayed_trigger():
    assert own("Draw a card at the beginning of the next turn's upkeep.").steps == (
        Delayed("next_upkeep", Script((Draw(YOU, Amount(1)),))),
    )


def test_a_new_instruction_without_a_handler_is_refused_on_resolution():
    from mtgrules.rules.effects.resolution import HANDLERS

    for kind in (
        Restriction,
        PreventDamage,
        ExtraTurn,
        Search,
        CantRegenerate,
        NoUntap,
        ExileIfDies,
        SwitchPowerToughness,
        ExileIfCountered,
        PutFromHand,
        AdditionalLand,
        Attach,
    ):
        assert kind not in HANDLERS  # carry_out refuses it (cases/playout/search-read-...)
    # keyword actions have a handler that plays out proliferate and investigate only and
    # refuses the others (tests/test_playout_resolution.py)


def test_a_grammar_that_does_not_build_is_an_error_not_every_sentence_unread(monkeypatch, tmp_path):
    """A grammar with a terminal defined twice (two subjects' sections adding the same one)
    doesn't build: reading must fail loudly. It had been caught as a sentence the grammar
    doesn't derive, so every effect read as unread and every play-out refused."""
    from lark.exceptions import GrammarError

    from mtgrules.cards.oracle import effects

    broken = tmp_path / "effects.lark"
    grammar = effects.GRAMMAR.read_text(encoding="utf-8")
    broken.write_text(grammar + "\nDESTROY: /destroy/\n", encoding="utf-8")
    monkeypatch.setattr(effects, "GRAMMAR", broken)
    effects._parser.cache_clear()
    effects._parse.cache_clear()
    try:
        with pytest.raises(GrammarError):
            read_effect("Destroy target creature.", "", "spell")
    finally:
        effects._parser.cache_clear()
        effects._parse.cache_clear()


@pytest.mark.parametrize(
    "text",
    [
        "Gain control of target creature with toughness less than or equal to the number of"
        " Forests you control for as long as this artifact remains tapped.",
        "Gain control of target creature whose controller has no cards in hand until this"
        " creature leaves the battlefield.",
    ],
)
def test_effect_words_the_target_reader_kept_with_its_phrase_leave_the_effect_unread(text):
    """The target reader keeps words it can't read with the target's phrase (the spec's
    ``rest``); where those words are the effect's own (a duration here), reading the rest of
    the sentence around the phrase would drop them: control gained for good."""
    (spec,) = read_targets(text).specs
    assert not spec.whole and ("as long as" in spec.rest or "until" in spec.rest)
    assert not read_effect(text, "Test Thief", "activated").complete
