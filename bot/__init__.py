"""Conversation: state, language understanding, LangGraph flow, SLM backends, renderers, adapters."""
