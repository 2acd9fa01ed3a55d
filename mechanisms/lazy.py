"""Names a package exports without importing the module that defines them until first use.

The Cape and watermark packages export torch-backed classes next to their plain configuration models.
Importing torch costs 2-4 s and ~150 MB here; the settings, the CLI commands that need no model and the
proxy in mode ``off`` read only the configuration, so the package imports the torch-backed modules when
one of their names is first asked for (PEP 562 module ``__getattr__``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_exports(package: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``names`` maps an exported name to its submodule."""
    namespace = import_module(package).__dict__

    def __getattr__(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{module}"), name)
        namespace[name] = value  # found directly from now on
        return value

    return __getattr__
