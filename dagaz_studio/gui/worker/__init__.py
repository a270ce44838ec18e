"""The interpreter off the GUI thread: one worker thread per asker, latest question wins."""
