"""The headless rules host: protocol, transports, storage (see README.md)."""
