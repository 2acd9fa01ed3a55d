"""Veil's benchmarks (`make bench`): figures measured side by side, each printed beside its target."""
