"""What the tests share: boards and rules (``engine_helpers``), the window driven as a user drives it
(``gui_window``), and the oracles the games are checked against (``*_oracle``, ``oracles``)."""
