"""Talking to services: keys and base URLs from the environment (``envsettings``), the
proxy for a request (``proxies``), credentials kept out of every message and log line
(``redaction``, ``logredaction``), a catalogue's outage remembered (``outage``), and which paper
URLs are kept (``weburl``).
"""
