"""Which devices cannot be sold to a buyer in mainland China: the US Export Administration Regulations' ECCN 3A090.a.

3A090.a controls integrated circuits with a 'total processing performance' (TPP) of 4800 or more, or of 1600 or more
with a 'performance density' of 5.92 or more; exports to China need a licence, under a presumption of denial (BIS
interim final rule of October 2023, restated December 2024: https://www.lenzo.ai/eccn/3a090/ ;
https://chipclaims.com/articles/eccn-3a090-tpp-performance-density-thresholds-2026-06-16). TPP is the dense rate times
the operation's bit length, the largest over the formats a part runs (TOPS x 8 for INT8/FP8, TFLOPS x 16 for FP16/BF16,
x 4 for INT4/FP4). Read from the catalog's rates it lands where the vendors cut their China parts: the RTX 4090 D at
588 INT8 TOPS x 8 = 4,707 (the RTX 4090: 5,285), the H20 at 2,368, the L20 at 1,912; the A100 at 4,992 has been barred
since 2022.

Only the first prong is applied: the density prong needs each die's area, which the catalog does not hold, and it
spares consumer parts below 4800 anyway (not designed or marketed for data centers). A data-center part below 4800
but dense enough (the L4: 1,936 on a ~294 mm² die) is not caught here: a known gap. The domestic Chinese makers' parts
are not US exports.
"""

from __future__ import annotations

from estimator.catalog import Hardware

TPP_CONTROLLED = 4800.0
# China's own accelerator makers (the 信创 list): their parts are not US exports.
CHINESE_MAKERS: tuple[str, ...] = ("Huawei", "Cambricon", "Hygon", "Moore Threads", "Biren", "Iluvatar CoreX", "MetaX",
                                   "Enflame", "Kunlunxin")


def total_processing_performance(hardware: Hardware) -> float:
    """3A090's TPP from the catalog's dense rates: the largest rate times its bit length."""
    rates = ((hardware.fp16_tflops, 16), (hardware.bf16_tflops, 16), (hardware.fp8_tflops, 8),
             (hardware.int8_tops, 8), (hardware.int4_tops, 4), (hardware.fp4_tflops, 4))
    return max((rate or 0.0) * bits for rate, bits in rates)


def barred_from_china(hardware: Hardware) -> bool:
    """A part US export rules bar from sale to mainland China (3A090.a's TPP prong)."""
    if hardware.vendor in CHINESE_MAKERS:
        return False
    return total_processing_performance(hardware) >= TPP_CONTROLLED


__all__ = ["CHINESE_MAKERS", "TPP_CONTROLLED", "barred_from_china", "total_processing_performance"]
