"""The Slack adapter: Bolt app factory, listeners, Block Kit renderers, charts and the durable inbox.

A thin shell around `Engine.handle`: events become `Turn`s, replies become blocks. Nothing here
decides anything about hardware.
"""

from bot.slack.app import api_base_url, create_app
from bot.slack.blocks import recommendation_blocks, reply_blocks
from bot.slack.inbox import Inbox, MemoryInbox, SqliteInbox
from bot.slack.turns import Turn, TurnRunner

__all__ = [
    "Inbox",
    "MemoryInbox",
    "SqliteInbox",
    "Turn",
    "TurnRunner",
    "api_base_url",
    "create_app",
    "recommendation_blocks",
    "reply_blocks",
]
