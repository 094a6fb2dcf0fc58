"""``mtgrules ask``: a question and a compact board on the command line.

The command line becomes the equivalent case *document* (:mod:`.document`, from the
compact specs read by :mod:`.specs`), which runs through the same load -> validate
-> build -> ask -> report pipeline as a case file (:mod:`.command`): there is no
second engine, and ``--save`` writes that document as a bank case.
"""
