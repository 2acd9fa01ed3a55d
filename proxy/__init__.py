"""Veil proxy: the OpenAI-compatible HTTP service, its settings, worker pool and CLI."""

__version__ = "0.1.0"  # the package's version (pyproject.toml reads it from here)
