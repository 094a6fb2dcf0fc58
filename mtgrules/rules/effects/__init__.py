"""Carrying out what a resolving spell or ability does (CR 608.2, 609).

:mod:`mtgrules.cards.effects` says what an effect's words mean; this package carries the
instructions out on a game state, in order (608.2c), with the targets still legal
(608.2b), last known information for what has left (608.2h), and the results damage
has (120.3). Anything on the board the engine doesn't read that could replace, prevent
or change what happens refuses, naming the card and the ability.
"""
