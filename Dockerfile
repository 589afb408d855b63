# syntax=docker/dockerfile:1
# Siliconsult's Slack app as a container. The default image needs no compiler: the core with the
# Slack, PostgreSQL and MCP extras, answering from templates (`--llm none`) or through a model server
# you run elsewhere (SILICONSULT_LLM=http://…/v1, OpenAI-compatible). Environment: docs/deploy.md.
#
#   docker build -t siliconsult .
#   docker run --rm -e SLACK_BOT_TOKEN -e SLACK_APP_TOKEN -v siliconsult:/var/lib/siliconsult siliconsult
#
# The bundled local model compiles llama.cpp: build with `--build-arg EXTRAS=slack,postgres,mcp,llm
# --build-arg BUILD_DEPS="build-essential cmake"` (portable build, GGML_NATIVE off, as scripts/setup.sh).
# PDF reports need WeasyPrint, Pango and, for Chinese memos, a CJK font: add `pdf` to EXTRAS and
# RUNTIME_DEPS="libpango-1.0-0 libpangoft2-1.0-0 fonts-noto-cjk".
FROM python:3.11-slim

ARG EXTRAS=slack,postgres,mcp
ARG BUILD_DEPS=""
ARG RUNTIME_DEPS=""
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    CMAKE_ARGS="-DGGML_NATIVE=OFF" \
    SILICONSULT_HOME=/var/lib/siliconsult \
    SILICONSULT_LLM=none

RUN if [ -n "$BUILD_DEPS$RUNTIME_DEPS" ]; then \
      apt-get update && apt-get install -y --no-install-recommends $BUILD_DEPS $RUNTIME_DEPS && \
      rm -rf /var/lib/apt/lists/*; \
    fi

WORKDIR /opt/siliconsult
COPY pyproject.toml README.md LICENSE ./
COPY bot ./bot
COPY estimator ./estimator
COPY knowledge ./knowledge
COPY evals ./evals
# Wheels only for the default extras: a dependency that would need compiling fails the build here
# instead of pulling in a compiler (the `llm` extra is the one that compiles, by design).
RUN if echo ",$EXTRAS," | grep -q ",llm,"; then \
      pip install ".[$EXTRAS]"; \
    else \
      pip install --only-binary=:all: --no-binary=siliconsult ".[$EXTRAS]"; \
    fi && \
    if [ -n "$BUILD_DEPS" ]; then apt-get purge -y --auto-remove $BUILD_DEPS; fi

RUN useradd --system --home-dir /var/lib/siliconsult --create-home siliconsult
USER siliconsult
VOLUME ["/var/lib/siliconsult"]
EXPOSE 3000
ENTRYPOINT ["siliconsult"]
# Socket Mode by default (no inbound port); for the HTTP Events API:
#   CMD ["slack", "--http", "--host", "0.0.0.0", "--port", "3000"]
CMD ["slack", "--socket"]
