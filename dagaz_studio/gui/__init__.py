"""The Dagaz Studio window. The only package that imports Qt."""

from dagaz_studio.gui._none_guard import guard_none

guard_none()
