"""A vendor the buyer rules out is read as such, in the catalog's spelling of the vendor: export rules,
procurement policy ("信创") or plain preference ("no NVIDIA"). A sentence that only names the vendor, or a
tool named after it, rules nothing out."""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


@pytest.mark.parametrize(("message", "vendors"), [
    ("we cannot use nvidia here (export rules), what else is there?", ["NVIDIA"]),
    ("no NVIDIA or AMD please, procurement won't sign", ["NVIDIA", "AMD"]),
    ("anything but nvidia, we got burned on lead times", ["NVIDIA"]),
    ("信创要求，不能用英伟达，昇腾要几张？", ["NVIDIA"]),
    ("公司規定不能用英偉達的卡", ["NVIDIA"]),
    ("预算 30 万，不考虑英伟达和 AMD", ["NVIDIA", "AMD"]),
])
def test_a_vendor_ruled_out_is_read(message, vendors):
    assert parse_message(message).facts.get("excluded_vendors") == vendors


@pytest.mark.parametrize("message", [
    "we run nvidia today and it's fine",
    "no nvidia-smi access on the shared box",
    "我们现在用的是英伟达的卡",
    "a jetson orin nano is ok",
])
def test_naming_a_vendor_rules_nothing_out(message):
    assert parse_message(message).facts.get("excluded_vendors") is None
