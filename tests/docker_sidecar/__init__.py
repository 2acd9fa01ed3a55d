"""Container tests: make test-docker (see conftest.py)."""
