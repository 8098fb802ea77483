"""Calling a judge or a source: whether it keeps its contract (``contracts``), a deadline on
each call (``watchdog``), a plugin's backend watched (``watched``), what a backend prints kept
off standard output (``backend_output``), closing without losing work (``closing``), and the
stop signal of the work running now (``stopping``). For the plugins' registry
(``claimaudit.plugins``): what it holds of each backend (``registered``), one plugin's code run
(``plugin_load``) and a backend built by its factory (``building``).
"""
