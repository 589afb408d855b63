"""The core names what it found and words nothing: no function takes a language, no catalog lives in it.

Issue rule (one wording layer): `estimator/` returns findings (`estimator.said.Said`, typed verdicts);
`bot/wording` picks the sentence. A `lang` parameter or a template table in the core would bring the
second place a sentence comes from back.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import estimator

_LANGUAGE_NAMES = {"lang", "language", "locale"}


def _core_modules() -> list[object]:
    # Every room (`estimator.physics`, `.costing`, …) as well as the top: walk the package recursively.
    walked = pkgutil.walk_packages(estimator.__path__, prefix="estimator.")
    return [importlib.import_module(info.name) for info in walked if not info.ispkg]


def _functions(module: object) -> list[tuple[str, object]]:
    found = []
    for name, value in vars(module).items():
        if getattr(value, "__module__", None) != module.__name__:  # type: ignore[attr-defined]
            continue
        if inspect.isfunction(value):
            found.append((name, value))
        elif inspect.isclass(value):
            found += [(f"{name}.{attr}", fn) for attr, fn in vars(value).items() if inspect.isfunction(fn)]
    return found


def test_the_pins_see_the_core():
    names = {name for module in _core_modules() for name, _ in _functions(module)}
    assert {"recommend", "evaluate_option", "fill_defaults", "assess_risks", "said"} <= names


def test_no_core_function_takes_a_language():
    taking = [f"{module.__name__}.{name}" for module in _core_modules() for name, fn in _functions(module)  # type: ignore[attr-defined]
              if _LANGUAGE_NAMES & set(inspect.signature(fn).parameters)]
    assert taking == []


def test_no_catalog_of_sentences_lives_in_the_core():
    # A catalog is a table of (en, zh-Hans, zh-Hant) templates: a dict whose values are 3-tuples of str.
    tables = [f"{module.__name__}.{name}" for module in _core_modules()  # type: ignore[attr-defined]
              for name, value in vars(module).items()
              if isinstance(value, dict) and len(value) > 3 and all(
                  isinstance(v, tuple) and len(v) == 3 and all(isinstance(x, str) for x in v) for v in value.values())]
    assert tables == []
