"""The effect grammar's symbols and rules compared by identity, so the Earley parser reads
the same trees in about half the time (docs/effects.md, "Reading speed").

Lark's Earley parser spends most of its time telling its items apart: every item it
predicts is hashed and looked up in the current column, and each comparison of two items
compares their rules, a rule's left-hand symbol and its right-hand symbols, each through a
method written in Python (a symbol by its kind and name, a rule by its symbols). Once the
grammar is built, each distinct rule is one object and each symbol can be made one object
per kind and name; then "equal" and "the same object" say the same thing and Python's own
identity comparison answers it.

:func:`compare_by_identity` does that to one built parser, and to nothing else: it gives
every symbol of its rules one shared object per kind and name (a subclass whose equality
is identity; its hash stays the name's, so a symbol made elsewhere, like the start symbol
the parser makes for each parse, still finds its entry and still compares equal to it
through the symbol's own method), gives every rule identity for equality and hash, and
rebuilds the parser's tables keyed by them. What the parser does, in what order, and
which tree it keeps among ambiguous ones (by priority, then the order of the rules) is
unchanged: each comparison answers as before. It gives up, changing nothing, unless
every rule is distinct and the tables hold only the rules of the parser's grammar.
"""

from __future__ import annotations

from typing import Any


def compare_by_identity(parser: Any) -> bool:
    """Make the symbols and rules of ``parser`` (a Lark Earley parser, built) compare by
    identity (see the module's docstring); False, with nothing changed, if it can't."""
    from lark.grammar import NonTerminal, Rule, Terminal  # lazy: lark loads only to read

    earley = parser.parser.parser
    conf = earley.parser_conf
    rules = list(conf.rules)
    shapes = {(r.origin.name, tuple((s.is_term, s.name) for s in r.expansion)) for r in rules}
    known = {id(r) for r in rules}
    predicted = (r for found in earley.predictions.values() for r in found)
    if (
        len(shapes) != len(rules)
        or earley.callbacks is not conf.callbacks
        or any(id(r) not in known for r in predicted)
        or any(id(r) not in known for r in conf.callbacks)
    ):
        return False
    classes = _classes(NonTerminal, Terminal, Rule)
    shared: dict[tuple[bool, str], Any] = {}

    def one(symbol: Any) -> Any:
        key = (symbol.is_term, symbol.name)
        if key not in shared:
            symbol.__class__ = classes[symbol.is_term]
            shared[key] = symbol
        return shared[key]

    for rule in rules:
        rule.origin = one(rule.origin)
        rule.expansion = type(rule.expansion)(one(s) for s in rule.expansion)
        rule.__class__ = classes["rule"]
    earley.predictions = {one(k): v for k, v in earley.predictions.items()}
    earley.TERMINALS = {one(s) for s in earley.TERMINALS}
    earley.NON_TERMINALS = {one(s) for s in earley.NON_TERMINALS}
    # a dict keeps the hash each key had when it went in: put the rules in again
    callbacks = list(conf.callbacks.items())
    conf.callbacks.clear()
    for rule, callback in callbacks:
        conf.callbacks[rule] = callback
    return True


def _classes(nonterminal: type, terminal: type, rule: type) -> dict[Any, type]:
    """The symbol and rule classes whose equality is identity (layout unchanged: no slots
    of their own, so an object's class can be changed to them)."""

    class SharedNonTerminal(nonterminal):  # type: ignore[misc, valid-type]
        __slots__ = ()
        __eq__ = object.__eq__
        __ne__ = object.__ne__
        __hash__ = nonterminal.__hash__

    class SharedTerminal(terminal):  # type: ignore[misc, valid-type]
        __slots__ = ()
        __eq__ = object.__eq__
        __ne__ = object.__ne__
        __hash__ = terminal.__hash__

    class DistinctRule(rule):  # type: ignore[misc, valid-type]
        __slots__ = ()
        __eq__ = object.__eq__
        __ne__ = object.__ne__
        __hash__ = object.__hash__

    return {False: SharedNonTerminal, True: SharedTerminal, "rule": DistinctRule}
