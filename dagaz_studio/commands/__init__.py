"""The subcommands of ``dagaz-studio``: one module each, with ``add_parser`` and ``run``."""
