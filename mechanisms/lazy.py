"""Names a package exports without importing the module that defines them until first use.

The Cape and watermark packages export torch-backed classes next to their plain configuration models.
Importing torch costs 2-4 s and ~150 MB here; the settings, the CLI commands that need no model and the
proxy in mode ``off`` read only the configuration, so the package imports the torch-backed modules when
one of their names is first asked for (PEP 562 module ``__getattr__``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any


def lazy_exports(package: str, modules: Sequence[str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: a name of its ``__all__`` that is not defined yet is looked
    up in ``modules`` (its submodules, imported in that order on first use)."""
    namespace = import_module(package).__dict__

    def __getattr__(name: str) -> Any:
        if name in namespace.get("__all__", ()):
            for module in modules:
                found = import_module(f"{package}.{module}").__dict__
                if name in found:
                    namespace[name] = found[name]  # found directly from now on
                    return found[name]
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
