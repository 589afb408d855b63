"""No blank screen: `siliconsult chat` says what it is doing while the local model loads."""

from __future__ import annotations

from bot.cli.chat import _model_label, _starting


def test_loading_the_bundled_model_is_announced_on_stderr(capsys):
    with _starting("bundled"):
        pass
    out, err = capsys.readouterr()
    assert out == ""  # stdout keeps only the replies (--json stays parseable)
    assert "loading the local model (SmolLM2-135M-Instruct)" in err


def test_no_model_no_loading_line(capsys):
    with _starting("none"):
        pass
    assert capsys.readouterr() == ("", "")


def test_a_model_file_is_named_by_its_spec():
    assert _model_label("/models/qwen.gguf") == "/models/qwen.gguf"
