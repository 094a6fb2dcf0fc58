"""The built-in library defines each card when a case asks for it (cards/library.py,
``DefinedOnDemand``): it must find the very cards, under the very name keys, that defining
every card up front finds (CR 709.4a, 712.8, 715.5: a card is found by each of its names)."""

from __future__ import annotations

from mtgrules.cards.define import card_from_data
from mtgrules.cards.library import (
    DefinedOnDemand,
    builtin_card_data,
    builtin_library,
    by_names,
    match_key,
)
from mtgrules.cards.vocabulary import CardDef


def _data() -> list[dict]:
    return [d for _, d in builtin_card_data()]


def test_every_name_key_finds_the_card_defining_every_card_finds() -> None:
    eager = by_names(card_from_data(d) for d in _data())
    lazy = DefinedOnDemand(_data())
    assert list(lazy) == list(eager)  # the same keys, in the same order (suggestions)
    assert len(lazy) == len(eager)
    for key, card in eager.items():
        assert key in lazy
        assert lazy[key] == card, key
    assert "no such card" not in lazy and lazy.get("nosuchcard") is None


def test_faces_and_halves_are_found_by_their_own_names() -> None:
    cards = builtin_library()
    faced = [d for d in _data() if "back_face" in d or "halves" in d]
    assert faced  # the shipped cards have double-faced, split and adventure cards
    for d in faced:
        parts = [d.get("back_face", {}).get("name"), *(h["name"] for h in d.get("halves", ()))]
        for name in filter(None, parts):
            found = cards.get(name)
            assert found is not None, name
            assert found.name == d["name"], name


def test_one_card_object_whichever_name_it_is_asked_by_and_only_it_is_defined() -> None:
    lazy = DefinedOnDemand(_data())
    first: dict[str, CardDef] = {}
    for key in lazy:
        card = lazy[key]
        assert first.setdefault(card.name, card) is card, key
    fresh = DefinedOnDemand(_data())
    forest = fresh[match_key("Forest")]
    assert forest.name == "Forest"
    assert list(fresh._defined.values()) == [forest]  # asking for one card defines one


def test_inline_cards_win_and_the_built_in_ones_stay_found() -> None:
    base = builtin_library()
    bear = card_from_data({"name": "Forest", "types": ["Creature"], "power": 2, "toughness": 2})
    merged = base.with_cards([bear])
    assert merged.get("Forest") is bear
    assert merged.get("Island") is base.get("Island")
    eager = {**base.cards, **by_names([bear])}
    assert list(merged.cards) == list(eager) and len(merged.cards) == len(eager)
    assert dict(merged.cards) == eager
    assert base.get("Forest") is not bear
    elk = card_from_data({"name": "Elk", "types": ["Creature"], "power": 3, "toughness": 3})
    again = merged.with_cards([elk])  # a view over a view
    assert again.get("Elk") is elk and again.get("Forest") is bear
    assert "elk" in again.cards and "elk" not in merged.cards
    assert again.cards.get("nosuchcard") is None and merged.get("No Such Card") is None
