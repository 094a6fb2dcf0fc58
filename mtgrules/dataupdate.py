"""``mtgrules data update``: fetch the current rules and card data, verify, import.

- The Comprehensive Rules: the Wizards rules page links the current
  ``MagicCompRules*.txt``; a URL ending in ``.txt`` is taken as the file itself.
- Scryfall's bulk data index (a JSON list of files) names the ``oracle_cards``
  and ``rulings`` files to download.

Each file is downloaded to a temporary file in the data directory, checked
(it must parse as what it claims to be), then imported; every import swaps the
database atomically, so a failed or interrupted update leaves the previous
data in place.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mtgrules.cards.importers import CardDataError, import_cards
from mtgrules.crindex.importer import RulesFormatError, import_rules
from mtgrules.data.paths import data_dir
from mtgrules.version import __version__

RULES_PAGE = "https://magic.wizards.com/en/rules"
SCRYFALL_BULK = "https://api.scryfall.com/bulk-data"
TIMEOUT = 60  # seconds without data before a download gives up
_TXT_LINK = re.compile(r"""href=["']([^"']*MagicCompRules[^"']*\.txt)["']""", re.IGNORECASE)


class UpdateError(Exception):
    """A download failed or what came back is not what was expected."""


@dataclass(frozen=True)
class Step:
    what: str
    url: str
    detail: str


def _request(url: str) -> urllib.request.Request:
    return urllib.request.Request(
        url, headers={"User-Agent": f"mtgrules/{__version__}", "Accept": "*/*"}
    )


def fetch_text(url: str, limit: int = 5_000_000) -> str:
    """A small document (a page or an index), decoded."""
    try:
        with urllib.request.urlopen(_request(url), timeout=TIMEOUT) as response:
            raw = response.read(limit + 1)
    except OSError as err:
        raise UpdateError(f"can't fetch {url}: {err}") from None
    if len(raw) > limit:
        raise UpdateError(f"{url} is larger than expected for an index page")
    return raw.decode("utf-8", errors="replace")


def download(url: str, folder: Path, suffix: str) -> Path:
    """Stream ``url`` into a temporary file in ``folder``; the caller removes it."""
    folder.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=folder, prefix="download-", suffix=suffix)
    path = Path(name)
    try:
        with (
            open(fd, "wb") as handle,
            urllib.request.urlopen(_request(url), timeout=TIMEOUT) as response,
        ):
            shutil.copyfileobj(response, handle, 1 << 20)
    except OSError as err:
        path.unlink(missing_ok=True)
        raise UpdateError(f"can't download {url}: {err}") from None
    return path


def rules_file_url(url: str) -> str:
    """The rules text's URL: ``url`` itself, or the ``.txt`` link on the rules page."""
    if urllib.parse.urlparse(url).path.lower().endswith(".txt"):
        return url
    page = fetch_text(url)
    found = _TXT_LINK.search(page)
    if not found:
        raise UpdateError(f"no link to MagicCompRules*.txt on {url}")
    return urllib.parse.urljoin(url, found.group(1).replace(" ", "%20"))


def scryfall_files(url: str) -> dict[str, str]:
    """``{"oracle_cards": URL, "rulings": URL}`` from Scryfall's bulk data index."""
    try:
        index = json.loads(fetch_text(url))
        files = {item["type"]: item["download_uri"] for item in index["data"]}
    except (ValueError, KeyError, TypeError):
        raise UpdateError(f"{url} is not a Scryfall bulk data index") from None
    missing = {"oracle_cards", "rulings"} - set(files)
    if missing:
        raise UpdateError(f"the bulk data index lacks {', '.join(sorted(missing))}")
    return {k: urllib.parse.urljoin(url, files[k]) for k in ("oracle_cards", "rulings")}


def update(
    rules_url: str | None = RULES_PAGE,
    scryfall_url: str | None = SCRYFALL_BULK,
    say: Callable[[str], None] = lambda _: None,
) -> list[Step]:
    """Download, verify and import; returns what was done. :class:`UpdateError` on failure."""
    folder = data_dir() / "downloads"
    done: list[Step] = []
    jobs: list[tuple[str, str, str]] = []
    if rules_url:
        jobs.append(("rules", rules_file_url(rules_url), ".txt"))
    if scryfall_url:
        files = scryfall_files(scryfall_url)
        jobs += [("cards", files["oracle_cards"], ".json"), ("rulings", files["rulings"], ".json")]
    for what, url, suffix in jobs:
        say(f"downloading {what} from {url}")
        path = download(url, folder, suffix)
        try:
            if what == "rules":
                parsed, _ = import_rules(path, source=url)
                detail = f"{len(parsed.rules)} rules, effective {parsed.effective}"
            else:
                expected = "scryfall-cards" if what == "cards" else "scryfall-rulings"
                summary = import_cards(path, source=url, expect=expected)
                detail = (
                    f"{summary.cards} cards" if what == "cards" else f"{summary.rulings} rulings"
                )
        except (RulesFormatError, CardDataError, ValueError) as err:
            raise UpdateError(f"{url}: not usable ({err}); the local data is unchanged") from None
        finally:
            path.unlink(missing_ok=True)
        say(f"imported {what}: {detail}")
        done.append(Step(what, url, detail))
    return done
