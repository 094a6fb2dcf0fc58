"""``mtgrules data update``: fetch the current rules and card data, verify, import.

- The Comprehensive Rules: the Wizards rules page links the current
  ``MagicCompRules*.txt``; a URL ending in ``.txt`` is taken as the file itself.
- Scryfall's bulk data index (a JSON list of files) names the ``oracle_cards``
  and ``rulings`` files to download.

Every file is downloaded into a staging folder in the data directory (HTTPS only:
a URL a fetched page or index names must be https://, or on the same host and
scheme as the page the user named; redirects too; each download capped in size,
and checked against the SHA-256 the index gives, where it gives one), then
verified (it must parse through as what it claims to be), then all are imported
into a copy of the database in the staging folder, which replaces the database
in one rename. Any failure leaves the local data exactly as it was.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mtgrules import lazyre
from mtgrules.cards.importers import CardDataError, check_file, import_cards
from mtgrules.crindex.importer import RulesFormatError, import_rules, parse_rules, read_rules_file
from mtgrules.data.health import StoreError, problem
from mtgrules.data.lock import import_lock, pid_after, remove_stale
from mtgrules.data.paths import DB_NAME, data_dir, staged
from mtgrules.data.store import READABLE_VERSIONS, file_sha256, now_utc, swap_in
from mtgrules.version import __version__

RULES_PAGE = "https://magic.wizards.com/en/rules"
SCRYFALL_BULK = "https://api.scryfall.com/bulk-data"
TIMEOUT = 60  # seconds without data before a download gives up
_TXT_LINK = lazyre.compile(r"""href=["']([^"']*MagicCompRules[^"']*\.txt)["']""", re.IGNORECASE)


class UpdateError(Exception):
    """A download failed or what came back is not what was expected."""


@dataclass(frozen=True)
class Step:
    what: str
    url: str
    detail: str


ALLOWED_SCHEMES = ("https",)
LOOPBACK = ("127.0.0.1", "localhost", "::1")
MAX_DOWNLOAD = 1_000_000_000  # bytes: Scryfall's oracle cards are about 150 MB
MAX_RULES_DOWNLOAD = 50_000_000  # an edition of the rules is under 1 MB
STALE_SECONDS = 86_400  # a staging folder named without its process, this old, is a leftover


def download_cap(default: int) -> int:
    """A download's size cap: ``default``, or ``MTGRULES_DOWNLOAD_MAX_BYTES`` when lower."""
    raw = os.environ.get("MTGRULES_DOWNLOAD_MAX_BYTES", "")
    return min(default, int(raw)) if raw.isdigit() and int(raw) > 0 else default


def check_url(url: str, came_from: str | None = None) -> str:
    """``url`` if mtgrules may download it: HTTPS; a URL the user names may also be plain
    HTTP on this machine (loopback); a URL named in a fetched page or index, or a redirect,
    may also have the same scheme and host as the document it came from. ``file://``, ``ftp://`` and plain ``http://`` elsewhere are refused: a page
    or an index must never make mtgrules read a local file or leave HTTPS."""
    parts = urllib.parse.urlparse(url)
    if parts.scheme in ALLOWED_SCHEMES and parts.netloc:
        return url
    if came_from is None and parts.scheme == "http" and parts.hostname in LOOPBACK:
        return url  # named by the user, on this machine (a local mirror, the tests' server)
    if came_from is not None:
        origin = urllib.parse.urlparse(came_from)
        if (parts.scheme, parts.netloc) == (origin.scheme, origin.netloc) and parts.netloc:
            return url
    where = f" (named by {came_from})" if came_from else ""
    raise UpdateError(f"refusing {url}{where}: only https:// downloads are followed")


class _SafeRedirects(urllib.request.HTTPRedirectHandler):
    """Redirects are followed only to URLs :func:`check_url` accepts."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        check_url(newurl, req.full_url)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


_OPENER = urllib.request.build_opener(_SafeRedirects)


def _open(url: str):
    return _OPENER.open(_request(url), timeout=TIMEOUT)


def _request(url: str) -> urllib.request.Request:
    return urllib.request.Request(
        url, headers={"User-Agent": f"mtgrules/{__version__}", "Accept": "*/*"}
    )


def fetch_text(url: str, limit: int = 5_000_000) -> str:
    """A small document (a page or an index), decoded."""
    try:
        with _open(url) as response:
            raw = response.read(limit + 1)
    except (OSError, ValueError, http.client.HTTPException) as err:
        raise UpdateError(f"can't fetch {url}: {err}") from None
    if len(raw) > limit:
        raise UpdateError(f"{url} is larger than expected for an index page")
    return raw.decode("utf-8", errors="replace")


def download(url: str, folder: Path, suffix: str, limit: int = MAX_DOWNLOAD) -> Path:
    """Stream ``url`` into a new file in ``folder``, stopping past ``limit`` bytes; the
    caller removes it. :class:`UpdateError` on any fault."""
    folder.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=folder, prefix="download-", suffix=suffix)
    path = Path(name)
    try:
        with open(fd, "wb") as handle, _open(url) as response:
            size = 0
            while block := response.read(1 << 20):
                size += len(block)
                if size > limit:
                    raise UpdateError(f"{url} is larger than {limit:,} bytes; not used")
                handle.write(block)
    except UpdateError:
        path.unlink(missing_ok=True)
        raise
    except (OSError, ValueError, http.client.HTTPException) as err:  # IncompleteRead: cut short
        path.unlink(missing_ok=True)
        raise UpdateError(f"can't download {url}: {_why(err)}") from None
    return path


def _why(err: BaseException) -> str:
    """A fault in words: a download cut short says so (IncompleteRead's own text is a byte
    count), a full disk says so."""
    if isinstance(err, http.client.IncompleteRead):
        return f"the download was cut short after {len(err.partial):,} bytes"
    if isinstance(err, OSError) and err.strerror and not isinstance(err, urllib.error.URLError):
        return err.strerror.lower()
    return str(err) or type(err).__name__


def check_sha256(path: Path, expected: str | None, url: str) -> None:
    """The downloaded file's SHA-256 is the one the index states, when it states one."""
    if expected and file_sha256(path) != expected.lower():
        raise UpdateError(f"{url}: the download's SHA-256 is not the one its index states")


def rules_file_url(url: str) -> str:
    """The rules text's URL: ``url`` itself, or the ``.txt`` link on the rules page."""
    if urllib.parse.urlparse(url).path.lower().endswith(".txt"):
        return url
    page = fetch_text(url)
    found = _TXT_LINK.search(page)
    if not found:
        raise UpdateError(f"no link to MagicCompRules*.txt on {url}")
    return check_url(urllib.parse.urljoin(url, found.group(1).replace(" ", "%20")), url)


def scryfall_files(url: str) -> dict[str, tuple[str, str | None]]:
    """``{"oracle_cards": (URL, sha256 or None), "rulings": ...}`` from Scryfall's bulk data
    index; every URL checked by :func:`check_url`."""
    try:
        index = json.loads(fetch_text(url))
        files = {
            item["type"]: (str(item["download_uri"]), item.get("sha256")) for item in index["data"]
        }
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        raise UpdateError(f"{url} is not a Scryfall bulk data index") from None
    missing = {"oracle_cards", "rulings"} - set(files)
    if missing:
        raise UpdateError(f"the bulk data index lacks {', '.join(sorted(missing))}")
    out = {}
    for kind in ("oracle_cards", "rulings"):
        link, sha = files[kind]
        out[kind] = (
            check_url(urllib.parse.urljoin(url, link), url),
            sha if isinstance(sha, str) else None,
        )
    return out


@dataclass(frozen=True)
class _Job:
    what: str  # rules | cards | rulings
    url: str
    sha256: str | None
    path: Path


def update(
    rules_url: str | None = RULES_PAGE,
    scryfall_url: str | None = SCRYFALL_BULK,
    say: Callable[[str], None] = lambda _: None,
) -> list[Step]:
    """Download everything into a staging folder, verify every file (HTTPS, size caps,
    SHA-256 where the index gives one, parsing), import them all into a staging copy of
    the database, then swap that in: all or nothing. :class:`UpdateError` on failure, with
    the local data as it was."""
    home = data_dir()
    try:
        home.mkdir(parents=True, exist_ok=True)
        remove_stale(home, "staging-*", pid_after("staging-"), STALE_SECONDS)  # killed runs
        staging = Path(tempfile.mkdtemp(dir=home, prefix=f"staging-{os.getpid()}-"))
    except OSError as err:
        raise UpdateError(f"can't write in the data directory {home}: {err}") from None
    try:
        jobs = _download_all(rules_url, scryfall_url, staging, say)
        for job in jobs:
            say(f"verifying {job.what}: {_verify(job)}")
        return _import_all(jobs, home, staging, say)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _download_all(
    rules_url: str | None, scryfall_url: str | None, staging: Path, say: Callable[[str], None]
) -> list[_Job]:
    wanted: list[tuple[str, str, str | None, str, int]] = []
    if rules_url:
        wanted.append(
            ("rules", rules_file_url(check_url(rules_url)), None, ".txt", MAX_RULES_DOWNLOAD)
        )
    if scryfall_url:
        files = scryfall_files(check_url(scryfall_url))
        wanted += [
            ("cards", *files["oracle_cards"], ".json", MAX_DOWNLOAD),
            ("rulings", *files["rulings"], ".json", MAX_DOWNLOAD),
        ]
    jobs = []
    for what, url, sha, suffix, limit in wanted:
        say(f"downloading {what} from {url}")
        path = download(url, staging / "downloads", suffix, download_cap(limit))
        check_sha256(path, sha, url)
        jobs.append(_Job(what, url, sha, path))
    return jobs


def _verify(job: _Job) -> str:
    """Parse a downloaded file through; what it holds, or :class:`UpdateError`."""
    try:
        if job.what == "rules":
            parsed = parse_rules(read_rules_file(job.path))
            if len(parsed.rules) < 500:
                raise RulesFormatError(f"only {len(parsed.rules)} rules found")
            return f"{len(parsed.rules)} rules, effective {parsed.effective}"
        expected = "scryfall-cards" if job.what == "cards" else "scryfall-rulings"
        _fmt, count = check_file(job.path, expected)
        return f"{count} {job.what}"
    except (RulesFormatError, CardDataError, ValueError, RecursionError) as err:
        raise UpdateError(f"{job.url}: not usable ({err}); the local data is unchanged") from None


def _import_all(
    jobs: list[_Job], home: Path, staging: Path, say: Callable[[str], None]
) -> list[Step]:
    """Import every verified file into a copy of the database in ``staging``, then swap it
    in, holding the import lock throughout so no other import is lost in between."""
    target = home / DB_NAME
    done: list[Step] = []
    with import_lock(home, lambda: say("waiting for another import to finish")):
        if target.exists() and problem(target, READABLE_VERSIONS) is None:
            try:
                shutil.copy2(target, staging / DB_NAME)
            except OSError as err:  # a full disk: nothing was changed yet
                raise UpdateError(
                    f"can't copy the database into {staging} to update it: {_why(err)}; "
                    "the local data is unchanged"
                ) from None
        try:
            with staged(staging):
                for job in jobs:
                    if job.what == "rules":
                        parsed, _ = import_rules(job.path, source=job.url)
                        detail = f"{len(parsed.rules)} rules, effective {parsed.effective}"
                    else:
                        expected = "scryfall-cards" if job.what == "cards" else "scryfall-rulings"
                        summary = import_cards(job.path, source=job.url, expect=expected)
                        detail = (
                            f"{summary.cards} cards"
                            if job.what == "cards"
                            else f"{summary.rulings} rulings"
                        )
                    done.append(Step(job.what, job.url, detail))
        except (RulesFormatError, CardDataError, ValueError, StoreError) as err:
            raise UpdateError(
                f"{job.url}: not usable ({err}); the local data is unchanged"
            ) from None
        wrong = problem(target, READABLE_VERSIONS)
        if target.exists() and wrong is not None:  # never overwrite a file that isn't ours
            aside = target.with_name(f"{target.name}.unusable-{now_utc().replace(':', '')}")
            os.replace(target, aside)
            say(f"{wrong}; it was moved to {aside}")
        try:
            swap_in(staging / DB_NAME, target)
        except OSError as err:
            raise UpdateError(f"can't write the database in {home}: {err}; unchanged") from None
    for step in done:
        say(f"imported {step.what}: {step.detail}")
    return done
