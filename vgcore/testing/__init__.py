"""Testing helpers: scenario files, a Python scenario builder and vgcore's pytest plugin."""
