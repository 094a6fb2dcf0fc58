"""The command line: `mtgrules` and its commands (check, validate, ask, new, card, rule,
rules, cards, data, init), thin layers over the API and the bank runner."""
