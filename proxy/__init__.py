"""Veil proxy: the OpenAI-compatible HTTP service, its settings, worker pool and CLI."""
