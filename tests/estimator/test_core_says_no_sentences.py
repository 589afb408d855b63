"""The core names what it found and words nothing: no function takes a language, no catalog lives in it.

Issue rule (one wording layer): `estimator/` returns findings (`estimator.said.Said`, typed verdicts);
`bot/wording` picks the sentence. A `lang` parameter or a template table in the core would bring the
second place a sentence comes from back.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil

import estimator
import estimator.errors

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


# The errors a user reads (`estimator.errors`); a ValueError inside pydantic's validation protocol is not one.
_USER_ERRORS = {name for name, value in vars(estimator.errors).items()
                if inspect.isclass(value) and issubclass(value, estimator.errors.SiliconsultError)}


def _raised_with_text(source: str, name: str) -> list[str]:
    """`raise SomeError("a sentence")` / `raise SomeError(f"…")` in a module's source: words the core wrote."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args \
                and getattr(node.exc.func, "id", None) in _USER_ERRORS:
            first = node.exc.args[0]
            if isinstance(first, ast.JoinedStr) or (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                found.append(f"{name}:{node.lineno}")
    return found


def test_the_core_raises_findings_not_sentences():
    # An error the core raises is read by a user in their language (a Chinese follow-up, the CLI): it
    # carries said(...) and the wording layer says it (`bot.wording.error_text`).
    worded_in_core = [where for module in _core_modules()
                      for where in _raised_with_text(inspect.getsource(module), module.__name__)]  # type: ignore[arg-type, attr-defined]
    assert worded_in_core == []


def test_the_raise_check_sees_a_sentence_and_passes_a_finding():
    assert _raised_with_text('def f():\n    raise InvalidRequest(f"bad {1}")\n', "m") == ["m:2"]
    assert _raised_with_text('def f():\n    raise InvalidRequest(said("error.x"))\n', "m") == []
