"""The main window's own parts beside it: its docks and their layout, its menus, the recovery of
unsaved edits, and the question about edits not applied when the board goes."""
