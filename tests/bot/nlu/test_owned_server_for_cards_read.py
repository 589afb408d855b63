"""A server the user owns, said as where bought cards go (a free slot in it, or the host said to be had), is read as
`server_host`; a desk-side machine with a free slot as `workstation_host`. Neither owns a device for serving, and a
server mentioned without a free slot is no host for cards."""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


@pytest.mark.parametrize("text", [
    "边缘机房现有一台 x86 服务器，有空的 PCIe 槽，想插 Atlas 300I Duo 跑 Qwen2.5-7B",
    "机房有台闲置的华为 2288H V6，PCIe 槽都空着。打算买两张 Atlas 300I Duo",
    "實驗室有台雙路伺服器，空著兩個 x16 槽，打算買兩張 4090D",
    "机器有了，只需要买卡，Qwen3-14B 给 10 个人用",
    "our PowerEdge R750 has two free x16 slots, which cards for 20 users on qwen 14b?",
    "we'd put them in the existing server (host is already owned), 30 users on llama 8b",
])
def test_an_owned_server_with_room_for_cards_is_read(text):
    assert "server_host" in parse_message(text).facts.get("existing_hardware", [])


@pytest.mark.parametrize("text", [
    "我在深圳，自己的工作站有空槽，只買得到 4090D",
    "there's a free PCIe slot in my desktop, want to run qwen3 14b",
])
def test_a_desk_side_machine_with_a_free_slot_is_a_workstation_host(text):
    assert parse_message(text).facts.get("existing_hardware") == ["workstation_host"]


@pytest.mark.parametrize("text", [
    "我们要买一台服务器跑 Qwen3-32B，给 50 人用",
    "we need a server with 4 free slots for future growth? 20 users on llama 70b",
    "一台8卡服务器够不够 40 个人用 Qwen3-235B",
])
def test_a_server_to_buy_is_no_owned_host(text):
    assert "server_host" not in (parse_message(text).facts.get("existing_hardware") or [])
