"""Backend for an OpenAI-compatible chat server (llama-cpp-python's or llama.cpp's server, vLLM, Ollama).

This is how a larger organization serves one model to many bot replicas. Calls go to
`POST {base}/v1/chat/completions` with httpx, greedy decoding, and a per-call timeout. The servers
disagree on how a JSON schema is passed:

- OpenAI, vLLM, Ollama and llama.cpp's own server take
  `response_format={"type": "json_schema", "json_schema": {"name", "schema", "strict"}}`;
- llama-cpp-python's server (`python -m llama_cpp.server`) only accepts
  `response_format={"type": "json_object", "schema": …}` and answers 422 to the OpenAI form.

So the OpenAI form goes first and, when it is refused (400/422, or llama-cpp-python's 500 naming
`response_format`), the llama-cpp-python form; the style that worked
is remembered. (The OpenAI form first on purpose: vLLM would accept `json_object` and silently
ignore the schema.) The server runs its own queue, so no client-side lock is needed.
"""

from __future__ import annotations

from typing import TypedDict

import httpx

from bot.errors import ConfigError, LLMError
from bot.llm.base import JSONSchema, LLMTimeout, Message
from bot.llm.llamacpp import TEXT_STOP

_SCHEMA_STYLES = ("openai", "llama-cpp-python")


class ChatRequest(TypedDict, total=False):
    """The body of `POST /v1/chat/completions` as this client sends it."""

    model: str
    messages: list[Message]
    temperature: float
    max_tokens: int
    stream: bool
    stop: list[str]
    response_format: dict[str, object]  # `_response_format`: OpenAI's or llama-cpp-python's spelling


def _response_format(style: str, json_schema: JSONSchema) -> dict[str, object]:
    if style == "openai":
        return {"type": "json_schema", "json_schema": {"name": "answer", "schema": json_schema, "strict": True}}
    return {"type": "json_object", "schema": json_schema}


def normalize_base_url(url: str) -> str:
    """`http://host:8000`, `…/`, `…/v1` and `…/v1/` all mean the server root `http://host:8000`."""
    base = url.rstrip("/")
    return base[: -len("/v1")] if base.endswith("/v1") else base


def _refused_schema_style(response: httpx.Response) -> bool:
    # llama-cpp-python's server answers its own request-validation error with a 500, not a 422.
    return response.status_code in (400, 422) or (response.status_code == 500 and "response_format" in response.text)


class OpenAICompatibleModel:
    """A model behind an OpenAI-compatible HTTP API. `transport` lets tests inject httpx.MockTransport."""

    def __init__(
        self,
        url: str,
        *,
        model: str | None = None,
        timeout_s: float | None = 20.0,
        api_key: str | None = None,
        transport: httpx.BaseTransport | None = None,
        probe: bool = True,
    ) -> None:
        self.base_url = normalize_base_url(url)
        self.timeout_s = timeout_s
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.Client(base_url=self.base_url, headers=headers, transport=transport, timeout=timeout_s)
        self._schema_style: str | None = None
        self.model = model or (self._first_model_id() if probe else "default")
        # Servers often report the model file's path as its id; the file name is enough to tell models apart.
        self.name = f"{self.model.replace(chr(92), '/').rsplit('/', 1)[-1]}@{self.base_url}"

    def _first_model_id(self) -> str:
        """Ask the server which model it serves; a server that cannot be reached is a config error."""
        try:
            response = self._client.get("/v1/models", timeout=min(self.timeout_s or 10.0, 10.0))
            response.raise_for_status()
            models = response.json().get("data") or []
        except (httpx.HTTPError, ValueError) as exc:
            raise ConfigError(
                f"Cannot reach an OpenAI-compatible server at {self.base_url} ({exc}); "
                "check the --llm URL or use --llm none."
            ) from exc
        return str(models[0]["id"]) if models else "default"

    def _post(self, body: ChatRequest, timeout: float | None) -> httpx.Response:
        try:
            return self._client.post("/v1/chat/completions", json=body, timeout=timeout)
        except httpx.TimeoutException as exc:
            raise LLMTimeout(f"{self.name}: no answer within {timeout:g} s") from exc
        except httpx.HTTPError as exc:
            raise LLMError(f"{self.name}: request failed ({exc})") from exc

    def complete(
        self,
        messages: list[Message],
        *,
        json_schema: JSONSchema | None = None,
        max_tokens: int = 256,
        timeout_s: float | None = None,
    ) -> str:
        timeout = self.timeout_s if timeout_s is None else timeout_s
        body: ChatRequest = {"model": self.model, "messages": messages, "temperature": 0.0,
                             "max_tokens": max_tokens, "stream": False}
        if json_schema is None:
            body["stop"] = list(TEXT_STOP)
        styles: tuple[str | None, ...] = (None,)
        if json_schema is not None:
            styles = (self._schema_style,) if self._schema_style else _SCHEMA_STYLES
        response, style = None, None
        for style in styles:
            if style is not None and json_schema is not None:
                body["response_format"] = _response_format(style, json_schema)
            response = self._post(body, timeout)
            if style is None or not _refused_schema_style(response):
                break
        assert response is not None
        if response.status_code != 200:
            raise LLMError(f"{self.name}: HTTP {response.status_code}: {response.text[:200]}")
        self._schema_style = style or self._schema_style
        try:
            content = response.json()["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise LLMError(f"{self.name}: unexpected response shape ({exc})") from exc
        return content or ""

    def close(self) -> None:
        self._client.close()


__all__ = ["OpenAICompatibleModel", "normalize_base_url"]
