"""`mtgrules data update` against a local HTTP server on 127.0.0.1 serving the fixture files."""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import shutil
import threading
from pathlib import Path

import pytest

from tests.conftest import CR_TEXT, FIXTURES, data_env, need_shared, run_cli


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep the test output readable
        pass


@contextlib.contextmanager
def serve(folder: Path):
    """An HTTP server on 127.0.0.1 (ephemeral port) for the duration of the block."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.timeout = 5
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True
    )
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture
def site(tmp_path):
    """A rules page linking the CR text, and a Scryfall-shaped bulk data index with its files."""
    root = tmp_path / "site"
    (root / "rules").mkdir(parents=True)
    need_shared(CR_TEXT)
    shutil.copy(CR_TEXT, root / "rules" / "MagicCompRules 20260807.txt")
    (root / "rules" / "index.html").write_text(
        '<html><body><a href="/rules/other.pdf">PDF</a>'
        '<a href="MagicCompRules 20260807.txt">TXT</a></body></html>',
        encoding="utf-8",
    )
    for name in ("oracle-cards.json", "rulings.json", "bulk-data.json"):
        shutil.copy(FIXTURES / "scryfall" / name, root / name)
    return root


def test_update_downloads_verifies_and_imports(site, tmp_path):
    env = data_env(tmp_path / "data")
    with serve(site) as base:
        done = run_cli(
            "data",
            "update",
            "--rules-url",
            f"{base}/rules/index.html",
            "--scryfall-url",
            f"{base}/bulk-data.json",
            env=env,
        )
    assert done.returncode == 0, done.stderr
    assert "imported rules" in done.stdout and "imported cards: 4 cards" in done.stdout
    status = run_cli("data", "status", env=env).stdout
    assert "effective 2026-08-07" in status
    assert f"from {base}/rules/MagicCompRules%2020260807.txt" in status
    assert f"from {base}/oracle-cards.json" in status and f"from {base}/rulings.json" in status
    shown = run_cli("card", "Fixture Schemer", env=env).stdout
    assert "Plot {1}{U}" in shown and "2024-06-07" in shown
    assert not list((tmp_path / "data").glob("staging-*"))  # downloads are removed


def test_a_bad_download_changes_nothing(site, tmp_path):
    env = data_env(tmp_path / "data")
    with serve(site) as base:
        first = run_cli(
            "data", "update", "--no-rules", "--scryfall-url", f"{base}/bulk-data.json", env=env
        )
        assert first.returncode == 0, first.stderr
        before = run_cli("data", "status", env=env).stdout
        # the index now names the rulings file as the oracle cards
        index = json.loads((site / "bulk-data.json").read_text())
        index["data"][0]["download_uri"] = "rulings.json"
        (site / "bulk-data.json").write_text(json.dumps(index))
        bad = run_cli(
            "data", "update", "--no-rules", "--scryfall-url", f"{base}/bulk-data.json", env=env
        )
        missing = run_cli(
            "data", "update", "--rules-url", f"{base}/nothing.txt", "--no-cards", env=env
        )
    assert bad.returncode == 1 and "unchanged" in bad.stderr
    assert missing.returncode == 1 and "can't download" in missing.stderr
    assert run_cli("data", "status", env=env).stdout == before


def test_no_network_is_reported_not_a_traceback(tmp_path):
    # a port on 127.0.0.1 that nothing listens on: connection refused at once
    with serve(tmp_path) as base:
        pass
    done = run_cli(
        "data",
        "update",
        "--rules-url",
        f"{base}/rules.txt",
        "--no-cards",
        env=data_env(tmp_path / "d"),
    )
    assert (
        done.returncode == 1 and "can't download" in done.stderr and "Traceback" not in done.stderr
    )


def _update(base, env, *extra):
    return run_cli("data", "update", "--scryfall-url", f"{base}/bulk-data.json", *extra, env=env)


def _point_index(site, kind: str, uri: str, **more) -> None:
    index = json.loads((site / "bulk-data.json").read_text())
    for item in index["data"]:
        if item["type"] == kind:
            item["download_uri"] = uri
            item.update(more)
    (site / "bulk-data.json").write_text(json.dumps(index))


def test_a_bad_rulings_download_leaves_rules_and_cards_as_they_were(site, tmp_path):
    """The rules and cards were imported, then the rulings failed, and the
    update said "unchanged". Now nothing is imported until every file is verified."""
    env = data_env(tmp_path / "data")
    assert run_cli("cards", "import", str(FIXTURES / "scryfall" / "oracle-cards.json"), env=env)
    before = run_cli("data", "status", env=env).stdout
    (site / "rulings.json").write_text('[{"object": "ruling", "oracle_id": 5}]')
    with serve(site) as base:
        done = _update(base, env, "--rules-url", f"{base}/rules/index.html")
    assert done.returncode == 1 and "unchanged" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and "imported" not in done.stdout
    assert run_cli("data", "status", env=env).stdout == before


def test_urls_from_the_index_must_be_https(site, tmp_path):
    """file:// and http:// URLs named by a fetched index were followed."""
    env = data_env(tmp_path / "data")
    secret = tmp_path / "secret.json"
    secret.write_text((site / "oracle-cards.json").read_text())
    for uri in (secret.as_uri(), "http://example.invalid/oracle-cards.json", "ftp://x/y.json"):
        _point_index(site, "oracle_cards", uri)
        with serve(site) as base:
            done = _update(base, env, "--no-rules")
        assert done.returncode == 1 and "only https://" in done.stderr, (uri, done.stderr)
        assert "downloading cards" not in done.stdout
    assert "Nothing imported" in run_cli("data", "status", env=env).stdout


def test_a_file_url_on_the_command_line_is_refused(tmp_path):
    done = run_cli(
        "data",
        "update",
        "--no-cards",
        "--rules-url",
        CR_TEXT.resolve().as_uri(),
        env=data_env(tmp_path / "d"),
    )
    assert done.returncode == 1 and "only https://" in done.stderr


def test_a_download_over_the_size_cap_or_with_the_wrong_sha256_is_refused(site, tmp_path):
    env = {**data_env(tmp_path / "data"), "MTGRULES_DOWNLOAD_MAX_BYTES": "2000"}
    with serve(site) as base:
        big = _update(base, env, "--no-rules")
    assert big.returncode == 1 and "larger than 2,000 bytes" in big.stderr, big.stderr
    _point_index(site, "rulings", "rulings.json", sha256="0" * 64)
    with serve(site) as base:
        wrong = _update(base, data_env(tmp_path / "data"), "--no-rules")
    assert wrong.returncode == 1 and "SHA-256" in wrong.stderr, wrong.stderr
    assert "Nothing imported" in run_cli("data", "status", env=data_env(tmp_path / "data")).stdout


class RedirectingHandler(QuietHandler):
    """``/away.json`` redirects off HTTPS (to plain HTTP on another host)."""

    def do_GET(self):
        if self.path == "/away.json":
            self.send_response(302)
            self.send_header("Location", "http://example.invalid/oracle-cards.json")
            self.end_headers()
            return
        super().do_GET()


def test_a_redirect_off_https_is_refused(site, tmp_path):
    _point_index(site, "oracle_cards", "away.json")
    handler = functools.partial(RedirectingHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1})
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        done = _update(base, data_env(tmp_path / "data"), "--no-rules")
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
    assert done.returncode == 1 and "only https://" in done.stderr, done.stderr
    assert "example.invalid" in done.stderr
