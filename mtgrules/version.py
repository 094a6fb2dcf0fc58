"""The version of mtgrules, importable by every layer (the package root re-exports the
Python API above them all, so modules inside the package read the version here)."""

__version__ = "1.1.0"
