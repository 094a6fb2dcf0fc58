"""The game in motion (case format version 2): ``actions:`` played out from the board.

Each action makes a new immutable :class:`~mtgrules.model.state.GameState` and the
:class:`~mtgrules.answer.Step` list of what happened, with the rules that made it so,
the way python-chess's ``push`` makes a move. Between actions the game does what the
rules do by themselves: state-based actions and triggered abilities whenever a player
would receive priority (CR 117.5, 704.3, 603.3), resolution (608), the steps of the turn
(500). What the engine can't read or can't tell is never guessed: the play-out stops
and the answer is unsupported, naming the card, the ability and the step.
"""
