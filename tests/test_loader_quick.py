"""The quick YAML builder (caseio/yamlload.py ``_quick``): the full builder's values, the
positions of the first levels at once and of the rest on demand, and the full builder
left to read (and report) every file that isn't plain."""

from __future__ import annotations

import pytest

from mtgrules.caseio import yamlload
from mtgrules.caseio.yamlload import Document, Limits, _full, _quick, load_yaml
from tests.conftest import SICK_ELVES

# YAML 1.1's traps and the scalars a case holds, each of which the builder resolves
TRAPS = """\
plain: text
yes_word: yes
quoted_yes: "yes"
off_word: off
rule: 613.10
date: 2024-04-12
count: 12
quoted_count: "12"
count_again: 12
octal: 0o17
hex: 0x1F
signed: -3
nothing: null
tilde: ~
empty:
"<<": a quoted merge-looking key is a key
nested:
  - [1, two, 3.0, true]
  - {a: 1, b: [x, {c: d}]}
'quoted key': 'single'
multi: |
  two
  lines
"""


def test_the_quick_builder_gives_the_full_builders_values_with_their_types():
    quick = _quick(TRAPS, Limits())
    assert quick is not None
    full = _full(TRAPS, Limits())
    assert repr(quick.data) == repr(full.data)  # repr: True and 1, "1" and 1 differ
    assert quick.data["rule"] == "613.10" and quick.data["yes_word"] is True
    # the tags of plain texts are remembered: a quoted text is never read as one
    assert (quick.data["count_again"], quick.data["quoted_count"]) == (12, "12")
    assert repr(_quick(TRAPS, Limits()).data) == repr(full.data)  # the second time alike


@pytest.mark.parametrize(
    "text",
    [
        "a: &x 1\nb: *x\n",  # an anchor and an alias
        "a: !!str 1\n",  # an explicit tag
        "a: !custom 1\n",
        "a: 1\n<<: {b: 2}\n",  # a merge key
        "a: 1\na: 2\n",  # a duplicate key
        "a: 1\n---\nb: 2\n",  # two documents
        "a: [1, 2\n",  # a YAML error
        "a: !!int 0x\n",
        f"a: {'9' * 30}\n",  # a number too large
        "? [1, 2]\n: x\n",  # a key that isn't a scalar
        "# nothing\n",
        "~\n",
    ],
)
def test_the_quick_builder_leaves_every_file_that_isnt_plain_to_the_full_one(text):
    assert _quick(text, Limits()) is None


def test_the_quick_builder_leaves_a_file_past_the_limits_to_the_full_one():
    for limits in [Limits(max_depth=d) for d in (2, 3, 4)] + [
        Limits(max_nodes=n) for n in (5, 6, 7)
    ]:
        text = "a: [1, [2, 3]]\n"  # 7 nodes (the keys count), 3 levels below the top
        try:
            _full(text, limits)
        except yamlload._LoadError:
            assert _quick(text, limits) is None, limits
        else:
            assert _quick(text, limits) is not None, limits
    assert _quick("a: [1, [2, 3]]\n", Limits(max_nodes=6)) is None
    assert _quick("a: [1, [2, 3]]\n", Limits(max_depth=3)) is None


def test_positions_of_the_first_levels_are_read_at_once_the_rest_on_demand(monkeypatch):
    doc = load_yaml(SICK_ELVES.encode(), "x.yaml", Limits())
    assert isinstance(doc, Document)
    full = _full(SICK_ELVES, Limits()).positions
    reads = []
    monkeypatch.setattr(
        yamlload, "_full", lambda text, limits: reads.append(1) or _full(text, limits)
    )
    for path, key in [(("question",), True), (("game", "turn"), False), (("players", 1), False)]:
        assert doc.positions.of(path, key=key) == full.of(path, key=key)
    assert reads == []  # the question's key and an action's entry cost no second reading
    deep = ("players", 0, "battlefield", 0, "card")
    assert doc.positions.of(deep) == full.of(deep) == (9, 15)
    assert reads == [1]
    assert doc.positions.values == full.values and doc.positions.keys == full.keys
    assert reads == [1]  # read again once, at most
