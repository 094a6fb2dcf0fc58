"""``python -m mtgrules`` runs the command line."""

from mtgrules.cli import main

main()
