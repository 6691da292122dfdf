"""The headless host: games served over stdio and WebSocket, persisted in SQLite."""
