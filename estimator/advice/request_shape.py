"""The request a workload class implies when the lead does not state its lengths: a coding agent re-sends tens of
thousands of tokens of session every turn, RAG carries a few retrieved chunks, classification answers a label, a
summary's prompt is the document, a meeting's or call's summary reads its transcript, a reasoning model's thinking is
output. A generic chat request (512 in, 256 out)
misstates each of them several times over.

The shapes are data: `estimator.catalog.RequestShape` rows (class, typical prompt, answer, new tokens a turn a
prefix cache cannot serve, whether a context said for the class is the typical prompt or the maximum, source_url),
which the store reads from `knowledge/data/request_shapes.csv`; refreshing a figure is editing that file. This
module names the classes and looks a class up in the rows it is handed (pure: no file, no clock).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal, get_args

from estimator.catalog import RequestShape

# The classes of work whose requests differ from a chat turn (the lexicon reads them from the message's words:
# `bot.nlu.lexicon.REQUEST_CLASS_WORDS`). `reasoning` is read apart (`Workload.reasoning_model`): a reasoning model
# can do any of the others, and only its answer changes.
RequestClass = Literal["coding_agent", "code_completion", "rag", "classification", "summarization", "meeting_transcript",
                       "call_transcript", "chat"]
REQUEST_CLASSES: tuple[RequestClass, ...] = get_args(RequestClass)
StatedContext = Literal["typical", "maximum"]

# A transcript's length from the duration said of its meeting or call ("mostly 30-60 min", "每场 1 小时左右"): speech
# runs ~150 words a minute (the National Center for Voice and Speech's average for US English conversation, as cited by
# speaking-rate guides, e.g. tfcs.baruch.cuny.edu/speaking-rate) and an English token is ~0.75 words (OpenAI, "What
# are tokens"), so ~200 tokens a minute of talk.
SPOKEN_WORDS_PER_MINUTE = 150.0
WORDS_PER_TOKEN = 0.75
TOKENS_PER_SPOKEN_MINUTE = SPOKEN_WORDS_PER_MINUTE / WORDS_PER_TOKEN
SPOKEN_RATE_SOURCE_URL = "https://tfcs.baruch.cuny.edu/speaking-rate/"


# A picture in the prompt is a count of vision tokens before the text. Gemma 3 encodes every image into a fixed 256
# (config.json `mm_tokens_per_image`, https://huggingface.co/google/gemma-3-4b-it/blob/main/config.json). Models that
# tile by resolution cost one token per square of pixels: Qwen2.5-VL's 14-pixel patches merged 2×2 are 28×28 px a
# token, up to the processor's max_pixels of 12,845,056 (16,384 tokens; model card, min_pixels / max_pixels notes,
# https://huggingface.co/Qwen/Qwen2.5-VL-7B-Instruct); Qwen3-VL's 16-pixel patches merged 2×2 are 32×32 px
# (https://huggingface.co/Qwen/Qwen3-VL-8B-Instruct, vision_config patch_size 16, spatial_merge_size 2). With no size
# said, a picture is a 1280×720 camera frame: ~46 × 26 ≈ 1,200 tokens at 28 px, the count taken for any model without a
# fixed one. The instruction beside the picture ("describe the defect in one sentence") is a short text prompt.
FIXED_IMAGE_TOKENS = {"gemma-3": 256}
TOKEN_PIXELS = {"qwen2.5-vl": 28, "qwen3-vl": 32}
MAX_IMAGE_PIXELS = 12_845_056
FRAME_PIXELS = (1280, 720)
TILED_IMAGE_TOKENS = 1_200
IMAGE_TOKENS_SOURCE_URL = "https://huggingface.co/google/gemma-3-4b-it/blob/main/config.json"
IMAGE_INSTRUCTION_TOKENS = 100


def _family(model_id: str | None, table: dict[str, int]) -> int | None:
    return next((table[f] for f in table if model_id and model_id.startswith(f)), None)


def image_tokens(model_id: str | None, pixels: Sequence[int] | None = None) -> int:
    """The vision tokens one picture costs the model `model_id` (a catalog id): a fixed count for the families that
    have one; else its area at one token per square of the family's pixels (28 px unless known), the picture `pixels`
    ([width, height]) as said or a 1280×720 frame.

    >>> image_tokens("gemma-3-4b"), image_tokens("gemma-3-27b", [1500, 2000]), image_tokens(None)
    (256, 256, 1200)
    >>> image_tokens("qwen2.5-vl-72b", [1500, 2000]), image_tokens("qwen3-vl-8b"), image_tokens("qwen2.5-vl-7b")
    (3827, 900, 1176)
    """
    fixed = _family(model_id, FIXED_IMAGE_TOKENS)
    if fixed is not None:
        return fixed
    side = _family(model_id, TOKEN_PIXELS)
    if side is None and pixels is None:
        return TILED_IMAGE_TOKENS
    width, height = pixels if pixels is not None else FRAME_PIXELS
    return round(min(width * height, MAX_IMAGE_PIXELS) / (side or 28) ** 2)


def image_prompt_tokens(images: int, model_id: str | None, pixels: Sequence[int] | None = None) -> int:
    """A prompt of `images` pictures (of `pixels` when said) and a short instruction.

    >>> image_prompt_tokens(1, "gemma-3-4b"), image_prompt_tokens(2, None), image_prompt_tokens(3, "qwen2.5-vl-72b", [1500, 2000])
    (356, 2500, 11581)
    """
    return images * image_tokens(model_id, pixels) + IMAGE_INSTRUCTION_TOKENS


def shape(request_class: str | None, shapes: Iterable[RequestShape]) -> RequestShape | None:
    """The sourced shape of a class ("coding_agent", "rag", …, or "reasoning") among `shapes`, None for none or an
    unknown one.

    >>> rag = RequestShape(request_class="rag", prompt_tokens=4000, output_tokens=300, source_url="https://example.com")
    >>> shape("rag", [rag]).prompt_tokens, shape("chat", [rag]), shape(None, [rag])
    (4000, None, None)
    """
    return next((s for s in shapes if s.request_class == request_class), None) if request_class else None


def transcript_tokens(minutes: float) -> int:
    """The tokens of a transcript of `minutes` of talk (~200 a minute: `TOKENS_PER_SPOKEN_MINUTE`).

    >>> transcript_tokens(45), transcript_tokens(5)
    (9000, 1000)
    """
    return round(minutes * TOKENS_PER_SPOKEN_MINUTE)


def shape_source(request_class: str, shapes: Iterable[RequestShape]) -> str:
    """Where a class's figures come from (its row's source_url), "" for an unknown class."""
    found = shape(request_class, shapes)
    return found.source_url if found else ""


__all__ = ["FIXED_IMAGE_TOKENS", "FRAME_PIXELS", "IMAGE_INSTRUCTION_TOKENS", "MAX_IMAGE_PIXELS", "TOKEN_PIXELS", "IMAGE_TOKENS_SOURCE_URL", "REQUEST_CLASSES", "SPOKEN_RATE_SOURCE_URL",
           "TILED_IMAGE_TOKENS", "TOKENS_PER_SPOKEN_MINUTE", "RequestClass", "RequestShape", "StatedContext", "image_prompt_tokens",
           "image_tokens", "shape", "shape_source", "transcript_tokens"]
