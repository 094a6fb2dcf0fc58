"""The choices the commands' options take (``--format``, ``--color``, ``--rulings``), one
set for ``check``, ``validate`` and ``ask`` so that they offer the same words."""

from __future__ import annotations

from enum import StrEnum


class Format(StrEnum):
    text = "text"
    json = "json"
    junit = "junit"
    markdown = "markdown"
    github = "github"


class ValidateFormat(StrEnum):
    text = "text"
    json = "json"
    github = "github"


class Color(StrEnum):
    auto = "auto"
    always = "always"
    never = "never"


class Rulings(StrEnum):
    relevant = "relevant"
    all = "all"
    none = "none"
