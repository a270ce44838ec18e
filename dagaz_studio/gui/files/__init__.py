"""The open board file and its position (the document), and the File menu's actions on it."""
