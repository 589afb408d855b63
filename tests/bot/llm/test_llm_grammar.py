"""The extraction schema compiles into a real llama.cpp grammar (so a silent fall back to free JSON is caught).

llama-cpp-python's `response_format` path swallows schema→grammar conversion errors and decodes
unconstrained JSON instead; compiling the grammar here with `LlamaGrammar.from_json_schema` makes a
schema the converter cannot handle fail loudly.
"""

from __future__ import annotations

import json

import pytest

from bot.llm.schema import EXTRACTABLE_FIELDS, INTERVIEW_FIELDS, flat_workload_schema

try:
    import llama_cpp
    from llama_cpp.llama_grammar import json_schema_to_gbnf
except ImportError as exc:  # only when the compiled package truly cannot load
    print(f"llama-cpp-python cannot be imported: {exc}")
    pytest.skip(f"llama-cpp-python cannot be imported: {exc}", allow_module_level=True)


@pytest.mark.parametrize("fields", [EXTRACTABLE_FIELDS, INTERVIEW_FIELDS, ("concurrent_users",), ("existing_hardware",)])
def test_the_flat_schema_compiles_to_a_grammar_naming_every_field(fields) -> None:
    schema = json.dumps(flat_workload_schema(fields))
    grammar = llama_cpp.LlamaGrammar.from_json_schema(schema, verbose=False)
    assert grammar is not None
    gbnf = json_schema_to_gbnf(schema)
    for field in fields:
        # A generic JSON grammar would not name the fields: this one spells out each key.
        assert f'"\\"{field}\\""' in gbnf, field
    assert 'root ::= "{"' in gbnf


def test_enum_values_and_null_are_the_only_choices_for_a_category() -> None:
    gbnf = json_schema_to_gbnf(json.dumps(flat_workload_schema(["arrival_pattern"])))
    assert 'arrival-pattern ::= "\\"steady\\"" | "\\"bursty\\"" | "\\"batch\\"" | "null"' in gbnf


def test_an_unconvertible_schema_fails_loudly() -> None:
    with pytest.raises(Exception):  # noqa: B017 - the converter raises AssertionError/ValueError variously
        llama_cpp.LlamaGrammar.from_json_schema(json.dumps({"type": "no-such-type"}), verbose=False)
