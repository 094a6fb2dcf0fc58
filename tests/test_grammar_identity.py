"""The effect grammar's symbols and rules compared by identity (oracle/grammar_identity.py):
the parser it speeds up reads exactly the trees, and refuses exactly the sentences, of a
parser built the ordinary way."""

from __future__ import annotations

import pytest

from mtgrules.cards.oracle import effects
from mtgrules.cards.oracle.grammar_identity import compare_by_identity

lark = pytest.importorskip("lark")

# made-up sentences in the reader's form (first word lower-cased, targets marked TGT<i>,
# the card's name SELF); the last two are no sentence of the grammar
SENTENCES = (
    "draw two cards.",
    "you gain 3 life.",
    "destroy TGT0.",
    "SELF deals 2 damage to each creature.",
    "return TGT0 to its owner's hand.",
    "put a +1/+1 counter on each creature you control.",
    "TGT0 gets +2/+2 until end of turn.",
    "each opponent discards a card.",
    "create two 1/1 white Soldier creature tokens.",
    "target player draws a card and loses 1 life.",
    "frobnicate the widget.",
    "draw",
)


def _plain_parser():
    return lark.Lark(effects.GRAMMAR.read_text(encoding="utf-8"), parser="earley", lexer="dynamic")


def _tree(parser, sentence):
    try:
        return parser.parse(sentence)
    except lark.exceptions.LarkError:
        return None


def test_the_reader_parses_the_same_trees_as_a_parser_built_plainly():
    plain, shared = _plain_parser(), effects._parser()
    rules = shared.parser.parser.parser_conf.rules
    assert {type(r).__name__ for r in rules} == {"DistinctRule"}  # the reader's is changed
    trees = [_tree(plain, s) for s in SENTENCES]
    assert trees == [_tree(shared, s) for s in SENTENCES]
    assert sum(t is not None for t in trees) >= 8  # most of them are sentences it reads
    assert trees[-2:] == [None, None]


def test_symbols_made_elsewhere_still_compare_equal_and_find_their_entries():
    from lark.grammar import NonTerminal

    earley = effects._parser().parser.parser
    start = NonTerminal("start")  # what the parser makes for each parse
    assert earley.predictions[start]
    (shared,) = [k for k in earley.predictions if k == start]
    assert shared == start and start == shared and shared is not start
    assert NonTerminal("sentence") != shared


def test_making_it_twice_changes_nothing_more():
    parser = _plain_parser()
    assert compare_by_identity(parser)
    first = [_tree(parser, s) for s in SENTENCES]
    assert compare_by_identity(parser)
    assert [_tree(parser, s) for s in SENTENCES] == first
