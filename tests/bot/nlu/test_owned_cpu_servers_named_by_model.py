"""Owned CPU servers named by their CPU model, with a count and "idle"/"閒置"/"we have": owned hardware.

Expectations from the words and the catalog's rule (one CPU per socket): "三台閒置的雙路 Xeon 8480+ 伺服器" are
three dual-socket servers, six Xeon Platinum 8480+ (the tier word "Platinum" is left out as leads write it);
"4 idle xeon 8592+ boxes (dual socket, …)" are eight Xeon Platinum 8592+.
"""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message


@pytest.fixture(scope="module")
def matcher():
    from knowledge.testing import memory_catalog

    return HardwareMatcher(memory_catalog().hardware)


@pytest.mark.parametrize(("text", "hardware_id", "cpus"), [
    ("我們有三台舊的雙路 Xeon 8480+ 伺服器閒置（每台 512GB RAM，沒有 GPU）", "intel-xeon-8480plus", 6),
    ("我们机房有三台闲置的 Xeon Platinum 8480+ 服务器，能不能直接跑 7B 模型", "intel-xeon-8480plus", 3),
    ("we have 4 idle xeon 8592+ boxes (dual socket, 1TB RAM each), no gpus. can they run a 14b?", "intel-xeon-8592plus", 8),
    ("we still have 2 xeon 8480+ machines (2-socket) left over from the old hadoop cluster", "intel-xeon-8480plus", 4),
])
def test_owned_cpu_servers_named_by_model_are_owned_hardware(text, hardware_id, cpus, matcher):
    facts = parse_message(text, hardware=matcher).facts
    assert facts.get("existing_hardware_ids") == [hardware_id]
    assert [(d.get("hardware_id"), d.get("count")) for d in facts["owned_devices"]] == [(hardware_id, cpus)]
    assert "cpu_servers" in facts.get("existing_hardware", [])
