"""A purchase no better than what the user owns is never the answer (issue "read any workload" E: "never recommend
buying something slower than what they own"). Worked by hand: an M5 Max decoding a 70B Q4 at ~9 tok/s against a
Ryzen AI Max box at ~5 (256 vs 614 GB/s) — the box fixes nothing the laptop misses; a card at ~30 tok/s does."""

from __future__ import annotations

from types import SimpleNamespace

from estimator.advice.owned import owned_not_outpaced


def _option(*, existing: bool, tps: float, users: int = 1, ttft: float = 5000.0, fits: bool = True,
            owned_units: int = 0, shortfall: float = 1.5) -> SimpleNamespace:
    return SimpleNamespace(candidate=SimpleNamespace(existing=existing, owned_units=owned_units),
                           estimate=SimpleNamespace(fits=fits, decode_tokens_per_s_per_stream=tps, ttft_p95_ms=ttft,
                                                    ttft_ms=ttft),
                           capacity_users=users, shortfall=shortfall)


class _Sizer:
    def finalize(self, option):
        return option


def test_a_slower_purchase_gives_way_to_the_owned_device():
    laptop = _option(existing=True, tps=9.1, ttft=6954)
    slower_box = _option(existing=False, tps=5.0, ttft=9000)
    assert owned_not_outpaced(_Sizer(), slower_box, [laptop, slower_box]) is laptop


def test_a_faster_purchase_stands():
    laptop = _option(existing=True, tps=9.1, ttft=6954)
    card = _option(existing=False, tps=29.0, ttft=500)
    assert owned_not_outpaced(_Sizer(), card, [laptop, card]) is None


def test_a_purchase_that_serves_more_users_stands_though_no_faster_per_user():
    laptop = _option(existing=True, tps=20.0, users=1)
    server = _option(existing=False, tps=20.0, users=12, ttft=5000)
    assert owned_not_outpaced(_Sizer(), server, [laptop, server]) is None


def test_an_owned_device_that_cannot_hold_the_model_does_not_lead():
    small_card = _option(existing=True, tps=40.0, fits=False)
    box = _option(existing=False, tps=10.0)
    assert owned_not_outpaced(_Sizer(), box, [small_card, box]) is None
