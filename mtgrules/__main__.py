"""``python -m mtgrules`` runs the command line."""

from mtgrules.cli.entry import main

main()
