"""The headless rules host (see README.md)."""
