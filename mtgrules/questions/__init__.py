"""Ask: one module per question type; each combines rules into an Answer.

Each module's ``ask(case)`` answers one question type (the module is named after the
case key, ``can_cast``, ``enters``, ...). Which question types exist, whether their
answer is yes/no and which options they take is the case format's registry,
:data:`mtgrules.caseio.question_types.QUESTIONS`, which names these modules. What a
question depends on and the engine does not model makes its answer unsupported,
never a guess.
"""
