"""The store file: built on first use, rebuilt when data changes, atomic, and queried through models."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from estimator.catalog import Catalog, Hardware
from knowledge import data_version, default_data_dir, open_store
from knowledge.errors import DataError
from knowledge.testing import shared_memory_store
from tests.support.knowledge_helpers import copy_data, replace_in_line


@pytest.fixture(scope="module")
def store():
    return shared_memory_store()  # read only: the process's one store over the shipped data


def test_open_store_builds_the_file_under_home(tmp_path):
    home = tmp_path / "home"
    store = open_store(home)
    assert (home / "knowledge.duckdb").is_file()
    assert store.data_version() == data_version(default_data_dir())
    assert store.applied_migrations()[0] == 1
    assert not [p for p in home.iterdir() if p.name.endswith(".tmp")]  # no temp files left behind


def test_unchanged_data_reuses_the_store_file(tmp_path):
    home = tmp_path / "home"
    open_store(home).close()
    before = (home / "knowledge.duckdb").stat()
    open_store(home).close()
    after = (home / "knowledge.duckdb").stat()
    assert (before.st_ino, before.st_mtime_ns) == (after.st_ino, after.st_mtime_ns)


def test_changed_data_rebuilds_the_store(tmp_path):
    home, data = tmp_path / "home", copy_data(tmp_path)
    first = open_store(home, data)
    assert first.get_hardware("nvidia-rtx-4090").price_usd == 1599
    replace_in_line(data / "hardware.csv", "nvidia-rtx-4090,", ",1599,", ",1799,")
    second = open_store(home, data)
    assert second.get_hardware("nvidia-rtx-4090").price_usd == 1799
    assert second.data_version() != first.data_version()
    assert first.get_hardware("nvidia-rtx-4090").price_usd == 1599  # an open store keeps its snapshot


def test_bad_data_loads_nothing_and_the_previous_store_stays_usable(tmp_path):
    home, data = tmp_path / "home", copy_data(tmp_path)
    previous = open_store(home, data)
    store_file = home / "knowledge.duckdb"
    before = store_file.read_bytes()
    # One good change and one bad row: neither may reach the store.
    replace_in_line(data / "hardware.csv", "nvidia-rtx-4090,", ",1599,", ",1799,")
    line = replace_in_line(data / "hardware.csv", "nvidia-l40s,", ",864,", ",lots,")
    with pytest.raises(DataError) as caught:
        open_store(home, data)
    assert caught.value.errors == [f"hardware.csv:{line}: memory_bandwidth_gbs: "
                                   "Input should be a valid number, unable to parse string as a number"]
    assert store_file.read_bytes() == before
    assert previous.get_hardware("nvidia-rtx-4090").price_usd == 1599
    assert open_store(home).get_hardware("nvidia-l40s").memory_bandwidth_gbs == 864


def _in_threads(worker, n: int = 4) -> list:
    """Run `worker` on `n` threads at once; its results in order, and any exception re-raised here."""
    with ThreadPoolExecutor(max_workers=n) as pool:
        return list(pool.map(lambda _: worker(), range(n)))


def test_concurrent_opens_all_get_a_complete_store(tmp_path):
    home = tmp_path / "home"
    results = _in_threads(lambda: len(open_store(home).hardware()))
    assert len(set(results)) == 1 and results[0] >= 60


def test_queries_return_models(store):
    gpus = store.hardware("gpu")
    assert gpus and all(isinstance(device, Hardware) and device.kind == "gpu" for device in gpus)
    assert store.get_hardware("apple-m4-max").memory_bandwidth_gbs == 546
    assert store.get_hardware("no-such-device") is None
    assert all(row.metric == "tg" and row.hardware_id == "apple-m2-ultra"
               for row in store.benchmarks(hardware_id="apple-m2-ultra", metric="tg"))
    assert len(store.benchmarks()) > len(store.benchmarks(metric="pp")) > 0


@pytest.mark.parametrize(
    ("text", "model_id"),
    [
        ("Llama 3 8B", "llama-3-8b"),
        ("llama3-8b", "llama-3-8b"),
        ("qwen2.5-14b", "qwen2.5-14b"),
        ("Qwen2.5-14B-Instruct", "qwen2.5-14b"),
        ("phi-3 mini", "phi-3-mini"),
        ("Phi3 Mini", "phi-3-mini"),
        ("LLaMA 2 7B", "llama-2-7b"),
        ("Llama 3.1 8B Instruct", "llama-3.1-8b"),
        ("Mixtral 8x7B", "mixtral-8x7b"),
        ("DeepSeek-R1-Distill-Qwen-7B", "deepseek-r1-distill-qwen-7b"),
        ("we fine-tuned Qwen3 4B for contracts", "qwen3-4b"),
        ("gemma 3 12b", "gemma-3-12b"),
        # Mistral Small 3.1 / 3.2 keep Small 3's text model (40 layers, 5120 hidden, 32 heads, 8 KV heads,
        # head_dim 128 in their config.json text_config), so their names size that row.
        ("Mistral Small 3.1", "mistral-small-3"),
        ("mistral-small-3.1-24b-instruct-2503", "mistral-small-3"),
        ("Mistral Small 3.2", "mistral-small-3"),
        ("Mistral-Small-3.2-24B-Instruct-2506", "mistral-small-3"),
        # vision-language models are their own rows (their vision encoders' weights and image tokens), never the
        # text model their names start with (outside review r15: "qwen2.5 not in the catalog")
        ("Qwen2.5-VL-7B-Instruct", "qwen2.5-vl-7b"),
        ("用 Qwen2.5-VL-32B 判讀損傷", "qwen2.5-vl-32b"),
        ("llama 3.2 11b vision", "llama-3.2-11b-vision"),
    ],
)
def test_find_model_is_case_and_separator_insensitive(store, text, model_id):
    found = store.find_model(text)
    assert found is not None and found.id == model_id


@pytest.mark.parametrize("text", ["", "a 7B model", "pixtral 12b", "qwen3 14"])
def test_find_model_does_not_guess(store, text):
    assert store.find_model(text) is None


def test_catalog_is_one_cached_immutable_value(store):
    catalog = store.catalog()
    assert isinstance(catalog, Catalog)
    assert store.catalog() is catalog
    assert catalog.hardware_by_id("nvidia-h100-sxm") is not None
    assert catalog.stack("vllm-cuda").continuous_batching == "yes"
    with pytest.raises(Exception):  # noqa: B017 - pydantic's frozen error type is an implementation detail
        catalog.hardware[0].memory_gb = 1.0  # type: ignore[misc]


def test_a_newer_schema_rebuilds_the_store(tmp_path, monkeypatch):
    import knowledge.store

    home = tmp_path / "home"
    open_store(home).close()
    before = (home / "knowledge.duckdb").stat().st_ino
    newer = knowledge.store.schema_version() + 1
    monkeypatch.setattr(knowledge.store, "schema_version", lambda: newer)  # as if one more migration had been added
    open_store(home).close()
    assert (home / "knowledge.duckdb").stat().st_ino != before


def test_one_store_can_be_shared_by_threads(store):
    def worker() -> list[str | None]:
        return [found.id if (found := store.find_model("Llama 3 8B")) else None for _ in range(20)]

    answers = [answer for batch in _in_threads(worker) for answer in batch]
    assert answers == ["llama-3-8b"] * 80


def test_two_processes_building_at_once_both_get_the_full_store(tmp_path):
    # Two chat processes starting together on a fresh home: both build, the renames race, and each
    # must still open a complete store (never a half-written file).
    home = tmp_path / "home"
    script = (
        "import sys; from pathlib import Path; from knowledge import open_store; "
        "print(len(open_store(Path(sys.argv[1])).hardware()))"
    )
    procs = [subprocess.Popen([sys.executable, "-c", script, str(home)], stdout=subprocess.PIPE, text=True)
             for _ in range(2)]
    outputs = [proc.communicate(timeout=120)[0].strip() for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0]
    assert outputs[0] == outputs[1] and int(outputs[0]) >= 60
    assert [p.name for p in home.iterdir()] == ["knowledge.duckdb"]


def test_a_rebuild_removes_temp_files_of_dead_builds_only(tmp_path):
    home, data = tmp_path / "home", copy_data(tmp_path)
    home.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(dead.stdout)  # that process has exited
    stale = home / f".knowledge.duckdb.{dead_pid}.0badf00d.tmp"
    live = home / f".knowledge.duckdb.{os.getpid()}.0badf00d.tmp"  # a build still running in this process
    stale.write_bytes(b"\0" * 64)
    live.write_bytes(b"\0" * 64)
    open_store(home, data).close()
    assert not stale.exists()
    assert live.exists()


@pytest.mark.parametrize(("text", "repo"), [
    ("deepseek r1 for 50 people", "deepseek-ai/DeepSeek-R1"),
    ("DeepSeek-R1-0528 on H200", "deepseek-ai/DeepSeek-R1-0528"),  # the longer name said wins over "deepseek-r1"
    ("deepseek v3.1 terminus", "deepseek-ai/DeepSeek-V3.1-Terminus"),
    ("ds v3 please", "deepseek-ai/DeepSeek-V3"),
])
def test_the_checkpoint_named_is_the_variants_own(text, repo, store):
    model = store.find_model(text)
    assert model is not None and model.id == "deepseek-v3"
    assert store.checkpoint_named(text, model) == repo
