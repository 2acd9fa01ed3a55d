"""`python -m proxy.cli ...` is the `veil` command."""

from proxy.cli import main

main()
