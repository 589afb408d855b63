"""Five ways leads describe their serving, through the real engine in three languages (worked by hand first):

- a shared prompt prefix ("the first 4k are the same instructions", "前面 4000 是固定的", "大部分是同一個 repo"): that
  many tokens (or, said as "most", half the prompt: more than half is shared, half surely is) served from the prefix
  cache, credited to prefill only;
- people doing something at once, said with a verb ("7 个编辑同时在改稿"): that many concurrent streams;
- lengths in thousands with no token unit ("4k prompts", "3k 的输入"): tokens;
- the engine named ("we run llama.cpp server", "用 vLLM"): the engine sized and piloted where it runs;
- servers of several cards ("three servers with 4x L40S each", "两台 8 卡 L20"): servers × cards, counted once."""

from __future__ import annotations

from tests.support.engine_fixtures import talk


def test_a_shared_instruction_prefix_is_credited_to_prefill_in_english(engine):
    reply = talk(engine, "support bot on a 14b, prompts ~5k tokens and the first 4k are the same instructions for everyone, "
                         "30 at once", "just recommend")[-1]
    assert reply.slots["prompt_tokens"] == 5000 and reply.slots["shared_prefix_tokens"] == 4000
    assert "4,000 tokens of each prompt shared" in reply.text.split("\n")[0]
    assert reply.recommendation is not None
    assert "Prefix cache: 4,000 of each prompt's 5,000 tokens" in reply.text


def test_a_fixed_system_prompt_is_a_shared_prefix_in_simplified_chinese(engine):
    reply = talk(engine, "客服助手 14B，每次 prompt 5000 token，前面 4000 是固定的 system prompt，并发 30")[-1]
    assert reply.slots["prompt_tokens"] == 5000 and reply.slots["shared_prefix_tokens"] == 4000
    assert reply.slots["concurrent_users"] == 30


def test_most_of_the_same_repo_is_half_the_prompt_shared_in_traditional_chinese(engine):
    reply = talk(engine, "程式碼助理 32B，上下文大概 2 萬 token，大部分是同一個 repo，同時 10 人")[-1]
    assert reply.slots["shared_prefix_share"] == 0.5
    assert reply.slots["concurrent_users"] == 10
    assert "50%" in reply.text.split("\n")[0]


def test_prefix_caching_said_on_is_read_but_credits_no_share_unsaid(engine):
    reply = talk(engine, "prefix caching is on, 70b, 8k prompts, 20 concurrent")[-1]
    assert reply.slots["prefix_caching"] is True and reply.slots["prompt_tokens"] == 8000
    assert "shared_prefix_tokens" not in reply.slots and "shared_prefix_share" not in reply.slots


def test_people_doing_it_at_once_are_concurrent_streams_in_three_languages(engine):
    assert talk(engine, "four editors working in it at the same time, 14b", thread="en")[-1].slots["concurrent_users"] == 4
    hans = talk(engine, "7 个编辑同时在改稿，14B", thread="hans")[-1].slots
    assert hans["concurrent_users"] == 7 and "total_users" not in hans
    assert talk(engine, "同時大概有 12 個在跑，7B", thread="hant")[-1].slots["concurrent_users"] == 12


def test_lengths_in_thousands_without_a_unit_are_tokens_in_three_languages(engine):
    en = talk(engine, "4k prompts, replies around 600, 8b", thread="en")[-1].slots
    assert (en["prompt_tokens"], en["output_tokens"]) == (4000, 600)
    hans = talk(engine, "3k 的输入，输出 1k 左右，7B", thread="hans")[-1].slots
    assert (hans["prompt_tokens"], hans["output_tokens"]) == (3000, 1000)
    hant = talk(engine, "輸入大約 5k，回答 800 左右，14B", thread="hant")[-1].slots
    assert (hant["prompt_tokens"], hant["output_tokens"]) == (5000, 800)


def test_a_count_of_prompts_a_day_stays_a_load_not_a_length(engine):
    slots = talk(engine, "we get 8k prompts a day on a 7b")[-1].slots
    assert "prompt_tokens" not in slots


def test_the_engine_named_is_the_one_sized_in_english(engine):
    # 20 users at once on a GPU would be served by a batching engine; the lead runs llama.cpp, so it is what is sized
    reply = talk(engine, "we run llama.cpp server, 14b, 20 concurrent", "just recommend")[-1]
    assert reply.slots["serving_engine"] == "llama.cpp"
    assert reply.recommendation is not None
    assert "llama.cpp" in reply.recommendation.primary.serving_stack


def test_the_engine_named_picks_a_device_it_runs_on_in_simplified_chinese(engine):
    # one person alone would get a llama.cpp box; vLLM named, the device is one vLLM runs on, with vLLM
    reply = talk(engine, "用 vLLM 跑 14B，就我自己用", "直接推荐")[-1]
    assert reply.slots["serving_engine"] == "vllm"
    assert reply.recommendation is not None
    assert reply.recommendation.primary.serving_stack.startswith("vLLM")


def test_an_engine_without_its_own_stack_is_sized_as_the_nearest_in_traditional_chinese(engine):
    reply = talk(engine, "我們用 SGLang，32B，同時 40 人", "直接推薦")[-1]
    assert reply.slots["serving_engine"] == "sglang"
    assert reply.recommendation is not None
    # SGLang has no catalog stack: sized as vLLM where vLLM runs, and said so; its command is the pilot's first
    assert "SGLang 按" in reply.text
    commands = reply.recommendation.pilot_commands
    assert not commands or commands[0].engine == "sglang"


def test_servers_of_cards_are_counted_once_in_three_languages(engine):
    en = talk(engine, "would three servers with 4x L40S each carry a 70b for 60 users at once?", thread="en")[-1].slots
    assert en["named_devices"] == [{"hardware_id": "nvidia-l40s", "count": 12}]
    hans = talk(engine, "两台 8 卡 L20 服务器够不够？跑 70B", thread="hans")[-1].slots
    assert hans["named_devices"] == [{"hardware_id": "nvidia-l20", "count": 16}]
    hant = talk(engine, "我們有兩台四卡 A100 伺服器，想跑 70B", thread="hant")[-1].slots
    assert [(d["hardware_id"], d["count"]) for d in hant["owned_devices"]] == [("nvidia-a100-40gb-pcie", 8)]
