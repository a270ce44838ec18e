"""What the tests share: boards and rules (``engine_helpers``), random notations and the runs compared
on them (``notation_strategies``, ``run_comparison``), positions of random play (``random_play``),
random Betza pieces (``betza_pieces``), the example variants.ini imported once (``example_ini``), the
window driven as a user drives it (``gui_window``), and the oracles the games are checked against
(``*_oracle``, ``oracles``)."""
