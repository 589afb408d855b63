"""WeasyPrint for the tests that print PDFs: the module when it loads here, else None (the test skips)."""

from __future__ import annotations

import warnings
from types import ModuleType


def weasyprint_or_none() -> ModuleType | None:
    """WeasyPrint, or None when it or Debian's Pango (an OSError on import) is missing."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its import-time deprecation notices are not the test's business
        try:
            import weasyprint
        except (ImportError, OSError):
            return None
    return weasyprint


__all__ = ["weasyprint_or_none"]
