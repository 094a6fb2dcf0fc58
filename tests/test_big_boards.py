"""Big boards of built-in cards cost about linearly (docs/bench.md, big boards): what every
object's characteristics or mana ask of the whole board is found once per state. The
tests count the work (calls, abilities looked at), never time it."""

from __future__ import annotations

import pytest

from mtgrules.caseio.case import read_case
from mtgrules.model.state import Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.layers import characteristics as layers
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.mana import board as mana
from mtgrules.rules.mana.could_produce import could_produce

N = 300


def _state(alice: list[str], bob: list[str] = (), cards: str = ""):
    lines = [cards, "game: {turn: 3, active_player: Alice, phase: precombat_main}\n"]
    lines.append("players:\n  - name: Alice\n    battlefield:\n")
    lines += [f"      - {item}\n" for item in alice]
    lines.append("  - name: Bob\n")
    if bob:
        lines.append("    battlefield:\n")
        lines += [f"      - {item}\n" for item in bob]
    lines.append("question: {characteristics: x}\n")
    return read_case("".join(lines).encode(), "test.yaml").state


def _fillers(n: int) -> list[str]:
    cycle = ["Forest", "Island", "Raging Goblin", "Mind Stone", "Llanowar Elves", "Swamp"]
    return [cycle[i % len(cycle)] for i in range(n)]


def _counted_characteristics(monkeypatch) -> list[int]:
    """Count the calls of rules.layers.characteristics (every layer and static ability
    calls it through the module, remembered or not)."""
    calls = [0]
    real = layers.characteristics

    def counting(state, obj, **options):
        calls[0] += 1
        return real(state, obj, **options)

    monkeypatch.setattr(layers, "characteristics", counting)
    return calls


def _every_permanent(state) -> dict[str, object]:
    return {o.oid: layers.characteristics(state, o) for o in state.in_zone(Zone.BATTLEFIELD)}


def test_one_anthem_among_many_permanents_costs_linear_work(monkeypatch):
    # before: every creature's layer 7c looked at every permanent's abilities (N*N calls)
    state = _state(["{card: Grizzly Bears, id: x}", "Glorious Anthem", *_fillers(N)])
    calls = _counted_characteristics(monkeypatch)
    chars = _every_permanent(state)
    assert (chars["x"].power, chars["x"].toughness) == (3, 3)
    assert calls[0] < 10 * N


def test_many_equipment_on_one_creature_costs_linear_work(monkeypatch):
    kit = ["{card: Bonesplitter, attached_to: x}"] * N
    state = _state(["{card: Grizzly Bears, id: x}", "Grizzly Bears", *kit, *_fillers(N)])
    calls = _counted_characteristics(monkeypatch)
    chars = _every_permanent(state)
    assert (chars["x"].power, chars["x"].toughness) == (2 + 2 * N, 2)
    other = next(
        o for o in state.in_zone(Zone.BATTLEFIELD) if o.name == "Grizzly Bears" and o.oid != "x"
    )
    assert chars[other.oid].power == 2  # an Equipment boosts only what it's attached to
    assert calls[0] < 10 * N


def test_could_produce_among_many_lands_looks_at_each_ability_a_few_times(monkeypatch):
    # before: each land tapped for mana looked at every ability on the board for a
    # replacement effect (N*N abilities)
    state = _state(["{card: Reflecting Pool, id: x}", *_fillers(N)], _fillers(N))
    seen = [0]
    real = mana.Board.abilities

    def counting(self):
        for pair in real(self):
            seen[0] += 1
            yield pair

    monkeypatch.setattr(mana.Board, "abilities", counting)
    found = could_produce(state, state.obj("x"))
    assert found.types == frozenset({"G", "U", "B"})
    assert seen[0] < 10 * N


CHANGER = """cards:
  - name: Test Dimmer
    mana_cost: "{3}"
    types: [Enchantment]
    abilities:
      - static: "All creatures lose all abilities."
"""


def test_an_unsupported_static_is_unsupported_for_every_object_every_time():
    # the statics in force are found once per state; what stopped them is raised again
    state = _state(
        ["{card: Grizzly Bears, id: x}", "{card: Grizzly Bears, id: y}", "Glorious Anthem"],
        ["Test Dimmer"],
        CHANGER,
    )
    texts = []
    for oid in ("x", "y", "x"):
        with pytest.raises(Unsupported) as err:
            characteristics(state, state.obj(oid))
        texts.append(str(err.value))
    assert "Glorious Anthem" in texts[0] and "Test Dimmer" in texts[0]
    assert texts[0] == texts[1] == texts[2]


def test_a_state_made_from_another_finds_its_own_zones():
    # the per-state index (GameState.once) is never handed on by dataclasses.replace
    state = _state(["{card: Grizzly Bears, id: x}", "{card: Forest, id: f}"])
    assert [o.oid for o in state.in_zone(Zone.BATTLEFIELD, "Alice")] == ["x", "f"]
    fewer = state.with_objects(tuple(o for o in state.objects if o.oid != "f"))
    assert [o.oid for o in fewer.in_zone(Zone.BATTLEFIELD, "Alice")] == ["x"]
    listed = state.in_zone(Zone.BATTLEFIELD)
    listed.clear()  # a new list each call: the index can't be changed through it
    assert len(state.in_zone(Zone.BATTLEFIELD)) == 2
