"""Notifications to players who are not connected: what they say and the channels that carry them.

``server.notify.email`` (SMTP) and ``server.notify.webhook`` (HTTP POST) are imported where used.
"""

from server.notify.notice import KINDS, LANGUAGES, RESULTS, DeliveryError, Notice, render, to_json

__all__ = ["KINDS", "LANGUAGES", "RESULTS", "DeliveryError", "Notice", "render", "to_json"]
