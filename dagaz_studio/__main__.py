"""Allow ``python -m dagaz_studio``."""

from dagaz_studio.cli import main

raise SystemExit(main())
