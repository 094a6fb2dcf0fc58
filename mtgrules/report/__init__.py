"""Report: renderers turn Results into text or JSON. They never decide anything."""

from __future__ import annotations

RULES_EDITION = {"effective": "2026-08-07", "text": "builtin"}
