"""``python -m mtgrules`` runs the command line."""

from mtgrules.entry import main

main()
