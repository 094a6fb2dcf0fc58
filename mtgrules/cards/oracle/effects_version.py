"""The version of the Oracle effect reader's readings (docs/effects.md, "Read once").

Abilities' effects are read when cards are imported and stored with this number
(:mod:`mtgrules.cards.readings`); a database whose readings carry another number is told
and not used until ``mtgrules data repair`` (or importing the cards again) reads them anew.
Whoever changes what :func:`~mtgrules.cards.oracle.effects.read_effect` returns for some
text (the grammar ``oracle/effects.lark``, its transformer, the effect vocabulary) bumps
it. A module of its own, importing nothing, so that checking the number never loads the
grammar library.
"""

EFFECT_READER_VERSION = 8
